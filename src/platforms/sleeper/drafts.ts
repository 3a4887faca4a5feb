// Sleeper's drafts, their picks and traded picks -> domain records. Pure: no I/O.
// https://docs.sleeper.com/#get-all-drafts-for-a-league, #get-all-picks-in-a-draft,
// #get-all-traded-picks-in-a-league; auction prices (pick metadata.amount) as ffscrapr's
// sleeper_draft.R reads them.
import type {
  DraftPickRecord,
  DraftRecord,
  DraftStatus,
  DraftType,
  FuturePickRecord,
} from '../../domain/league-data.ts';
import type { SleeperPickMove } from './activity-schemas.ts';
import type { SleeperDraft, SleeperDraftPick } from './schemas.ts';

const DRAFT_TYPES: Readonly<Record<string, DraftType>> = {
  snake: 'snake',
  linear: 'linear',
  auction: 'auction',
};

const DRAFT_STATUSES: Readonly<Record<string, DraftStatus>> = {
  pre_draft: 'scheduled',
  drafting: 'in_progress',
  paused: 'in_progress',
  complete: 'complete',
};

/** A draft with its picks in draft order; picks naming no roster are left out. */
export function mapDraft(draft: SleeperDraft, picks: readonly SleeperDraftPick[]): DraftRecord {
  const type = draft.type ? DRAFT_TYPES[draft.type] : undefined;
  const status = draft.status ? DRAFT_STATUSES[draft.status] : undefined;
  const rounds = positiveInteger(draft.settings?.rounds);
  const teams = positiveInteger(draft.settings?.teams);
  // start_time of a draft not held yet is when it is scheduled, not when it started.
  const started =
    status !== undefined && status !== 'scheduled' && typeof draft.start_time === 'number'
      ? new Date(draft.start_time).toISOString()
      : undefined;
  const ordered = [...picks].sort((a, b) => a.pick_no - b.pick_no);
  return {
    draftId: draft.draft_id,
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    ...(started ? { startedAt: started } : {}),
    ...(rounds ? { rounds } : {}),
    picks: ordered.flatMap((pick) => {
      const record = mapDraftPick(pick, ordered, teams, type === 'auction');
      return record ? [record] : [];
    }),
  };
}

function mapDraftPick(
  pick: SleeperDraftPick,
  all: readonly SleeperDraftPick[],
  teams: number | undefined,
  auction: boolean,
): DraftPickRecord | undefined {
  if (pick.roster_id === null || pick.roster_id === undefined) return undefined;
  // pick_no counts across the draft; with `teams` per round the position within it follows.
  // Without it, the pick's place among the round's picks.
  const pickInRound =
    teams !== undefined && pick.pick_no > (pick.round - 1) * teams
      ? pick.pick_no - (pick.round - 1) * teams
      : all.filter((other) => other.round === pick.round && other.pick_no <= pick.pick_no).length;
  const price = auction ? Number(pick.metadata?.amount ?? Number.NaN) : Number.NaN;
  return {
    overall: pick.pick_no,
    round: pick.round,
    pickInRound,
    rosterId: String(pick.roster_id),
    ...(pick.player_id.trim() ? { playerId: pick.player_id } : {}),
    ...(typeof pick.is_keeper === 'boolean' ? { keeper: pick.is_keeper } : {}),
    ...(Number.isFinite(price) && price >= 0 ? { price } : {}),
  };
}

/**
 * Picks of drafts not held yet that changed hands. Sleeper lists only traded picks (a team's own
 * untraded picks are implied, not listed, so none is made up here), and keeps listing a season's
 * once its draft is done: those are dropped.
 */
export function mapFuturePicks(
  traded: readonly SleeperPickMove[],
  leagueSeason: number,
  drafts: readonly SleeperDraft[],
): FuturePickRecord[] {
  const heldThisSeason = drafts.some(
    (draft) => Number(draft.season) === leagueSeason && draft.status === 'complete',
  );
  return traded
    .filter((pick) => {
      const season = Number(pick.season);
      return season > leagueSeason || (season === leagueSeason && !heldThisSeason);
    })
    .map((pick) => ({
      season: Number(pick.season),
      round: pick.round,
      originalRosterId: String(pick.roster_id),
      ownerRosterId: String(pick.owner_id),
    }))
    .sort(
      (a, b) =>
        a.season - b.season ||
        a.round - b.round ||
        Number(a.originalRosterId) - Number(b.originalRosterId),
    );
}

function positiveInteger(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}
