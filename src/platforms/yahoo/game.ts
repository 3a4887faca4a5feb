// The game of a Yahoo league (domain/game.ts). The rules, the current lineup, the injuries and the
// history come from calls the connector already makes (the settings beside the standings; the
// rosters with each player's selected_position and status; the league metadata's renew and
// renewed). The lineups with points cost one call per week: every team's roster of that week
// with its players' points of that week, in one nested collection, for each week the matchups
// cover that the store does not already hold as final.
import type { Sport } from '../../domain/catalog.ts';
import type { LeagueGame, TeamLineupRecord } from '../../domain/game.ts';
import type { LeagueFetchContext, PlatformAccount } from '../connector.ts';
import type { YahooGet, YahooLeagueActivity } from './activity.ts';
import { gameResponses } from './game-schemas.ts';
import { mapCurrentLineup, mapHistory, mapInjuries, mapWeekLineups } from './game-mapping.ts';
import { mapRules } from './rules-mapping.ts';
import type { YahooPlayer, YahooTeam } from './schemas.ts';
import { validate } from './schemas.ts';

export async function fetchLeagueGame(
  get: YahooGet,
  account: PlatformAccount,
  sport: Sport,
  rosterTeams: readonly YahooTeam[],
  activity: YahooLeagueActivity,
  teams: ReadonlySet<string>,
  context: LeagueFetchContext,
  signal?: AbortSignal,
): Promise<LeagueGame> {
  const { league } = activity;
  const held = (await context.finalLineupPeriods?.()) ?? new Set<number>();
  const lineups: TeamLineupRecord[] = [];
  const lineupPlayers: YahooPlayer[] = [];
  const key = encodeURIComponent(league.league_key);
  for (const week of activity.weeks.filter((period) => !held.has(period))) {
    signal?.throwIfAborted();
    // https://developer.yahoo.com/fantasysports/guide/#roster-resource (roster;week=N) under the
    // teams collection, with the roster's players collection and their stats sub-resource
    // (https://developer.yahoo.com/fantasysports/guide/#player-resource, stats;type=week;week=N,
    // which carries player_points): every team's lineup and points of the week in one call.
    const path = `/league/${key}/teams/roster;week=${week}/players/stats;type=week;week=${week}`;
    const body = validate(
      gameResponses.leagueWeekRosters,
      await get(account, path, signal),
      `GET ${path}`,
    );
    lineups.push(
      ...mapWeekLineups(body, week, sport, teams, activity.activity.matchups, activity.projected),
    );
    for (const team of body.fantasy_content.league.teams ?? []) {
      lineupPlayers.push(...(team.roster?.players ?? []));
    }
  }
  const known = rosterTeams.filter((team) => teams.has(String(team.team_id)));
  const rostered = known.flatMap((team) => team.roster?.players ?? []);
  return {
    rules: mapRules(league, league.settings, sport),
    lineups,
    currentLineup: mapCurrentLineup(known, sport),
    // A player's status is today's, whichever call names him: the rosters first.
    injuries: mapInjuries([...rostered, ...lineupPlayers]),
    history: mapHistory(league),
  };
}
