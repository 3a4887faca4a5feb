// The Fleaflicker connector: public, read-only, no credentials (https://www.fleaflicker.com/api-docs/).
// A user is known by the e-mail address of their Fleaflicker account, which is all FetchUserLeagues
// takes (account.ts: stored encrypted, the account's id a keyed digest of it). Fetches through
// the shared HTTP client, validates each body as it arrives, maps to records.
import type { Sport } from '../../domain/catalog.ts';
import { EVERY_SEASON, isSeasonFinished } from '../../domain/pools.ts';
import type {
  LeagueSnapshot,
  PlayerExternalId,
  PlayerPoolSnapshot,
  PlayerRecord,
} from '../../domain/records.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueRef, PlatformAccount, PlatformConnector, SyncScope } from '../connector.ts';
import { createHttpClient } from '../http-client.ts';
import type { HttpClientOptions } from '../http-client.ts';
import {
  FLEAFLICKER_SPORT_CODES,
  compareIds,
  mapLeagueRef,
  mapPlayer,
  mapSportradarId,
} from './mapping.ts';
import { fetchLeagueSnapshot } from './league.ts';
import { fleaflickerLive } from './live.ts';
import { accountEmail, accountIdOf, credentialsText, normalizeEmail } from './account.ts';
import { fleaflickerError, responses, validate } from './schemas.ts';
import type { FleaLeague } from './schemas.ts';

export interface FleaflickerConnectorOptions extends Omit<HttpClientOptions, 'platform'> {
  /** https://www.fleaflicker.com/api in production; a fake server's URL in tests. */
  baseUrl: string;
  /** Most pages of 30 players read for one pool before giving up. Default 1000. */
  maxListingPages?: number;
  /** Most pages of one league's transaction feed or trades read before giving up. Default 500. */
  maxActivityPages?: number;
  /** The clock that says whether a league's season is over (tests set it). */
  today?: () => Date;
}

/** Fleaflicker answers a caller that asks much faster than once a second with 403s for a minute. */
export const REQUESTS_PER_MINUTE = 60;

type Params = Record<string, string | number>;

/** A league to read the player listing through, and how it was chosen. */
interface ListingLeague {
  leagueId: number;
  season: number;
  positions: number;
}

export function createFleaflickerConnector(
  options: FleaflickerConnectorOptions,
): PlatformConnector {
  const {
    baseUrl,
    maxListingPages = 1000,
    maxActivityPages = 500,
    today = () => new Date(),
    ...clientOptions
  } = options;
  const client = createHttpClient({
    requestsPerMinute: REQUESTS_PER_MINUTE,
    maxConcurrency: 2,
    ...clientOptions,
    platform: 'fleaflicker',
  });
  const root = baseUrl.replace(/\/+$/, '');
  /**
   * The league each (account, sport) lists players through, learnt from the last league list.
   * Only a shortcut: without it, fetchPlayerPool asks Fleaflicker for the account's leagues.
   */
  const listingLeagues = new Map<string, ListingLeague>();
  /**
   * The seasons each (account, sport, league) is listed in, learnt from the league lists read:
   * Fleaflicker keeps a league's id from season to season and links seasons nowhere else, so
   * these lists are the league's history as far as the sync reads them.
   */
  const listedSeasons = new Map<string, Set<number>>();

  /**
   * One API call. Fleaflicker refuses an unknown e-mail or league with a 4xx or with a body
   * carrying `error`; those come back as `refused` (with Fleaflicker's words) for the caller to
   * name, everything else as the parsed body or a PlatformError from the HTTP client.
   */
  async function call(
    method: string,
    params: Params,
    signal: AbortSignal | undefined,
  ): Promise<{ body: unknown } | { refused: string }> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) query.set(name, String(value));
    // The endpoint names the call in errors without its query: the e-mail stays out of them.
    const endpoint = `GET /${method}`;
    let body: unknown;
    try {
      body = await client.getJson(`${root}/${method}?${query.toString()}`, {
        endpoint,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const status = error.response?.status;
      if (status === 403) {
        const message = `${endpoint} answered HTTP 403, which Fleaflicker sends to a caller asking too often; it lifts after about a minute`;
        throw new PlatformError('fleaflicker', message, 'rate_limited', error.response);
      }
      if (status === 400 || status === 404) return { refused: `HTTP ${status}` };
      throw error;
    }
    const refusal = fleaflickerError(body);
    return refusal === undefined ? { body } : { refused: `"${refusal}"` };
  }

  /** A user's leagues of one sport (and season, else Fleaflicker's current one). */
  async function userLeagues(
    email: string,
    sport: Sport,
    season: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ leagues: FleaLeague[] } | { refused: string }> {
    // https://www.fleaflicker.com/api-docs/index.html (FetchUserLeagues)
    const params: Params = { email, sport: FLEAFLICKER_SPORT_CODES[sport] };
    if (season !== undefined) params.season = season;
    const answer = await call('FetchUserLeagues', params, signal);
    if ('refused' in answer) return answer;
    const body = validate(responses.userLeagues, answer.body, 'GET /FetchUserLeagues');
    return { leagues: body.leagues ?? [] };
  }

  function unknownEmail(email: string, refused: string, relink: boolean): PlatformError {
    // At sync time the message is stored (the run, the link's problem): without the address.
    const message = relink
      ? `Fleaflicker no longer answers for the linked e-mail address (${refused}); link the account again`
      : `Fleaflicker knows no account with the e-mail ${email} (${refused})`;
    return new PlatformError('fleaflicker', message, relink ? 'credentials_rejected' : 'not_found');
  }

  function leagueNotFound(ref: LeagueRef, refused: string): PlatformError {
    const message = `league ${ref.platformLeagueKey} (${ref.sport} ${ref.season}) not found on Fleaflicker (${refused})`;
    return new PlatformError('fleaflicker', message, 'not_found');
  }

  /**
   * Keeps the league to list players through: Fleaflicker lists only the positions a league plays,
   * so the one playing the most positions, then the latest season, then the lowest id.
   */
  function offerListingLeague(key: string, league: FleaLeague, season: number): void {
    const candidate: ListingLeague = {
      leagueId: league.id,
      season,
      positions: new Set(league.rosterRequirements?.eligibility ?? []).size,
    };
    const held = listingLeagues.get(key);
    const better =
      held === undefined ||
      candidate.positions > held.positions ||
      (candidate.positions === held.positions &&
        (candidate.season > held.season ||
          (candidate.season === held.season && candidate.leagueId < held.leagueId)));
    if (better) listingLeagues.set(key, candidate);
  }

  async function listingLeagueFor(
    account: PlatformAccount,
    sport: Sport,
    signal: AbortSignal | undefined,
  ): Promise<number> {
    const key = `${account.externalUserId}|${sport}`;
    if (!listingLeagues.has(key)) {
      const email = accountEmail(account);
      const answer = await userLeagues(email, sport, undefined, signal);
      if ('refused' in answer) throw unknownEmail(email, answer.refused, true);
      for (const league of answer.leagues) offerListingLeague(key, league, 0);
    }
    const chosen = listingLeagues.get(key);
    if (chosen === undefined) {
      const message = `no ${sport} league of this account to read Fleaflicker's player list through`;
      throw new PlatformError('fleaflicker', message, 'not_found');
    }
    return chosen.leagueId;
  }

  return {
    platform: 'fleaflicker',
    live: fleaflickerLive(call),

    async link(request, _existing, signal, context) {
      const email = normalizeEmail(request.email);
      // One look-up, in Fleaflicker's current season, shows the address is known.
      const answer = await userLeagues(email, 'football', undefined, signal);
      if ('refused' in answer) throw unknownEmail(email, answer.refused, false);
      return {
        status: 'linked',
        account: {
          platform: 'fleaflicker',
          externalUserId: accountIdOf(email, context),
          credentials: credentialsText(email),
        },
      };
    },

    async listLeagues(account: PlatformAccount, scope: SyncScope, signal) {
      const email = accountEmail(account);
      const id = account.externalUserId;
      const lists = await Promise.all(
        scope.sports.flatMap((sport) =>
          scope.seasons.map(async (season) => {
            const answer = await userLeagues(email, sport, season, signal);
            if ('refused' in answer) throw unknownEmail(email, answer.refused, true);
            return answer.leagues.map((league) => ({ league, sport, season }));
          }),
        ),
      );
      const refs = new Map<string, LeagueRef>();
      for (const { league, sport, season } of lists.flat()) {
        offerListingLeague(`${id}|${sport}`, league, season);
        const key = `${id}|${sport}|${league.id}`;
        listedSeasons.set(key, (listedSeasons.get(key) ?? new Set()).add(season));
        const ref = mapLeagueRef(league, sport, season);
        refs.set(`${sport}/${ref.platformLeagueKey}/${season}`, ref);
      }
      return [...refs.values()];
    },

    fetchLeague(account, ref, context, signal): Promise<LeagueSnapshot> {
      const listed = listedSeasons.get(
        `${account.externalUserId}|${ref.sport}|${ref.platformLeagueKey}`,
      );
      return fetchLeagueSnapshot({
        listedSeasons: listed ? [...listed] : undefined,
        call,
        ref,
        context,
        leagueNotFound: (refused) => leagueNotFound(ref, refused),
        seasonOver: isSeasonFinished(ref.season, today()),
        maxActivityPages,
        signal,
      });
    },

    async fetchPlayerPool({ sport }, account, signal): Promise<PlayerPoolSnapshot | null> {
      const leagueId = await listingLeagueFor(account, sport, signal);
      const found = new Map<string, PlayerRecord>();
      const sportradarIds: PlayerExternalId[] = [];
      let offset = 0;
      for (let page = 1; ; page++) {
        if (page > maxListingPages) {
          const message = `GET /FetchPlayerListing had more than ${maxListingPages} pages of ${sport} players`;
          throw new PlatformError('fleaflicker', message, 'invalid_response');
        }
        // https://www.fleaflicker.com/api-docs/index.html (FetchPlayerListing)
        // Through a league (the listing needs one), free agents and rostered players alike, with
        // their Sportradar ids, which tie them to the same players elsewhere (domain/crossref.ts).
        const answer = await call(
          'FetchPlayerListing',
          {
            sport: FLEAFLICKER_SPORT_CODES[sport],
            league_id: leagueId,
            'filter.free_agent_only': 'false',
            external_id_type: 'SPORTRADAR',
            result_offset: offset,
          },
          signal,
        );
        if ('refused' in answer) {
          const message = `league ${leagueId} refused the ${sport} player listing (${answer.refused})`;
          throw new PlatformError('fleaflicker', message, 'not_found');
        }
        const listing = validate(responses.playerListing, answer.body, 'GET /FetchPlayerListing');
        const players = listing.players ?? [];
        // The last page can wrap around to players already read: the first record stays.
        for (const { proPlayer } of players) {
          const player = mapPlayer(proPlayer);
          if (found.has(player.playerId)) continue;
          found.set(player.playerId, player);
          const sportradarId = mapSportradarId(proPlayer);
          if (sportradarId) sportradarIds.push(sportradarId);
        }
        const next = listing.resultOffsetNext;
        const ended =
          players.length === 0 ||
          next === undefined ||
          next <= offset ||
          (listing.resultTotal !== undefined && next >= listing.resultTotal);
        if (ended) break;
        offset = next;
      }
      const players = [...found.values()].sort((a, b) => compareIds(a.playerId, b.playerId));
      const externalIds = sportradarIds.sort((a, b) => compareIds(a.playerId, b.playerId));
      return { platform: 'fleaflicker', sport, season: EVERY_SEASON, players, externalIds };
    },
  };
}
