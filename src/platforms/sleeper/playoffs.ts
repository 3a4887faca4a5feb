// Which bracket a playoff week's matchup belongs to. Sleeper's matchups of a playoff week carry
// no bracket; its winners_bracket and losers_bracket list each round's games by roster
// (https://docs.sleeper.com/#getting-the-playoff-bracket). Pure: no I/O.
import type { MatchupKind } from '../../domain/league-data.ts';
import type { SleeperBracketGame } from './activity-schemas.ts';

export interface PlayoffBrackets {
  winners: readonly SleeperBracketGame[];
  losers: readonly SleeperBracketGame[];
}

/**
 * The bracket round played in a week. playoff_round_type 0: a week per round; 1: the final
 * spans two weeks; 2: every round spans two weeks (settings as Sleeper's league settings page
 * offers them).
 */
export function playoffRound(
  week: number,
  playoffWeekStart: number,
  roundType: number,
  lastRound: number,
): number {
  const offset = week - playoffWeekStart;
  if (roundType === 2) return Math.floor(offset / 2) + 1;
  if (roundType === 1) return Math.min(offset + 1, lastRound);
  return offset + 1;
}

/**
 * A matchup's kind from the brackets: a winners-bracket game for the title (or an earlier round)
 * is 'playoff'; a placement game (third place...) or any losers-bracket game is 'consolation'.
 * Undefined when neither bracket holds the pair that week (Sleeper then says nothing).
 */
export function bracketKindOf(
  brackets: PlayoffBrackets,
  playoffWeekStart: number,
  roundType: number,
): (week: number, rosterIds: readonly number[]) => MatchupKind | undefined {
  const lastRound = Math.max(1, ...brackets.winners.map((game) => game.r));
  return (week, rosterIds) => {
    if (rosterIds.length !== 2) return undefined;
    const round = playoffRound(week, playoffWeekStart, roundType, lastRound);
    const pairs = (game: SleeperBracketGame) =>
      game.r === round && sameTeams([game.t1, game.t2], rosterIds);
    const winners = brackets.winners.find(pairs);
    if (winners)
      return winners.p === undefined || winners.p === null || winners.p === 1
        ? 'playoff'
        : 'consolation';
    return brackets.losers.some(pairs) ? 'consolation' : undefined;
  };
}

function sameTeams(
  game: ReadonlyArray<number | null | undefined>,
  rosterIds: readonly number[],
): boolean {
  const [a, b] = rosterIds;
  return (game[0] === a && game[1] === b) || (game[0] === b && game[1] === a);
}
