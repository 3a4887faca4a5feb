// Fleaflicker's live refreshes (issue 42): a league's scoring period in progress in one call plus
// one per game. The scoreboard asked without a period (FetchLeagueScoreboard) is Fleaflicker's
// word on the period under way and its games' scores; each game's box score
// (FetchLeagueBoxscore) gives both teams' lineups. Both are read and mapped as the full sync reads
// them (matchups.ts, game-calls.ts), so an unchanged period compares equal to what it stored.
// Fleaflicker has no state per sport: whether games are on is the sport's schedule.
import { PlatformError } from '../connector.ts';
import type { LeagueRef } from '../connector.ts';
import type { LiveConnector, LivePeriodSnapshot } from '../live.ts';
import type { FleaCall } from './activity.ts';
import { activityResponses } from './activity-schemas.ts';
import { fetchLineups } from './game-calls.ts';
import { FLEAFLICKER_SPORT_CODES } from './mapping.ts';
import { mapMatchups } from './matchups.ts';
import { validate } from './schemas.ts';

export async function fleaflickerLivePeriod(
  call: FleaCall,
  ref: LeagueRef,
  signal?: AbortSignal,
): Promise<LivePeriodSnapshot> {
  const params = {
    sport: FLEAFLICKER_SPORT_CODES[ref.sport],
    league_id: ref.platformLeagueKey,
    season: ref.season,
  };
  // https://www.fleaflicker.com/api-docs/index.html (FetchLeagueScoreboard)
  // Without scoring_period: the league's current period, as the full sync's first scoreboard.
  const answer = await call('FetchLeagueScoreboard', params, signal);
  if ('refused' in answer) {
    const message = `GET /FetchLeagueScoreboard refused league ${ref.platformLeagueKey} (${ref.sport} ${ref.season}) (${answer.refused})`;
    throw new PlatformError('fleaflicker', message, 'unavailable');
  }
  const board = validate(activityResponses.scoreboard, answer.body, 'GET /FetchLeagueScoreboard');
  const period = board.schedulePeriod?.ordinal;
  if (period === undefined) {
    // The full sync reads no period then either (the season has not begun).
    const message = `Fleaflicker names no scoring period in progress for league ${ref.platformLeagueKey} (${ref.sport} ${ref.season})`;
    throw new PlatformError('fleaflicker', message, 'unavailable');
  }
  // The league's teams are those its games name: a live refresh does not read the standings.
  const teams = new Set(
    (board.games ?? []).flatMap((game) =>
      [game.home?.id, game.away?.id].flatMap((id) => (id === undefined ? [] : [String(id)])),
    ),
  );
  const matchups = mapMatchups([{ period, board }], teams, period);
  const scoringPeriods = new Map(
    (board.eligibleSchedulePeriods ?? []).map((p) => [p.ordinal, p.value ?? p.ordinal]),
  );
  // A live period is never final in the store: every game's box score is read.
  const { lineups } = await fetchLineups({
    call,
    ref,
    context: { storedPlayerIds: () => Promise.resolve(new Set<string>()) },
    matchups,
    scoringPeriods,
    signal,
  });
  return { period, matchups, lineups };
}

export function fleaflickerLive(call: FleaCall): LiveConnector {
  // The period asked is the store's; the scoreboard's own is the one read and written.
  return {
    fetchLivePeriod: (_account, ref, _period, signal) => fleaflickerLivePeriod(call, ref, signal),
  };
}
