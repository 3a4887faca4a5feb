// Fantrax's draft board (getDraftResults) and pick holdings (getDraftPicks) -> the season's draft
// and the picks of future drafts. Pure: no I/O.
import type {
  DraftPickRecord,
  DraftRecord,
  DraftStatus,
  DraftType,
  FuturePickRecord,
} from '../../domain/league-data.ts';
import { compareText } from '../../domain/order.ts';
import { PlatformError } from '../connector.ts';
import type {
  FantraxDraftPicks,
  FantraxDraftResults,
  FantraxDraftSlot,
} from './activity-schemas.ts';

/**
 * The season's draft, its slots in pick order (a slot not used yet has no player); none for an
 * empty board. Fantrax names no keepers or auction prices in the official API, so those are left
 * out; nor does a slot say whom it first belonged to (a traded pick shows its holder only).
 */
export function mapDraft(
  leagueKey: string,
  results: FantraxDraftResults,
  leagueDraftType: string | undefined,
  knownTeams: ReadonlySet<string>,
): DraftRecord | undefined {
  const slots = results.draftPicks ?? [];
  if (slots.length === 0) return undefined;
  const overall = new Set<number>();
  for (const slot of slots) {
    if (overall.has(slot.pick)) {
      const message = `getDraftResults of league ${leagueKey} lists pick ${slot.pick} twice`;
      throw new PlatformError('fantrax', message, 'invalid_response');
    }
    overall.add(slot.pick);
  }
  const picks = slots
    .filter((slot) => knownTeams.has(slot.teamId))
    .map((slot): DraftPickRecord => ({
      overall: slot.pick,
      round: slot.round,
      pickInRound: slot.pickInRound,
      rosterId: slot.teamId,
      ...(made(slot) ? { playerId: slot.playerId.trim() } : {}),
    }))
    .sort((a, b) => a.overall - b.overall);
  const type = draftType(results.draftType ?? leagueDraftType);
  const startedAt = fantraxInstant(results.startDate ?? results.draftDate);
  return {
    // One draft a season, and each season's league has its own id: the league's key names it.
    draftId: leagueKey,
    ...(type ? { type } : {}),
    status: draftStatus(results),
    ...(startedAt ? { startedAt } : {}),
    rounds: Math.max(...slots.map((s) => s.round)),
    picks,
  };
}

/** A slot whose pick is made: it names a player. */
function made(slot: FantraxDraftSlot): slot is FantraxDraftSlot & { playerId: string } {
  return slot.playerId !== undefined && slot.playerId.trim() !== '';
}

/**
 * "completed" is the one draftState seen from Fantrax; otherwise the board tells: no pick made
 * yet, some, or all.
 */
export function draftStatus(results: FantraxDraftResults): DraftStatus {
  if (/^complete/i.test(results.draftState?.trim() ?? '')) return 'complete';
  const slots = results.draftPicks ?? [];
  const count = slots.filter(made).length;
  return count === 0 ? 'scheduled' : count === slots.length ? 'complete' : 'in_progress';
}

/** Fantrax's draft type words, in any case; one it has that the domain lacks is left out. */
export function draftType(value: string | undefined): DraftType | undefined {
  const word = value?.trim().toLowerCase();
  switch (word) {
    case 'snake':
    case 'linear':
    case 'auction':
    case 'offline':
      return word;
    default:
      return undefined;
  }
}

/**
 * An instant as Fantrax writes it (`2026-09-30T19:29:59.0-0400`, an offset without a colon), or as
 * epoch milliseconds, in ISO 8601 UTC; undefined for anything else.
 */
export function fantraxInstant(value: string | number | undefined): string | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) && value > 0 ? new Date(value).toISOString() : undefined;
  }
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/.exec(
    value?.trim() ?? '',
  );
  if (!match) return undefined;
  const [, date, time, fraction = '', zone = 'Z'] = match;
  const offset = zone === 'Z' ? zone : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = Date.parse(`${date}T${time}${fraction.slice(0, 4)}${offset}`);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/**
 * The picks of future seasons' drafts from getDraftPicks' `futureDraftPicks`, each with its first
 * owner and its holder: one record per (season, round, first owner), in that order. The coming
 * draft's `currentDraftPicks` name only their holder, so they are not future picks here (they are
 * the draft board's slots not used yet).
 */
export function mapFuturePicks(
  picks: FantraxDraftPicks,
  knownTeams: ReadonlySet<string>,
): FuturePickRecord[] {
  const found = new Map<string, FuturePickRecord>();
  for (const pick of picks.futureDraftPicks ?? []) {
    if (!knownTeams.has(pick.originalOwnerTeamId) || !knownTeams.has(pick.currentOwnerTeamId)) {
      continue;
    }
    const key = `${pick.year}/${pick.round}/${pick.originalOwnerTeamId}`;
    if (found.has(key)) continue;
    found.set(key, {
      season: pick.year,
      round: pick.round,
      originalRosterId: pick.originalOwnerTeamId,
      ownerRosterId: pick.currentOwnerTeamId,
    });
  }
  return [...found.values()].sort(
    (a, b) =>
      a.season - b.season ||
      a.round - b.round ||
      compareText(a.originalRosterId, b.originalRosterId),
  );
}
