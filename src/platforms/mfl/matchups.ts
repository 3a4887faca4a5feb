// TYPE=schedule -> matchups by week, and the week the league is in. Pure: no I/O.
import type { MatchupRecord, MatchupSide, MatchupStatus } from '../../domain/league-data.ts';
import { asList } from './schemas.ts';
import type { MflScheduleSide, MflWeek } from './league-data-schemas.ts';
import { mflNumber } from './team-details.ts';

/**
 * Every game of the schedule, weeks in order, games in MFL's order within the week (numbered
 * "1", "2"... as MFL gives no id). MFL lists a franchise against itself in weeks it plays no one
 * (both sides the same id and score, result T): that is one side alone, with no winner.
 * `lastRegularSeasonWeek` makes the weeks up to it regular; later ones are left without a kind,
 * because the schedule does not say which games are playoffs and which consolation.
 */
export function mapMatchups(
  weeks: readonly MflWeek[],
  lastRegularSeasonWeek: number | undefined,
): MatchupRecord[] {
  const matchups: MatchupRecord[] = [];
  for (const week of [...weeks].sort((a, b) => Number(a.week) - Number(b.week))) {
    const period = Number(week.week);
    if (!Number.isInteger(period) || period < 1) continue;
    asList(week.matchup).forEach((game, index) => {
      const matchup = mapMatchup(asList(game.franchise), period, String(index + 1));
      if (matchup === undefined) return;
      const regular = lastRegularSeasonWeek !== undefined && period <= lastRegularSeasonWeek;
      matchups.push(regular ? { ...matchup, kind: 'regular' } : matchup);
    });
  }
  return matchups;
}

function mapMatchup(
  franchises: readonly MflScheduleSide[],
  period: number,
  matchupId: string,
): MatchupRecord | undefined {
  // Home first where MFL says which side is home (isHome "1").
  const ordered = [...franchises].sort((a, b) => homeFirst(a) - homeFirst(b));
  const seen = new Set<string>();
  const sides: MatchupSide[] = [];
  for (const side of ordered) {
    if (seen.has(side.id)) continue;
    seen.add(side.id);
    const score = mflNumber(side.score);
    sides.push({ rosterId: side.id, ...(score === undefined ? {} : { score }) });
  }
  if (sides.length === 0) return undefined;
  const status = matchupStatus(franchises);
  // MFL's result names the winner; a tie (T) and a franchise alone name none.
  const winner = sides.length > 1 ? franchises.find((side) => isResult(side, 'W')) : undefined;
  return {
    period,
    matchupId,
    sides,
    status,
    ...(winner ? { winnerRosterId: winner.id } : {}),
  };
}

/** Final once MFL gives every side a result; scored without one, under way; else upcoming. */
function matchupStatus(franchises: readonly MflScheduleSide[]): MatchupStatus {
  if (franchises.every((side) => side.result?.trim())) return 'final';
  if (franchises.some((side) => mflNumber(side.score) !== undefined)) return 'in_progress';
  return 'upcoming';
}

function homeFirst(side: MflScheduleSide): number {
  return side.isHome?.trim() === '1' ? 0 : 1;
}

function isResult(side: MflScheduleSide, result: string): boolean {
  return side.result?.trim().toUpperCase() === result;
}

/**
 * The week the league is in: the first week with games not all final once some are final, the
 * last week with games once all are. Before any game is final MFL's schedule does not say (the
 * season may not have begun), and the period is left out.
 */
export function currentPeriod(matchups: readonly MatchupRecord[]): number | undefined {
  if (!matchups.some((matchup) => matchup.status === 'final')) return undefined;
  const open = matchups.filter((matchup) => matchup.status !== 'final');
  if (open.length > 0) return Math.min(...open.map((matchup) => matchup.period));
  return Math.max(...matchups.map((matchup) => matchup.period));
}
