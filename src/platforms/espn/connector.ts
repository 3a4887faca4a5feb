// The ESPN connector: football, baseball and basketball leagues of ESPN Fantasy, private ones
// through the espn_s2 and SWID cookies of a member, public ones by id. ESPN documents no API;
// the calls are the ones its own web client makes (see README.md beside this file).
import { InvalidInputError } from '../../domain/errors.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot, PlayerRecord } from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type { PlatformConnector } from '../connector.ts';
import { createEspnApi } from './api.ts';
import type { EspnApiOptions } from './api.ts';
import {
  followedLeagues,
  leaguesOnlyUserId,
  mergeFollowed,
  parseCredentialsFile,
  parseLeagueArgument,
  parseStoredCookies,
  serializeCookies,
} from './credentials.ts';
import { discoverLeagues, leagueRequest } from './discovery.ts';
import { espnSeasonId, sportOfGame } from './games.ts';
import { fetchLeagueGame } from './league-game.ts';
import { espnLive } from './live.ts';
import {
  compareIds,
  mapLeagueSnapshot,
  mapPlayer,
  placeholderPlayer,
  rosteredPlayers,
} from './mapping.ts';

export type EspnConnectorOptions = EspnApiOptions;

/**
 * Settings, teams (owners, records, standings), rosters, the whole schedule with scores and the
 * draft's picks of a league season in one call: the views cwendt94/espn-api's get_league,
 * scoreboard and get_league_draft ask for separately.
 */
const LEAGUE_VIEWS = ['mTeam', 'mRoster', 'mSettings', 'mMatchupScore', 'mDraftDetail'] as const;

/** ESPN's activity feed starts with the 2019 seasons (espn-api and ffscrapr refuse earlier). */
const FIRST_ACTIVITY_SEASON_ID = 2019;

export function createEspnConnector(options: EspnConnectorOptions): PlatformConnector {
  const api = createEspnApi(options);

  return {
    platform: 'espn',
    live: espnLive(api),

    async link(request, existing, signal) {
      if (request.username !== undefined || request.email !== undefined || request.code) {
        throw new InvalidInputError(
          'linking ESPN takes --credentials-file (espn_s2 and SWID cookies) and/or --league ID',
        );
      }
      const added = (request.leagueIds ?? []).map(parseLeagueArgument);
      const given =
        request.credentials === undefined ? undefined : parseCredentialsFile(request.credentials);
      const cookies = given ?? parseStoredCookies(existing?.credentials);
      const leagues = mergeFollowed(followedLeagues(existing?.settings), added);
      if (cookies === undefined && leagues.length === 0) {
        throw new InvalidInputError(
          'linking ESPN needs --credentials-file FILE ({"espn_s2": "...", "swid": "{GUID}"}) ' +
            'and/or --league ID',
        );
      }
      // New cookies are checked once, against the fan profile that discovery reads.
      if (given) await api.fan(given, signal);
      return {
        status: 'linked',
        account: {
          platform: 'espn',
          externalUserId: cookies ? cookies.swid : leaguesOnlyUserId(leagues),
          ...(cookies ? { credentials: serializeCookies(cookies) } : {}),
          ...(leagues.length > 0 ? { settings: { leagues } } : {}),
        },
      };
    },

    listLeagues(account, scope, signal) {
      return discoverLeagues(api, account, scope, signal);
    },

    async fetchLeague(account, ref, context, signal): Promise<LeagueSnapshot> {
      const request = leagueRequest(account, ref);
      const league = await api.leagueSeason(request, LEAGUE_VIEWS, signal);
      const gameId = league.gameId ?? undefined;
      if (gameId !== undefined && sportOfGame(gameId) !== ref.sport) {
        const message = `league ${ref.platformLeagueKey} answered as ESPN game ${gameId}, not ${ref.sport}`;
        throw new PlatformError('espn', message, 'invalid_response');
      }
      // The second call per league: its transactions, for seasons ESPN keeps them.
      const withFeed = espnSeasonId(ref.sport, ref.season) >= FIRST_ACTIVITY_SEASON_ID;
      const topics = withFeed ? await api.activity(request, signal) : [];
      const snapshot = mapLeagueSnapshot({ league, ref, players: [], topics });
      // Every rostered player as the roster describes him, stored or not: ESPN's season list has
      // no jersey numbers, so the engine fills the stored players' gaps from these
      // (sync/pool-players.ts). A player described nowhere gets a placeholder only if the store
      // lacks him too.
      const rostered = snapshot.rosterEntries.map((entry) => entry.playerId);
      const described = rosteredPlayers(league);
      const undescribed = rostered.filter((id) => !described.has(id));
      const stored = await context.storedPlayerIds(undescribed);
      const players: PlayerRecord[] = rostered.flatMap((id) => {
        const player = described.get(id);
        if (player) return [mapPlayer(player, ref.sport, ref.season)];
        return stored.has(id) ? [] : [placeholderPlayer(id)];
      });
      // Then the game: a box score call per matchup period the store does not hold as final.
      const game = await fetchLeagueGame({ api, request, ref, league, snapshot, context, signal });
      return {
        ...snapshot,
        players: players.sort((a, b) => compareIds(a.playerId, b.playerId)),
        game,
      };
    },

    async fetchPlayerPool({ sport, season }, _account, signal): Promise<PlayerPoolSnapshot | null> {
      const list = await api.players(sport, season, signal);
      const players = new Map<string, PlayerRecord>();
      for (const player of list) {
        const record = mapPlayer(player, sport, season);
        if (!players.has(record.playerId)) players.set(record.playerId, record);
      }
      return {
        platform: 'espn',
        sport,
        season,
        players: [...players.values()].sort((a, b) => compareIds(a.playerId, b.playerId)),
      };
    },
  };
}
