// Fleaflicker scoreboards -> matchups, one per game of a scoring period. Pure: no I/O.
import type { MatchupRecord, MatchupSide, MatchupStatus } from '../../domain/league-data.ts';
import type { FleaGame, FleaScoreboard } from './activity-schemas.ts';

/**
 * The periods of the season to read: every one of the schedule up to the league's current one
 * (the whole schedule once the season is over), in order; none of a season under way whose
 * current period Fleaflicker does not name (not begun).
 */
export function periodsToRead(first: FleaScoreboard, seasonOver: boolean): number[] {
  const current = first.schedulePeriod?.ordinal;
  const periods = (first.eligibleSchedulePeriods ?? []).map((p) => p.ordinal);
  if (!seasonOver && current === undefined) return [];
  return [...new Set(periods)]
    .filter((p) => seasonOver || (current !== undefined && p <= current))
    .sort((a, b) => a - b);
}

/** The league's current period: the one Fleaflicker answers by default, else the last read. */
export function currentPeriodOf(
  first: FleaScoreboard,
  periods: readonly number[],
  seasonOver: boolean,
): number | undefined {
  if (seasonOver && periods.length > 0) return periods[periods.length - 1];
  return first.schedulePeriod?.ordinal ?? periods[periods.length - 1];
}

/**
 * Every game of the scoreboards read, by period then in Fleaflicker's order. A game naming a
 * team the league does not list is left out (the store keeps only the league's teams).
 */
export function mapMatchups(
  scoreboards: ReadonlyArray<{ period: number; board: FleaScoreboard }>,
  knownTeams: ReadonlySet<string>,
  currentPeriod: number | undefined,
): MatchupRecord[] {
  const matchups: MatchupRecord[] = [];
  const seen = new Set<string>();
  for (const { period: asked, board } of scoreboards) {
    // The period the body says it answers, which is the one asked for.
    const period = board.schedulePeriod?.ordinal ?? asked;
    for (const game of board.games ?? []) {
      const matchup = mapGame(game, period, currentPeriod);
      const key = `${period}/${matchup.matchupId}`;
      if (seen.has(key) || matchup.sides.length === 0) continue;
      if (!matchup.sides.every((side) => knownTeams.has(side.rosterId))) continue;
      seen.add(key);
      matchups.push(matchup);
    }
  }
  return matchups.sort((a, b) => a.period - b.period);
}

/** One game, home side first; a bye (no away team) has one side. */
export function mapGame(
  game: FleaGame,
  period: number,
  currentPeriod: number | undefined,
): MatchupRecord {
  const sides: MatchupSide[] = [];
  const home = game.home ? side(game.home.id, game.homeScore) : undefined;
  const away = game.away ? side(game.away.id, game.awayScore) : undefined;
  if (home) sides.push(home);
  if (away) sides.push(away);
  const status = gameStatus(game, period, currentPeriod);
  const winner =
    game.homeResult === 'WIN'
      ? home
      : game.awayResult === 'WIN'
        ? away
        : status === 'final'
          ? higherScore(home, away)
          : undefined;
  return {
    period,
    matchupId: String(game.id),
    sides,
    status,
    kind: game.isConsolation ? 'consolation' : game.isPlayoffs ? 'playoff' : 'regular',
    ...(winner ? { winnerRosterId: winner.rosterId } : {}),
  };
}

/**
 * Final when Fleaflicker says so; a game of a later period than the current one is upcoming;
 * the rest (the current period's games) are under way, Fleaflicker naming no finer state.
 */
function gameStatus(game: FleaGame, period: number, current: number | undefined): MatchupStatus {
  if (game.isFinalScore) return 'final';
  if (current !== undefined && period > current) return 'upcoming';
  return 'in_progress';
}

function side(rosterId: number, score: FleaGame['homeScore']): MatchupSide {
  // A score object with its value left out is 0 points; no score object, no score yet.
  const points = score?.score ? (score.score.value ?? 0) : undefined;
  return { rosterId: String(rosterId), ...(points !== undefined ? { score: points } : {}) };
}

function higherScore(a?: MatchupSide, b?: MatchupSide): MatchupSide | undefined {
  if (a?.score === undefined || b?.score === undefined || a.score === b.score) return undefined;
  return a.score > b.score ? a : b;
}
