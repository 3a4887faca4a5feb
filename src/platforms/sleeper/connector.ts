// The Sleeper connector: public, read-only, no credentials (https://docs.sleeper.com).
// Fetches through the shared HTTP client, validates each body as it arrives, maps to records.
import { InvalidInputError } from '../../domain/errors.ts';
import { EVERY_SEASON } from '../../domain/pools.ts';
import type { Sport } from '../../domain/catalog.ts';
import type { LeagueActivity } from '../../domain/league-data.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot, PlayerRecord } from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type {
  LeagueFetchContext,
  LeagueRef,
  PlatformAccount,
  PlatformConnector,
  SyncScope,
} from '../connector.ts';
import { createHttpClient } from '../http-client.ts';
import type { HttpClientOptions } from '../http-client.ts';
import {
  SLEEPER_SPORT_CODES,
  compareIds,
  mapDraftPickPlayer,
  mapExternalIds,
  mapLeagueRef,
  mapLeagueSnapshot,
  mapPlayer,
  placeholderPlayer,
  sportFromSleeper,
} from './mapping.ts';
import { fetchLeagueActivity } from './fetch-activity.ts';
import type { SleeperCalls } from './fetch-activity.ts';
import { fetchHistory, leagueGame } from './fetch-game.ts';
import { sleeperLive } from './live.ts';
import { responses, validate } from './schemas.ts';
import type { SleeperDraftPick } from './schemas.ts';

export interface SleeperConnectorOptions extends Omit<HttpClientOptions, 'platform'> {
  /** https://api.sleeper.app/v1 in production; a fake server's URL in tests. */
  baseUrl: string;
  /** Per-attempt timeout for the player dumps (several MB). Default 120 s. */
  playerDumpTimeoutMs?: number;
}

export function createSleeperConnector(options: SleeperConnectorOptions): PlatformConnector {
  const { baseUrl, playerDumpTimeoutMs = 120_000, ...clientOptions } = options;
  const client = createHttpClient({ ...clientOptions, platform: 'sleeper' });
  const root = baseUrl.replace(/\/+$/, '');

  function get(
    path: string,
    signal: AbortSignal | undefined,
    timeoutMs?: number,
  ): Promise<unknown> {
    return client.getJson(root + path, {
      endpoint: `GET ${path}`,
      ...(signal ? { signal } : {}),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
  }

  /** A body where a 404 counts the same as Sleeper's usual `null` for things that do not exist. */
  async function getOrNull(path: string, signal: AbortSignal | undefined): Promise<unknown> {
    try {
      return await get(path, signal);
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  const callsFor = (signal: AbortSignal | undefined): SleeperCalls => ({
    getOrNull: (path) => getOrNull(path, signal),
  });

  return {
    platform: 'sleeper',
    live: sleeperLive(callsFor),

    async link(request, _existing, signal) {
      const username = request.username?.trim();
      if (!username) {
        throw new InvalidInputError('linking Sleeper needs --username (the Sleeper username)');
      }
      // https://docs.sleeper.com/#user
      const path = `/user/${encodeURIComponent(username)}`;
      const body = await getOrNull(path, signal);
      if (body === null) {
        throw new PlatformError('sleeper', `no Sleeper user named "${username}"`, 'not_found');
      }
      const user = validate(responses.user, body, `GET ${path}`);
      return {
        status: 'linked',
        account: {
          platform: 'sleeper',
          externalUserId: user.user_id,
          username: user.username ?? user.display_name ?? username,
        },
      };
    },

    async listLeagues(account: PlatformAccount, scope: SyncScope, signal) {
      const sports = scope.sports.filter((sport) => SLEEPER_SPORT_CODES[sport] !== undefined);
      const { seasons } = scope;
      const userId = encodeURIComponent(account.externalUserId);
      const lists = await Promise.all(
        sports.flatMap((sport) =>
          seasons.map(async (season) => {
            // https://docs.sleeper.com/#get-all-leagues-for-user
            const path = `/user/${userId}/leagues/${SLEEPER_SPORT_CODES[sport]}/${season}`;
            const body = await get(path, signal);
            return body === null ? [] : validate(responses.leagues, body, `GET ${path}`);
          }),
        ),
      );
      const refs = new Map<string, LeagueRef>();
      for (const league of lists.flat()) {
        const ref = mapLeagueRef(league);
        if (ref && seasons.includes(ref.season))
          refs.set(`${ref.platformLeagueKey}/${ref.season}`, ref);
      }
      return [...refs.values()];
    },

    async fetchLeague(_account, ref, context, signal): Promise<LeagueSnapshot> {
      const key = encodeURIComponent(ref.platformLeagueKey);
      // https://docs.sleeper.com/#get-a-specific-league
      // https://docs.sleeper.com/#getting-rosters-in-a-league
      // https://docs.sleeper.com/#getting-users-in-a-league
      const [leagueBody, rostersBody, usersBody] = await Promise.all([
        get(`/league/${key}`, signal),
        get(`/league/${key}/rosters`, signal),
        get(`/league/${key}/users`, signal),
      ]);
      if (leagueBody === null) {
        const message = `league ${ref.platformLeagueKey} does not exist (any more)`;
        throw new PlatformError('sleeper', message, 'not_found');
      }
      const league = validate(responses.league, leagueBody, `GET /league/${key}`);
      const rosters =
        rostersBody === null
          ? []
          : validate(responses.rosters, rostersBody, `GET /league/${key}/rosters`);
      const users =
        usersBody === null ? [] : validate(responses.users, usersBody, `GET /league/${key}/users`);
      const sport = sportFromSleeper(league.sport);
      if (sport === undefined) {
        const message = `league ${league.league_id} is for "${league.sport}", a sport this service does not cover`;
        throw new PlatformError('sleeper', message, 'invalid_response');
      }
      const snapshot = mapLeagueSnapshot({ league, sport, rosters, users, players: [] });
      const code = SLEEPER_SPORT_CODES[sport] ?? league.sport;
      const calls = callsFor(signal);
      const [{ activity, picks, weeks, progress }, history] = await Promise.all([
        fetchLeagueActivity(calls, league, rosters, code),
        fetchHistory(calls, league),
      ]);
      const players = await playersToAdd(snapshot, activity, picks, context, sport);
      const parts = { league, rosters, rosterEntries: snapshot.rosterEntries, weeks, progress };
      const game = await leagueGame(parts, history, context);
      return { ...snapshot, players, activity, game };
    },

    async fetchPlayerPool({ sport }, _account, signal): Promise<PlayerPoolSnapshot | null> {
      const code = SLEEPER_SPORT_CODES[sport];
      if (code === undefined) return null;
      // https://docs.sleeper.com/#fetch-all-players (Sleeper asks for at most one call a day)
      const path = `/players/${code}`;
      const body = validate(
        responses.players,
        await get(path, signal, playerDumpTimeoutMs),
        `GET ${path}`,
      );
      const entries = Object.values(body).sort((a, b) => compareIds(a.player_id, b.player_id));
      const players = entries.map(mapPlayer);
      const externalIds = entries.flatMap(mapExternalIds);
      return { platform: 'sleeper', sport, season: EVERY_SEASON, players, externalIds };
    },
  };
}

/**
 * Players the league names that the stored pool lacks: every rostered one (described by a draft
 * pick's metadata, else a placeholder), and every drafted one a pick describes (the newest
 * draft's metadata first). Transactions name players by id alone, so they add none.
 */
async function playersToAdd(
  snapshot: LeagueSnapshot,
  activity: LeagueActivity,
  picks: readonly SleeperDraftPick[],
  context: LeagueFetchContext,
  sport: Sport,
): Promise<PlayerRecord[]> {
  const rostered = snapshot.rosterEntries.map((entry) => entry.playerId);
  const drafted = activity.drafts.flatMap((draft) =>
    draft.picks.flatMap((pick) => (pick.playerId ? [pick.playerId] : [])),
  );
  const wanted = [...new Set([...rostered, ...drafted])];
  const stored = await context.storedPlayerIds(wanted);
  const missing = wanted.filter((id) => !stored.has(id));
  if (missing.length === 0) return [];
  const described = new Map<string, PlayerRecord>();
  for (const pick of picks) {
    const player = described.has(pick.player_id) ? undefined : mapDraftPickPlayer(pick);
    if (player) described.set(player.playerId, player);
  }
  const isRostered = new Set(rostered);
  return missing
    .flatMap((id) => {
      const player =
        described.get(id) ?? (isRostered.has(id) ? placeholderPlayer(id, sport) : undefined);
      return player ? [player] : [];
    })
    .sort((a, b) => compareIds(a.playerId, b.playerId));
}
