// Fleaflicker draft boards and team picks -> a draft and the picks not used yet. Pure: no I/O.
// Shapes from the recordings and ffscrapr's flea_draft.R / flea_draftpicks.R.
import type {
  DraftPickRecord,
  DraftRecord,
  DraftStatus,
  FuturePickRecord,
} from '../../domain/league-data.ts';
import type { FleaDraftPick, FleaDraftSelection } from './activity-schemas.ts';

/**
 * The season's draft from its board, in pick order; none for an empty board. Fleaflicker's
 * board names no draft type, start time, keepers or prices, so those are left out; the status
 * is read off the board: no pick made yet, some, or all.
 */
export function mapDraft(
  leagueKey: string,
  selections: readonly FleaDraftSelection[],
  knownTeams: ReadonlySet<string>,
): DraftRecord | undefined {
  if (selections.length === 0) return undefined;
  const picks = selections
    .flatMap((selection): DraftPickRecord[] => {
      const rosterId = selection.team ? String(selection.team.id) : undefined;
      if (rosterId === undefined || !knownTeams.has(rosterId)) return [];
      const playerId = selection.player?.proPlayer.id;
      return [
        {
          overall: selection.slot.overall,
          round: selection.slot.round,
          pickInRound: selection.slot.slot,
          rosterId,
          ...(playerId !== undefined ? { playerId: String(playerId) } : {}),
        },
      ];
    })
    .sort((a, b) => a.overall - b.overall);
  const made = selections.filter((s) => s.player !== undefined).length;
  const status: DraftStatus =
    made === 0 ? 'scheduled' : made === selections.length ? 'complete' : 'in_progress';
  const rounds = Math.max(...selections.map((s) => s.slot.round));
  // One draft a season: the league's key names it.
  return { draftId: leagueKey, status, rounds, picks };
}

/**
 * The picks each team holds of drafts not held yet, from every team's FetchTeamPicks: a team
 * lists its own picks (also those it traded away, marked `lost`, with the holder in `ownedBy`)
 * and those it obtained (with their `originalOwner`). Kept: later seasons' picks, and this
 * season's while its draft has not begun. One record per (season, round, original team).
 */
export function mapFuturePicks(
  picksByTeam: ReadonlyMap<string, readonly FleaDraftPick[]>,
  season: number,
  draftBegun: boolean,
  knownTeams: ReadonlySet<string>,
): FuturePickRecord[] {
  const found = new Map<string, FuturePickRecord>();
  for (const [team, picks] of picksByTeam) {
    for (const pick of picks) {
      if (pick.season < season || (pick.season === season && draftBegun)) continue;
      const originalRosterId = pick.originalOwner ? String(pick.originalOwner.id) : team;
      const ownerRosterId = pick.ownedBy ? String(pick.ownedBy.id) : team;
      // A pick the team no longer holds whose holder is not named says nothing of who has it.
      if (pick.lost && !pick.ownedBy) continue;
      if (!knownTeams.has(originalRosterId) || !knownTeams.has(ownerRosterId)) continue;
      const key = `${pick.season}/${pick.slot.round}/${originalRosterId}`;
      // The holder's own list (not `lost`) is the word on who holds it.
      if (found.has(key) && pick.lost) continue;
      found.set(key, {
        season: pick.season,
        round: pick.slot.round,
        originalRosterId,
        ownerRosterId,
      });
    }
  }
  return [...found.values()].sort(
    (a, b) =>
      a.season - b.season ||
      a.round - b.round ||
      a.originalRosterId.localeCompare(b.originalRosterId, 'en', { numeric: true }),
  );
}
