// A fake of Fantrax's official API (https://www.fantrax.com/fxea/general/<method>) on 127.0.0.1.
//
// No answer of the official API was ever recorded in public, so its shapes come from:
// - Fantrax's API documentation (v1.2 beta, https://www.fantrax.com/developer): getPlayerIds keyed
//   by Fantrax id with statsIncId/rotowireId/sportRadarId/name "Last, First"/team/position;
//   getTeamRosters' {period, rosters: {teamId: {teamName, rosterItems: [{id, position, status}]}}};
//   getLeagueInfo's teamInfo, rosterInfo, playerInfo {eligiblePos, status};
// - pmurley/go-fantrax (league_info.go, player_ids.go, team_rosters.go): the same structs, with
//   teamInfo entries {id, name, division} and rosterInfo.positionConstraints {maxActive};
// - butterflyskies/fantrax-mcp (src/fantrax/mod.rs): getLeagues answers {leagues: [{leagueId,
//   leagueName, ...}]}; the entries' teamId, teamName and sport as other public clients read them;
// - a public TypeScript client's types transcribed from live answers (its repository is not named
//   by the search index that found it): leagueHistoryId and seasonYear in getLeagueInfo, and
//   refusals as {"error": {"code", "message"}} in a 200 answer (INVALID_LEAGUE_ID seen there).
//   What Fantrax answers an unknown secret id is not documented: the fake answers the same way.
//
// The data: the real league of ../shared/fixtures/fantrax ("Primetime Soap Operas", 2020 league
// eju35f9ok7xr9cvt and 2021 league 4bveni4tkkyr33y2, recorded from Fantrax's web app; read at
// test time, never copied). Its teams (ids, names) and players (ids, names, positions, NFL teams)
// are served as the official API would give them; the rosters are where each player's last
// executed claim, drop or trade of the season left him. Made up here: the two seasons'
// leagueHistoryId, the secret id, and two small leagues of other sports (fake-fantrax-other.ts).
// League activity (standings, matchup scores, drafts, and getLeagueInfo's schedule) is made up for
// every league by fake-fantrax-activity.ts, its season over, its draft picking the league's
// rostered players first.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fantraxActivityRoutes, syntheticFantraxActivity } from './fake-fantrax-activity.ts';
import type { FantraxActivityBodies } from './fake-fantrax-activity.ts';
import { scoringSystemBody, statusIn } from './fake-fantrax-game.ts';
import { OTHER_LEAGUES, OTHER_PLAYERS } from './fake-fantrax-other.ts';
import type { FakeLeague, FakePlayer } from './fake-fantrax-other.ts';
import { reply, startFakePlatform } from './fake-platform.ts';
import type { FakePlatformServer, FakeReply, FakeRequest, FakeRoute } from './fake-platform.ts';

export type { FakeLeague, FakePlayer } from './fake-fantrax-other.ts';

export const FANTRAX_FIXTURES_DIR = fileURLToPath(
  new URL('../../../shared/fixtures/fantrax/', import.meta.url),
);
/** For node:test's `skip` option: false when the recordings are there, else the reason. */
export const FANTRAX_FIXTURES_SKIP: false | string = existsSync(FANTRAX_FIXTURES_DIR)
  ? false
  : '../shared/fixtures/fantrax not found: recorded-league tests skipped';

/** The secret id the fake knows (made up): its user is the commissioner of the recorded league. */
export const FANTRAX_SECRET_ID = 'alicesecret0fx24';
/** Made up: the id the recorded league's seasons share. */
export const RECORDED_HISTORY_ID = 'psohistory00fx01';

export const RECORDED_SEASONS = [
  { season: 2020, leagueId: 'eju35f9ok7xr9cvt' },
  { season: 2021, leagueId: '4bveni4tkkyr33y2' },
] as const;

export interface RecordedScorer {
  scorerId: string;
  name: string;
  posShortNames?: string;
  teamShortName?: string;
  team?: boolean;
}
interface RecordedRow {
  scorer: RecordedScorer;
  executed?: boolean;
  deleted?: boolean;
  transactionCode?: string;
  cells: Array<{ key: string; content?: string; teamId?: string }>;
}
interface RecordedBody {
  responses: [
    { data: { table: { rows: RecordedRow[] } } },
    { data: { fantasySettings: { leagueName: string; myTeamIds?: string[] } } },
    { data: { fantasyTeams: Array<{ id: string; name: string }> } },
  ];
}

/** One recorded season as the recordings show it. */
export interface RecordedSeason {
  season: number;
  leagueId: string;
  leagueName: string;
  /** The recorder's team (the commissioner's). */
  myTeamId: string;
  teams: Array<{ id: string; name: string }>;
  /** Every player the season's recordings name, by id, as last named. */
  players: Map<string, RecordedScorer>;
  /** Team id -> player ids its last executed move left there. */
  rosters: Map<string, string[]>;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Wed Dec 23, 2020, 8:05PM" -> ms (the league's local time, read as UTC: only order matters). */
function rowTime(row: RecordedRow): number {
  const text = row.cells.find((cell) => cell.key === 'date')?.content ?? '';
  const m = /(\w{3}) (\d{1,2}), (\d{4}), (\d{1,2}):(\d{2})(AM|PM)/.exec(text);
  if (!m) return 0;
  const hour = (Number(m[4]) % 12) + (m[6] === 'PM' ? 12 : 0);
  return Date.UTC(Number(m[3]), MONTHS.indexOf(m[1] as string), Number(m[2]), hour, Number(m[5]));
}

export function readRecordedSeason(
  season: number,
  leagueId: string,
  dir = FANTRAX_FIXTURES_DIR,
): RecordedSeason {
  const read = (view: string) =>
    JSON.parse(
      readFileSync(
        join(dir, `fxpa-${season}-league-${leagueId}-getTransactionDetailsHistory-${view}.json`),
        'utf8',
      ),
    ) as RecordedBody;
  const claims = read('CLAIM_DROP');
  const trades = read('TRADE');
  const settings = claims.responses[1].data.fantasySettings;
  const teams = claims.responses[2].data.fantasyTeams.map(({ id, name }) => ({ id, name }));
  const rows = [...claims.responses[0].data.table.rows, ...trades.responses[0].data.table.rows]
    // Trades also move budget and picks: those rows name no player.
    .filter((row) => typeof row.scorer.scorerId === 'string' && typeof row.scorer.name === 'string')
    .filter((row) => row.executed !== false && row.deleted !== true)
    .map((row, order) => ({ row, order, time: rowTime(row) }))
    .sort((a, b) => a.time - b.time || a.order - b.order);
  const players = new Map<string, RecordedScorer>();
  const holder = new Map<string, string | undefined>();
  for (const { row } of rows) {
    players.set(row.scorer.scorerId, row.scorer);
    const cell = (key: string) => row.cells.find((c) => c.key === key)?.teamId;
    const team =
      row.transactionCode === 'DROP'
        ? undefined
        : row.transactionCode === 'CLAIM'
          ? cell('team')
          : cell('to');
    holder.set(row.scorer.scorerId, team);
  }
  const rosters = new Map<string, string[]>(teams.map((team) => [team.id, []]));
  for (const [playerId, team] of holder) {
    if (team !== undefined) rosters.get(team)?.push(playerId);
  }
  return {
    season,
    leagueId,
    leagueName: settings.leagueName,
    myTeamId: settings.myTeamIds?.[0] ?? (teams[0]?.id as string),
    teams,
    players,
    rosters,
  };
}

/** "Marcus Mariota" as getPlayerIds names him: "Mariota, Marcus"; a team unit keeps its name. */
export function officialName(scorer: RecordedScorer): string {
  const space = scorer.name.indexOf(' ');
  if (scorer.team === true || space < 0) return scorer.name;
  return `${scorer.name.slice(space + 1)}, ${scorer.name.slice(0, space)}`;
}

/**
 * Every player the recordings name, as the latest season names him: getPlayerIds describes
 * players as they are today, not as they were in a league's season.
 */
export function latestRecordedPlayers(dir = FANTRAX_FIXTURES_DIR): Map<string, RecordedScorer> {
  const players = new Map<string, RecordedScorer>();
  for (const { season, leagueId } of RECORDED_SEASONS) {
    for (const [id, scorer] of readRecordedSeason(season, leagueId, dir).players) {
      players.set(id, scorer);
    }
  }
  return players;
}

/** The recorded league's seasons as FakeLeague (what the fake serves). */
export function recordedLeagues(dir = FANTRAX_FIXTURES_DIR): {
  leagues: FakeLeague[];
  players: FakePlayer[];
} {
  if (!existsSync(dir)) return { leagues: [], players: [] };
  const players = new Map<string, FakePlayer>();
  const leagues = RECORDED_SEASONS.map(({ season, leagueId }) => {
    const recorded = readRecordedSeason(season, leagueId, dir);
    for (const scorer of recorded.players.values()) {
      players.set(scorer.scorerId, {
        sport: 'NFL',
        fantraxId: scorer.scorerId,
        name: officialName(scorer),
        team: scorer.teamShortName ?? '(N/A)',
        position: (scorer.posShortNames ?? '').split(',')[0] as string,
        eligiblePos: scorer.posShortNames ?? '',
      });
    }
    return {
      leagueId,
      sport: 'NFL',
      leagueName: recorded.leagueName,
      seasonYear: season,
      startDate: `${season}-09-10T00:00:00.0-0400`,
      leagueHistoryId: RECORDED_HISTORY_ID,
      myTeamId: recorded.myTeamId,
      teams: recorded.teams,
      rosters: Object.fromEntries(recorded.rosters),
      positions: ['QB', 'RB', 'WR', 'TE', 'K', 'DL', 'LB', 'DB'],
    } satisfies FakeLeague;
  });
  return { leagues, players: [...players.values()] };
}

export interface FakeFantraxOptions {
  /** The secret id getLeagues answers for; default FANTRAX_SECRET_ID. */
  secretId?: string;
  /** Leave out the recorded league (tests of the made-up leagues alone). */
  withoutRecordings?: boolean;
  /** Routes that replace the built ones, by path ("/getTeamRosters"). */
  overrides?: Record<string, FakeRoute>;
  latencyMs?: () => number;
}

export interface FakeFantrax extends FakePlatformServer {
  /** What to pass as the connector's baseUrl (the fake serves the methods at its root). */
  readonly baseUrl: string;
  readonly leagues: readonly FakeLeague[];
  readonly players: readonly FakePlayer[];
  /** The body served for a method and query, to alter and serve again with `route`. */
  served(path: string, query: Record<string, string>): unknown;
}

const refusal = (code: string, message: string) => reply.json({ error: { code, message } });

/** The made-up standings, schedule, scores and draft of a league (its season over). */
export function leagueActivity(league: FakeLeague): FantraxActivityBodies {
  return syntheticFantraxActivity({
    teams: league.teams,
    season: league.seasonYear,
    playerIds: Object.values(league.rosters).flat(),
  });
}

export function leagueInfoBody(
  league: FakeLeague,
  players: readonly FakePlayer[],
  activity: FantraxActivityBodies = leagueActivity(league),
): unknown {
  const rostered = new Set(Object.values(league.rosters).flat());
  return {
    ...activity.leagueInfo,
    leagueName: league.leagueName,
    leagueHistoryId: league.leagueHistoryId,
    seasonYear: league.seasonYear,
    startDate: league.startDate,
    teamInfo: Object.fromEntries(
      league.teams.map((team) => [team.id, { name: team.name, id: team.id }]),
    ),
    rosterInfo: {
      maxTotalPlayers: 30,
      maxTotalActivePlayers: league.positions.length,
      maxTotalReservePlayers: 30 - league.positions.length,
      positionConstraints: Object.fromEntries(league.positions.map((p) => [p, { maxActive: 1 }])),
    },
    playerInfo: Object.fromEntries(
      players
        .filter((player) => player.sport === league.sport)
        .map((player) => [
          player.fantraxId,
          { eligiblePos: player.eligiblePos, status: rostered.has(player.fantraxId) ? 'T' : 'FA' },
        ]),
    ),
    scoringSystem: scoringSystemBody(league),
  };
}

/** getTeamRosters for a period: every player with his position and that period's status. */
export function teamRostersBody(
  league: FakeLeague,
  players: readonly FakePlayer[],
  period: number,
): unknown {
  const byId = new Map(players.map((player) => [player.fantraxId, player]));
  return {
    period,
    rosters: Object.fromEntries(
      league.teams.map((team) => [
        team.id,
        {
          teamName: team.name,
          rosterItems: (league.rosters[team.id] ?? []).map((id, index) => ({
            id,
            position: byId.get(id)?.position ?? 'BN',
            status: statusIn(league, index, period),
          })),
        },
      ]),
    ),
  };
}

export function playerIdsBody(sport: string, players: readonly FakePlayer[]): unknown {
  return Object.fromEntries(
    players
      .filter((player) => player.sport === sport)
      .map((p) => [
        p.fantraxId,
        {
          fantraxId: p.fantraxId,
          name: p.name,
          team: p.team,
          position: p.position,
          ...(p.statsIncId !== undefined && { statsIncId: p.statsIncId }),
          ...(p.rotowireId !== undefined && { rotowireId: p.rotowireId }),
          ...(p.sportRadarId !== undefined && { sportRadarId: p.sportRadarId }),
        },
      ]),
  );
}

export async function startFakeFantrax(options: FakeFantraxOptions = {}): Promise<FakeFantrax> {
  const recorded = options.withoutRecordings
    ? { leagues: [], players: [] }
    : recordedLeagues(FANTRAX_FIXTURES_DIR);
  const leagues = [...recorded.leagues, ...OTHER_LEAGUES];
  const players = [...recorded.players, ...OTHER_PLAYERS];
  const secretId = options.secretId ?? FANTRAX_SECRET_ID;
  const byId = new Map(leagues.map((league) => [league.leagueId, league]));
  const activity = new Map(leagues.map((league) => [league.leagueId, leagueActivity(league)]));
  const q = (request: FakeRequest, name: string): string => request.query.get(name) ?? '';

  const bodies = {
    '/getLeagues': (request: FakeRequest): FakeReply => {
      if (q(request, 'userSecretId') !== secretId) {
        return refusal('WARNING', 'Invalid user secret ID');
      }
      return reply.json({
        leagues: leagues
          .filter((league) => league.myTeamId !== undefined)
          .map((league) => ({
            leagueName: league.leagueName,
            leagueId: league.leagueId,
            teamName: league.teams.find((team) => team.id === league.myTeamId)?.name,
            teamId: league.myTeamId,
            sport: league.sport,
          })),
      });
    },
    '/getLeagueInfo': (request: FakeRequest): FakeReply => {
      const league = byId.get(q(request, 'leagueId'));
      if (league === undefined) return refusal('INVALID_LEAGUE_ID', 'Invalid league ID');
      return reply.json(leagueInfoBody(league, players, activity.get(league.leagueId)));
    },
    '/getTeamRosters': (request: FakeRequest): FakeReply => {
      const league = byId.get(q(request, 'leagueId'));
      if (league === undefined) return refusal('INVALID_LEAGUE_ID', 'Invalid league ID');
      // Without a period: the current one (a finished season's last).
      const asked = request.query.get('period');
      const current = activity.get(league.leagueId)?.currentPeriod ?? 1;
      const period = asked === null ? current : Number(asked);
      return reply.json(teamRostersBody(league, players, period));
    },
    '/getPlayerIds': (request: FakeRequest): FakeReply => {
      const sport = q(request, 'sport');
      if (!['NFL', 'MLB', 'NBA', 'NHL'].includes(sport)) {
        return refusal('INVALID_SPORT', 'Invalid sport');
      }
      return reply.json(playerIdsBody(sport, players));
    },
  };
  const routes: Record<string, FakeRoute> = {
    ...bodies,
    ...fantraxActivityRoutes(activity, ''),
    ...options.overrides,
  };
  const server = await startFakePlatform(routes, {
    ...(options.latencyMs && { latencyMs: options.latencyMs }),
  });
  return {
    ...server,
    baseUrl: server.url,
    leagues,
    players,
    served(path, query) {
      const route = bodies[path as keyof typeof bodies];
      const answer = route({
        method: 'GET',
        path,
        query: new URLSearchParams(query),
        headers: {},
        body: '',
        hit: 1,
      });
      return JSON.parse(String((answer as { body: string }).body)) as unknown;
    },
  };
}
