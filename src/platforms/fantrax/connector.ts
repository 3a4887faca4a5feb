// The Fantrax connector, on Fantrax's official API (https://www.fantrax.com/fxea/general/, beta).
// A user is known by the secret id Fantrax shows on their profile page, which getLeagues takes,
// and/or by the ids of leagues to follow (public leagues need nothing more). Each season's league
// has its own id. Fetches through the shared HTTP client, validates each body as it arrives, maps
// to records; the league's teams' details and activity come from activity.ts.
import type { Sport } from '../../domain/catalog.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import { EVERY_SEASON, isSeasonFinished } from '../../domain/pools.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot, PlayerRecord } from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueRef, PlatformConnector } from '../connector.ts';
import {
  PUBLIC_ACCOUNT_ID,
  accountIdOf,
  credentialsText,
  parseLeagueIds,
  parseSecretFile,
  storedSecretId,
} from './account.ts';
import { followedLeagueIds } from '../stored-account.ts';
import { fetchFantraxLeagueData } from './activity.ts';
import { createFantraxApi } from './api.ts';
import { fetchFantraxGame } from './fetch-game.ts';
import type { FantraxApiOptions, FantraxParams } from './api.ts';
import {
  FANTRAX_SPORT_CODES,
  compareIds,
  leagueSeason,
  mapLeagueSnapshot,
  mapListedLeague,
  mapPlayerIds,
  placeholderPlayer,
} from './mapping.ts';
import type { ListedLeague } from './mapping.ts';
import { responses, validate } from './schemas.ts';
import type { FantraxLeagueInfo, FantraxUserLeague } from './schemas.ts';

export interface FantraxConnectorOptions extends FantraxApiOptions {
  /** Per-attempt timeout of getPlayerIds (a sport's every player, a few MB). Default 120 s. */
  playerIdsTimeoutMs?: number;
  /** The clock that says whether a league's season is over (tests set it). */
  today?: () => Date;
}

/** Fantrax publishes no limit for its beta API: a conservative budget until one is known. */
export const REQUESTS_PER_MINUTE = 30;

export function createFantraxConnector(options: FantraxConnectorOptions): PlatformConnector {
  const { playerIdsTimeoutMs = 120_000, today = () => new Date(), ...apiOptions } = options;
  const api = createFantraxApi({ requestsPerMinute: REQUESTS_PER_MINUTE, ...apiOptions });
  const call = (method: string, params: FantraxParams, signal: AbortSignal | undefined) =>
    api.call(method, params, signal);

  /** https://www.fantrax.com/fxea/general/getLeagues?userSecretId= (the user's leagues). */
  async function userLeagues(
    secretId: string,
    signal: AbortSignal | undefined,
  ): Promise<{ leagues: FantraxUserLeague[] } | { refused: string }> {
    const answer = await call('getLeagues', { userSecretId: secretId }, signal);
    if ('refused' in answer) return answer;
    const body = validate(responses.userLeagues, answer.body, 'GET /getLeagues');
    return { leagues: body.leagues ?? [] };
  }

  /**
   * https://www.fantrax.com/fxea/general/getLeagueInfo?leagueId= , without `playerInfo` (every
   * player's eligibility and status in the league, most of the body, which nothing here reads).
   */
  async function leagueInfo(
    leagueId: string,
    signal: AbortSignal | undefined,
  ): Promise<{ info: FantraxLeagueInfo; body: unknown } | { refused: string }> {
    const answer = await call('getLeagueInfo', { leagueId, excludePlayerInfo: 'true' }, signal);
    if ('refused' in answer) return answer;
    return {
      info: validate(responses.leagueInfo, answer.body, 'GET /getLeagueInfo'),
      body: answer.body,
    };
  }

  function secretRefused(refused: string, relink: boolean): PlatformError {
    const message = relink
      ? `Fantrax no longer accepts the stored secret id (${refused}); link the account again`
      : `Fantrax knows no user with this secret id (${refused})`;
    return new PlatformError('fantrax', message, relink ? 'credentials_rejected' : 'not_found');
  }

  function noLeaguesFound(): PlatformError {
    const message =
      'found no leagues for this Secret ID; check it is the Secret ID on your Fantrax profile ' +
      'page, or link a public league by its id; nothing was linked';
    return new PlatformError('fantrax', message, 'not_found');
  }

  function leagueNotFound(leagueId: string, refused: string): PlatformError {
    const message = `league ${leagueId} not found on Fantrax (${refused}); a private league is read only through its members' secret id`;
    return new PlatformError('fantrax', message, 'not_found');
  }

  return {
    platform: 'fantrax',

    async link(request, existing, signal) {
      const leagueIds = parseLeagueIds(request.leagueIds ?? []);
      const secretId =
        request.credentials === undefined ? undefined : parseSecretFile(request.credentials);
      if (secretId === undefined && leagueIds.length === 0) {
        throw new InvalidInputError(
          'linking Fantrax needs --credentials-file FILE with {"secret_id": "..."} (the Secret ID ' +
            'on your Fantrax profile page), or --league ID for a public league',
        );
      }
      if (secretId !== undefined) {
        const answer = await userLeagues(secretId, signal);
        if ('refused' in answer) throw secretRefused(answer.refused, false);
        // Fantrax answers a Secret ID it does not know with an empty list, as it would a user
        // in no league: either way the link would follow nothing, so nothing is stored.
        if (answer.leagues.length === 0) throw noLeaguesFound();
      }
      // Each new league id is checked once, so a typo is told now rather than at every sync.
      const known = new Set(followedLeagueIds(existing));
      for (const leagueId of leagueIds.filter((id) => !known.has(id))) {
        const answer = await leagueInfo(leagueId, signal);
        if ('refused' in answer) throw leagueNotFound(leagueId, answer.refused);
      }
      const followed = [...new Set([...known, ...leagueIds])].sort(compareIds);
      const credentials =
        secretId === undefined ? existing?.credentials : credentialsText(secretId);
      return {
        status: 'linked',
        account: {
          platform: 'fantrax',
          externalUserId:
            secretId === undefined
              ? (existing?.externalUserId ?? PUBLIC_ACCOUNT_ID)
              : accountIdOf(secretId),
          ...(credentials === undefined ? {} : { credentials }),
          ...(followed.length === 0 ? {} : { settings: { leagueIds: followed } }),
        },
      };
    },

    async listLeagues(account, scope, signal) {
      const secretId = storedSecretId(account);
      const listed = new Map<string, FantraxUserLeague | undefined>();
      if (secretId !== undefined) {
        const answer = await userLeagues(secretId, signal);
        if ('refused' in answer) throw secretRefused(answer.refused, true);
        for (const entry of answer.leagues) listed.set(entry.leagueId.trim(), entry);
      }
      for (const id of followedLeagueIds(account)) if (!listed.has(id)) listed.set(id, undefined);
      // getLeagues says no season: each league's info does (and its history, and its sport
      // when the list does not).
      const leagues: ListedLeague[] = await Promise.all(
        [...listed].map(async ([leagueId, entry]) => {
          const answer = await leagueInfo(leagueId, signal);
          return { leagueId, entry, info: 'info' in answer ? answer.info : undefined };
        }),
      );
      const refs: LeagueRef[] = [];
      let unsupported = 0;
      for (const league of leagues) {
        const ref = mapListedLeague(league, scope);
        if (ref === 'unsupported') unsupported++;
        else if (ref !== undefined) refs.push(ref);
      }
      // Fantrax's hockey, soccer, golf... leagues: counted in the sync summary, never fetched.
      if (unsupported > 0) scope.unsupportedLeagues?.(unsupported);
      return refs.sort(
        (a, b) => b.season - a.season || compareIds(a.platformLeagueKey, b.platformLeagueKey),
      );
    },

    async fetchLeague(_account, ref, context, signal): Promise<LeagueSnapshot> {
      const leagueId = ref.platformLeagueKey;
      // https://www.fantrax.com/fxea/general/getLeagueInfo?leagueId=
      // https://www.fantrax.com/fxea/general/getTeamRosters?leagueId= (the current period's
      // rosters; the last period's once the season is over)
      const [infoAnswer, rostersAnswer] = await Promise.all([
        leagueInfo(leagueId, signal),
        call('getTeamRosters', { leagueId }, signal),
      ]);
      if ('refused' in infoAnswer) throw leagueNotFound(leagueId, infoAnswer.refused);
      if ('refused' in rostersAnswer) throw leagueNotFound(leagueId, rostersAnswer.refused);
      const rosters = validate(responses.teamRosters, rostersAnswer.body, 'GET /getTeamRosters');
      const season = leagueSeason(infoAnswer.info);
      if (season !== undefined && season !== ref.season) {
        const message = `GET /getLeagueInfo for league ${leagueId} answered season ${season}, not ${ref.season}`;
        throw new PlatformError('fantrax', message, 'invalid_response');
      }
      const snapshot = mapLeagueSnapshot({
        leagueId,
        sport: ref.sport,
        season: ref.season,
        info: infoAnswer.info,
        rosters,
        ...(ref.name ? { listedName: ref.name } : {}),
      });
      const { teamDetails, activity } = await fetchFantraxLeagueData({
        call,
        ref,
        leagueInfo: infoAnswer.body,
        teams: snapshot.teams.map((team) => team.rosterId),
        seasonOver: isSeasonFinished(ref.season, today()),
        signal,
      });
      const teams = snapshot.teams.map((team) => ({ ...team, ...teamDetails.get(team.rosterId) }));
      const game = await fetchFantraxGame({
        call,
        ref,
        info: infoAnswer.info,
        leagueInfo: infoAnswer.body,
        rosters,
        rosterEntries: snapshot.rosterEntries,
        teams: snapshot.teams.map((team) => team.rosterId),
        matchups: activity.matchups,
        currentPeriod: activity.currentPeriod,
        context,
        signal,
      });
      const players = await playersTheLeagueNeeds(
        snapshot.rosterEntries.map((entry) => entry.playerId),
        ref.sport,
        context.storedPlayerIds,
        signal,
      );
      return { ...snapshot, teams, players, activity, game };
    },

    async fetchPlayerPool({ sport }, _account, signal): Promise<PlayerPoolSnapshot | null> {
      const { players, externalIds } = await playerIds(sport, signal);
      if (players.length === 0) {
        // Written, an empty list would stand for the sport's players.
        const message = `GET /getPlayerIds listed no ${sport} players`;
        throw new PlatformError('fantrax', message, 'invalid_response');
      }
      return { platform: 'fantrax', sport, season: EVERY_SEASON, players, externalIds };
    },
  };

  /**
   * https://www.fantrax.com/fxea/general/getPlayerIds?sport= : every player of the sport, with
   * his Sportradar, STATS and RotoWire ids, which tie him to the same player elsewhere.
   */
  async function playerIds(sport: Sport, signal: AbortSignal | undefined) {
    const params = { sport: FANTRAX_SPORT_CODES[sport] };
    const answer = await api.call('getPlayerIds', params, signal, playerIdsTimeoutMs);
    if ('refused' in answer) {
      const message = `GET /getPlayerIds refused the ${sport} players (${answer.refused})`;
      throw new PlatformError('fantrax', message, 'unavailable');
    }
    return mapPlayerIds(validate(responses.playerIds, answer.body, 'GET /getPlayerIds'));
  }

  /**
   * Rostered players the stored pool lacks: the league calls name players by id only, so they
   * come from getPlayerIds (read only when some are missing); one it does not list either gets a
   * placeholder named by his id.
   */
  async function playersTheLeagueNeeds(
    rostered: readonly string[],
    sport: Sport,
    storedPlayerIds: (ids: readonly string[]) => Promise<ReadonlySet<string>>,
    signal: AbortSignal | undefined,
  ): Promise<PlayerRecord[]> {
    const stored = await storedPlayerIds(rostered);
    const missing = rostered.filter((id) => !stored.has(id));
    if (missing.length === 0) return [];
    const { players } = await playerIds(sport, signal);
    const byId = new Map(players.map((player) => [player.playerId, player]));
    return missing
      .map((id) => byId.get(id) ?? placeholderPlayer(id))
      .sort((a, b) => compareIds(a.playerId, b.playerId));
  }
}
