// The Yahoo connector: the official Fantasy Sports API (https://developer.yahoo.com/fantasysports/guide/)
// with OAuth 2.0. Every key embeds the season's game ("406.l.117376": game 406 is NFL 2021), so
// the connector first asks Yahoo which games are the sports and seasons asked for, then lists the
// account's leagues of those games, fetches each league in three calls (teams and rosters; then
// standings, matchups, transactions and draft) and one per week of lineups not yet held (game.ts),
// reads a game's whole player list 25 at a time for the (sport, season) player pool, and reads a
// week under way in two calls for live refreshes (live.ts).
import { InvalidInputError } from '../../domain/errors.ts';
import type { Sport } from '../../domain/catalog.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot, PlayerRecord } from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueRef, PlatformAccount, PlatformConnector } from '../connector.ts';
import { fetchLeagueActivity } from './activity.ts';
import { fetchLeagueGame } from './game.ts';
import { createYahooApi } from './api.ts';
import type { YahooApiOptions } from './api.ts';
import { createGameDirectory } from './games.ts';
import { yahooLive } from './live.ts';
import {
  compareIds,
  idOfKey,
  mapLeagueRef,
  mapLeagueSnapshot,
  mapPlayer,
  rosterPlayers,
  sportFromGameCode,
} from './mapping.ts';
import { createYahooOAuth } from './oauth.ts';
import { createTokenKeeper, serializeTokens } from './tokens.ts';
import { responses, validate } from './schemas.ts';

export interface YahooConnectorOptions extends Omit<
  YahooApiOptions,
  'now' | 'requestsPerMinute' | 'accountRequestsPerMinute' | 'throttleBackoffMs'
> {
  /** https://api.login.yahoo.com/oauth2 */
  authBaseUrl: string;
  /** The operator's Yahoo application; without both, linking says which variables to set. */
  clientId: string | undefined;
  clientSecret: string | undefined;
  redirectUri: string;
  requestsPerMinute?: number;
  accountRequestsPerMinute?: number;
  throttleBackoffMs?: number;
  /** Renew the access token when it has less than this left. Default 5 minutes. */
  renewAheadMs?: number;
  /** Pages of 25 read at most for one player pool (a guard against a list that never ends). */
  maxPoolPages?: number;
  now?: () => number;
}

/** Yahoo serves a collection of players 25 at a time at most. */
export const PLAYERS_PAGE_SIZE = 25;

export const YAHOO_NOT_CONFIGURED =
  "Yahoo needs the operator's Yahoo application: set YAHOO_CLIENT_ID and YAHOO_CLIENT_SECRET " +
  '(and YAHOO_REDIRECT_URI if not oob); see "Linking Yahoo" in docs/platforms.md';

export function createYahooConnector(options: YahooConnectorOptions): PlatformConnector {
  const { clientId, clientSecret } = options;
  if (clientId === undefined || clientSecret === undefined) return unconfiguredConnector();
  const now = options.now ?? Date.now;
  const api = createYahooApi({
    ...options,
    now,
    requestsPerMinute: options.requestsPerMinute ?? 60,
    accountRequestsPerMinute: options.accountRequestsPerMinute ?? 40,
    throttleBackoffMs: options.throttleBackoffMs ?? 10 * 60_000,
  });
  const oauth = createYahooOAuth({
    client: api.client,
    authBaseUrl: options.authBaseUrl,
    clientId,
    clientSecret,
    redirectUri: options.redirectUri,
    now,
  });
  const keeper = createTokenKeeper(
    oauth,
    now,
    options.renewAheadMs ?? 5 * 60_000,
    ...(options.sleep ? [options.sleep] : []),
  );
  const get = (account: PlatformAccount, path: string, signal?: AbortSignal): Promise<unknown> =>
    api.get(keeper, account, path, signal);
  const games = createGameDirectory(get, now);
  const maxPoolPages = options.maxPoolPages ?? 1_000;

  return {
    platform: 'yahoo',
    live: yahooLive(get, async (account, sport, season, signal) => {
      const [gameKey] = await games.keysFor(account, [sport], [season], signal);
      return gameKey;
    }),

    async link(request, _existing, signal) {
      const code = request.code?.trim();
      if (!code) {
        return {
          status: 'action_required',
          message:
            'Open this address in a browser, sign in to Yahoo and allow access; Yahoo then shows a ' +
            'code. Run the same link command again with --code CODE.',
          url: oauth.authorizationUrl(),
        };
      }
      const tokens = await oauth.exchangeCode(code, signal);
      const credentials = serializeTokens(tokens);
      // One call proves the tokens work and names the account.
      const path = '/users;use_login=1;out=profile';
      const probe: PlatformAccount = { platform: 'yahoo', externalUserId: '', credentials };
      const body = validate(responses.loginUser, await get(probe, path, signal), `GET ${path}`);
      const user = body.fantasy_content.users[0] as (typeof body.fantasy_content.users)[number];
      const name = [user.profile?.display_name, user.profile?.unique_username].find(
        (value): value is string => typeof value === 'string' && value.trim() !== '',
      );
      return {
        status: 'linked',
        account: {
          platform: 'yahoo',
          externalUserId: user.guid,
          ...(name === undefined ? {} : { username: name.trim() }),
          credentials,
        },
      };
    },

    async listLeagues(account, scope, signal) {
      const keys = await games.keysFor(account, scope.sports, scope.seasons, signal);
      if (keys.length === 0) return [];
      // https://developer.yahoo.com/fantasysports/guide/#user-resource (games/leagues sub-resources)
      const path = `/users;use_login=1/games;game_keys=${keys.join(',')}/leagues`;
      const body = validate(responses.userLeagues, await get(account, path, signal), `GET ${path}`);
      const refs = new Map<string, LeagueRef>();
      for (const user of body.fantasy_content.users) {
        for (const game of user.games ?? []) {
          for (const league of game.leagues ?? []) {
            const ref = mapLeagueRef(league, game);
            if (ref && scope.sports.includes(ref.sport) && scope.seasons.includes(ref.season)) {
              refs.set(ref.platformLeagueKey, ref);
            }
          }
        }
      }
      return [...refs.values()];
    },

    async fetchLeague(account, ref, context, signal): Promise<LeagueSnapshot> {
      // https://developer.yahoo.com/fantasysports/guide/#league-resource: the teams collection
      // with each team's roster sub-resource, league metadata included, in one call; then the
      // standings, matchups, transactions and draft in two more (activity.ts).
      const path = `/league/${encodeURIComponent(ref.platformLeagueKey)}/teams/roster`;
      const body = validate(
        responses.leagueRosters,
        await get(account, path, signal),
        `GET ${path}`,
      );
      const league = body.fantasy_content.league;
      const sport = sportFromGameCode(league.game_code);
      if (sport === undefined) {
        const message = `league ${league.league_key} is for "${league.game_code}", a sport this service does not cover`;
        throw new PlatformError('yahoo', message, 'invalid_response');
      }
      const snapshot = mapLeagueSnapshot(league, sport);
      const teamIds = new Set(snapshot.teams.map((team) => team.rosterId));
      const extra = await fetchLeagueActivity(
        get,
        account,
        ref.platformLeagueKey,
        snapshot.season,
        teamIds,
        signal,
      );
      const game = await fetchLeagueGame(
        get,
        account,
        sport,
        league.teams ?? [],
        extra,
        teamIds,
        context,
        signal,
      );
      const teams = snapshot.teams.map((team) => ({
        ...team,
        ...extra.details.get(team.rosterId),
      }));
      // Rostered players, and those the transactions name, come with their records: keep those
      // the stored pool lacks (a roster's record wins over a transaction's).
      const records = new Map<string, PlayerRecord>();
      for (const player of extra.transactionPlayers) {
        records.set(idOfKey(player.player_key), mapPlayer(player, sport));
      }
      for (const team of league.teams ?? []) {
        for (const player of rosterPlayers(team)) {
          records.set(idOfKey(player.player_key), mapPlayer(player, sport));
        }
      }
      const stored = await context.storedPlayerIds([...records.keys()]);
      const players = [...records.values()]
        .filter((player) => !stored.has(player.playerId))
        .sort((a, b) => compareIds(a.playerId, b.playerId));
      return { ...snapshot, teams, players, activity: extra.activity, game };
    },

    async fetchPlayerPool(pool, account, signal): Promise<PlayerPoolSnapshot | null> {
      const [gameKey] = await games.keysFor(account, [pool.sport], [pool.season], signal);
      if (gameKey === undefined) return null;
      const players = await gamePlayers(account, gameKey, pool.sport, signal);
      return { platform: 'yahoo', sport: pool.sport, season: pool.season, players };
    },
  };

  /** Every player of a game, page by page; cancellable between (and during) pages. */
  async function gamePlayers(
    account: PlatformAccount,
    gameKey: string,
    sport: Sport,
    signal: AbortSignal | undefined,
  ): Promise<PlayerRecord[]> {
    const players = new Map<string, PlayerRecord>();
    for (let page = 0; ; page++) {
      signal?.throwIfAborted();
      if (page >= maxPoolPages) {
        const message = `game ${gameKey} lists more than ${maxPoolPages * PLAYERS_PAGE_SIZE} players; stopped reading`;
        throw new PlatformError('yahoo', message, 'invalid_response');
      }
      // https://developer.yahoo.com/fantasysports/guide/#players-collection (start, count <= 25)
      const path = `/game/${encodeURIComponent(gameKey)}/players;start=${page * PLAYERS_PAGE_SIZE};count=${PLAYERS_PAGE_SIZE}`;
      const body = validate(responses.gamePlayers, await get(account, path, signal), `GET ${path}`);
      const list = body.fantasy_content.game.players ?? [];
      for (const player of list) {
        const record = mapPlayer(player, sport);
        if (!players.has(record.playerId)) players.set(record.playerId, record);
      }
      if (list.length < PLAYERS_PAGE_SIZE) break;
    }
    return [...players.values()].sort((a, b) => compareIds(a.playerId, b.playerId));
  }
}

/** Without the operator's application, linking (and syncing a link made earlier) says what to set. */
function unconfiguredConnector(): PlatformConnector {
  const refuse = async (): Promise<never> => {
    throw new PlatformError('yahoo', YAHOO_NOT_CONFIGURED, 'unavailable');
  };
  return {
    platform: 'yahoo',
    async link() {
      throw new InvalidInputError(YAHOO_NOT_CONFIGURED);
    },
    listLeagues: refuse,
    fetchLeague: refuse,
    fetchPlayerPool: refuse,
  };
}
