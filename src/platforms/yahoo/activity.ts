// A league's data beside its rosters, in two more calls per league: its settings, standings,
// draft results and transactions in one (league sub-resources joined with `;out=`), then the
// scoreboards of every week so far in one (Yahoo takes several weeks at once: `;week=1,2,3`).
import type { LeagueActivity, TeamDetails } from '../../domain/league-data.ts';
import type { PlatformAccount } from '../connector.ts';
import {
  currentWeek,
  divisionNames,
  mapMatchups,
  mapTeamDetails,
  weeksToFetch,
} from './activity-mapping.ts';
import { activityResponses } from './activity-schemas.ts';
import { mapDraft, mapTransactions } from './transactions-mapping.ts';
import type { LeagueActivityBody, YahooTransactionPlayer } from './activity-schemas.ts';
import { projectedPoints } from './game-mapping.ts';
import { idOfKey } from './mapping.ts';
import { validate } from './schemas.ts';

export type YahooGet = (
  account: PlatformAccount,
  path: string,
  signal?: AbortSignal,
) => Promise<unknown>;

export interface YahooLeagueActivity {
  /** Standings details by roster id (teams the standings list). */
  details: Map<string, TeamDetails>;
  activity: LeagueActivity;
  /** The players the transactions describe (names, team, position), for the pool's gaps. */
  transactionPlayers: YahooTransactionPlayer[];
  /** The league's metadata and settings as Yahoo gave them (the game's rules read them). */
  league: LeagueActivityBody['fantasy_content']['league'];
  /** The weeks whose matchups were fetched (the game's lineups cover the same). */
  weeks: number[];
  /** The scoreboard's team projections by "week:team". */
  projected: Map<string, number>;
}

/**
 * Fetches and maps the league's standings, matchups, transactions and draft. `teams`: the roster
 * ids of the league's teams; entries naming any other are left out.
 */
export async function fetchLeagueActivity(
  get: YahooGet,
  account: PlatformAccount,
  leagueKey: string,
  season: number,
  teams: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<YahooLeagueActivity> {
  const key = encodeURIComponent(leagueKey);
  // https://developer.yahoo.com/fantasysports/guide/#league-resource: sub-resources settings,
  // standings, draftresults and transactions (all completed ones; pending trades and waiver
  // claims show only to their teams, https://developer.yahoo.com/fantasysports/guide/#transactions-collection).
  const path = `/league/${key};out=settings,standings,draftresults,transactions`;
  const body = validate(
    activityResponses.leagueActivity,
    await get(account, path, signal),
    `GET ${path}`,
  );
  const league = body.fantasy_content.league;
  const divisions = divisionNames(league.settings);
  const details = new Map<string, TeamDetails>();
  for (const team of league.standings.teams ?? []) {
    details.set(String(team.team_id), mapTeamDetails(team, divisions));
  }
  const transactions = league.transactions ?? [];
  const period = currentWeek(league);
  const weeks = weeksToFetch(league);
  const scoreboard = await fetchMatchups(get, account, key, weeks, signal);
  const activity: LeagueActivity = {
    ...(period === undefined ? {} : { currentPeriod: period }),
    matchups: mapMatchups(scoreboard, teams),
    transactions: mapTransactions(transactions, season, teams),
    drafts: mapDraft(league, league.settings, league.draft_results ?? [], teams),
    // Yahoo lists no picks of drafts to come; traded picks show only inside trades.
    futurePicks: [],
  };
  // Only the players of the transactions kept: one left out names nothing in the league.
  const moved = new Set(
    activity.transactions.flatMap((record) => record.playerMoves.map((move) => move.playerId)),
  );
  const transactionPlayers = transactions
    .flatMap((transaction) => transaction.players ?? [])
    .filter((player) => moved.has(idOfKey(player.player_key)));
  return {
    details,
    activity,
    transactionPlayers,
    league,
    weeks,
    projected: projectedPoints(scoreboard),
  };
}

async function fetchMatchups(
  get: YahooGet,
  account: PlatformAccount,
  key: string,
  weeks: readonly number[],
  signal: AbortSignal | undefined,
) {
  if (weeks.length === 0) return [];
  // https://developer.yahoo.com/fantasysports/guide/#league-resource (scoreboard;week=N): every
  // week so far in one call, as Yahoo takes a list of weeks there (`;week=1,2,3`).
  const path = `/league/${key}/scoreboard;week=${weeks.join(',')}`;
  const body = validate(
    activityResponses.leagueScoreboard,
    await get(account, path, signal),
    `GET ${path}`,
  );
  return body.fantasy_content.league.scoreboard.matchups ?? [];
}
