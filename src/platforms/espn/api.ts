// The ESPN calls this service makes, through the shared HTTP client: the fan profile, one league
// season, its activity feed, a matchup period's box score, a season's player list, and the
// player pool's stats of a scoring period (live). Each validates its body on arrival and turns ESPN's
// refusals into PlatformErrors whose messages name the league but never a cookie (the fan API
// puts the SWID in its path, so that call is named without its URL).
import type { Sport } from '../../domain/catalog.ts';
import { PlatformError } from '../connector.ts';
import { createHttpClient } from '../http-client.ts';
import type { HttpClientOptions } from '../http-client.ts';
import { cookieHeader } from './credentials.ts';
import type { EspnCookies } from './credentials.ts';
import { ESPN_GAMES, espnSeasonId } from './games.ts';
import { responses, validate } from './schemas.ts';
import type { EspnActivityTopic } from './activity-schemas.ts';
import { boxScoreResponse, playerPoolStatsResponse } from './game-schemas.ts';
import type { EspnBoxScore, EspnPlayerPoolStats } from './game-schemas.ts';
import type { EspnFan, EspnLeague, EspnPlayer } from './schemas.ts';
import { POOL_LEAGUE, POOL_MAX_PAGES, POOL_PAGE_SIZE, poolStatsFilter } from './period-stats.ts';

export interface EspnApiOptions extends Omit<HttpClientOptions, 'platform'> {
  /** https://lm-api-reads.fantasy.espn.com/apis/v3/games in production. */
  baseUrl: string;
  /** https://fan.api.espn.com/apis/v2/fans in production. */
  fanBaseUrl: string;
  /** Per-attempt timeout of a season's player list (~0.6 MB in football). Default 60 s. */
  playerListTimeoutMs?: number;
  /** Players per page of the pool's stats (live shared read). Default POOL_PAGE_SIZE. */
  poolPageSize?: number;
}

export interface EspnApi {
  fan(cookies: EspnCookies, signal?: AbortSignal): Promise<EspnFan>;
  leagueSeason(
    request: { cookies?: EspnCookies; sport: Sport; leagueId: string; season: number },
    views: readonly string[],
    signal?: AbortSignal,
  ): Promise<EspnLeague>;
  /**
   * The league season's transactions feed, newest first; empty where ESPN keeps it from this
   * account or has none (401, 403, 404).
   */
  activity(
    request: { cookies?: EspnCookies; sport: Sport; leagueId: string; season: number },
    signal?: AbortSignal,
  ): Promise<EspnActivityTopic[]>;
  /** The box score of one matchup period, its lineups as on `scoringPeriod`. */
  boxScore(
    request: { cookies?: EspnCookies; sport: Sport; leagueId: string; season: number },
    asked: { period: number; scoringPeriod: number },
    signal?: AbortSignal,
  ): Promise<EspnBoxScore>;
  players(sport: Sport, season: number, signal?: AbortSignal): Promise<EspnPlayer[]>;
  /**
   * The player pool with each player's actual stats of one scoring period, page by page (no
   * cookies: ESPN's default league, whose raw stats are every league's).
   */
  periodStats(
    sport: Sport,
    season: number,
    scoringPeriod: number,
    signal?: AbortSignal,
  ): Promise<EspnPlayerPoolStats[]>;
}

/** Views of a box score: the schedule's scores and each side's lineups with points. */
export const BOX_SCORE_VIEWS = ['mMatchupScore', 'mBoxscore'] as const;

/** Topics per page of the activity feed (ffscrapr asks for 1000 at once; ESPN serves them). */
export const ACTIVITY_PAGE_SIZE = 1000;
/** A bound on pages, so a feed that never ends cannot spend the request budget. */
const ACTIVITY_MAX_PAGES = 5;
/**
 * The feed's transaction message types, as public clients ask for them (cwendt94/espn-api
 * ACTIVITY_MAP, ffscrapr .espn_activity_map): see transactions.ts for their meanings.
 */
const ACTIVITY_MESSAGE_TYPES = [178, 180, 179, 239, 181, 244];

/** X-Fantasy-Filter of one page of the feed: transaction topics, newest first. */
function activityFilter(offset: number): string {
  return JSON.stringify({
    topics: {
      filterType: { value: ['ACTIVITY_TRANSACTIONS'] },
      limit: ACTIVITY_PAGE_SIZE,
      limitPerMessageSet: { value: ACTIVITY_PAGE_SIZE },
      offset,
      sortMessageDate: { sortPriority: 1, sortAsc: false },
      filterIncludeMessageTypeIds: { value: ACTIVITY_MESSAGE_TYPES },
    },
  });
}

/** ESPN moved every game to its current league API for the 2018 seasons; older ones are history. */
const FIRST_CURRENT_SEASON_ID = 2018;

export function createEspnApi(options: EspnApiOptions): EspnApi {
  const {
    baseUrl,
    fanBaseUrl,
    playerListTimeoutMs = 60_000,
    poolPageSize = POOL_PAGE_SIZE,
    ...clientOptions
  } = options;
  const client = createHttpClient({ ...clientOptions, platform: 'espn' });
  const root = baseUrl.replace(/\/+$/, '');
  const fanRoot = fanBaseUrl.replace(/\/+$/, '');

  /** One league season at one of ESPN's two addresses; an empty history is a 404. */
  async function getSeason(
    request: { cookies?: EspnCookies; sport: Sport; leagueId: string },
    seasonId: number,
    history: boolean,
    views: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<EspnLeague> {
    const game = ESPN_GAMES[request.sport];
    const id = encodeURIComponent(request.leagueId);
    const viewQuery = views.map((view) => `view=${encodeURIComponent(view)}`).join('&');
    const path = history
      ? `/${game}/leagueHistory/${id}?seasonId=${seasonId}&${viewQuery}`
      : `/${game}/seasons/${seasonId}/segments/0/leagues/${id}?${viewQuery}`;
    const endpoint = `GET ${path.replace(/\?.*$/, '')}`;
    const body = await client.getJson(root + path, {
      endpoint,
      ...(request.cookies ? { headers: { cookie: cookieHeader(request.cookies) } } : {}),
      ...(signal ? { signal } : {}),
    });
    if (!history) return validate(responses.league, body, endpoint);
    const [league] = validate(responses.leagueHistory, body, endpoint);
    if (league === undefined) {
      throw new PlatformError('espn', `${endpoint} answered no season`, 'not_found');
    }
    return league;
  }

  return {
    async fan(cookies, signal) {
      // https://fan.api.espn.com/apis/v2/fans/{SWID}: the profile the ESPN site reads to list a
      // fan's teams ("preferences" of type fantasy). It answers only to that fan's own cookies.
      const endpoint = 'GET fan profile';
      try {
        const body = await client.getJson(`${fanRoot}/${encodeURIComponent(cookies.swid)}`, {
          endpoint,
          headers: { cookie: cookieHeader(cookies) },
          ...(signal ? { signal } : {}),
        });
        return validate(responses.fan, body, endpoint);
      } catch (error) {
        if (
          error instanceof PlatformError &&
          (error.kind === 'forbidden' || error.kind === 'not_found')
        ) {
          throw new PlatformError(
            'espn',
            `ESPN refused the espn_s2 and SWID cookies (HTTP ${error.response?.status ?? '?'}): ` +
              'they have expired, or the browser signed out. Copy fresh ones from a signed-in ' +
              'browser and link again: fantasy-data link espn --user NAME --credentials-file FILE',
            'credentials_rejected',
          );
        }
        throw error;
      }
    },

    async leagueSeason(request, views, signal) {
      const seasonId = espnSeasonId(request.sport, request.season);
      const history = seasonId < FIRST_CURRENT_SEASON_ID;
      const where = `${request.sport} league ${request.leagueId}, season ${request.season}`;
      try {
        try {
          return await getSeason(request, seasonId, history, views, signal);
        } catch (error) {
          // Seasons of the relaunch years sometimes live only at the other address (public
          // clients fall back the same way); a miss there too reports the first answer.
          const retry =
            error instanceof PlatformError && error.kind === 'not_found' && seasonId < 2020;
          if (!retry) throw error;
          try {
            return await getSeason(request, seasonId, !history, views, signal);
          } catch {
            throw error;
          }
        }
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        if (error.kind === 'forbidden') {
          const why = request.cookies
            ? 'the linked ESPN account is not a member of this private league, or its cookies ' +
              'have expired (link again with fresh espn_s2 and SWID cookies)'
            : 'the league is private: link ESPN with the espn_s2 and SWID cookies of a member';
          const notVisible = error.response?.body.includes('AUTH_LEAGUE_NOT_VISIBLE') === true;
          const said = notVisible ? 'AUTH_LEAGUE_NOT_VISIBLE' : `HTTP ${error.response?.status}`;
          throw new PlatformError('espn', `${where} is not visible (${said}): ${why}`, 'forbidden');
        }
        if (error.kind === 'not_found') {
          throw new PlatformError(
            'espn',
            `${where} does not exist on ESPN (the league did not play that season, or ESPN no ` +
              'longer serves it)',
            'not_found',
          );
        }
        throw error;
      }
    },

    async activity(request, signal) {
      // https://lm-api-reads.fantasy.espn.com/apis/v3/games/{game}/seasons/{Y}/segments/0/leagues/
      // {id}/communication/?view=kona_league_communication, as cwendt94/espn-api's
      // recent_activity and ffscrapr's ff_transactions call it; the X-Fantasy-Filter header
      // picks the transaction topics. Pages by `offset` until one comes back short.
      const seasonId = espnSeasonId(request.sport, request.season);
      const id = encodeURIComponent(request.leagueId);
      const path = `/${ESPN_GAMES[request.sport]}/seasons/${seasonId}/segments/0/leagues/${id}/communication/`;
      const endpoint = `GET ${path}`;
      const topics: EspnActivityTopic[] = [];
      for (let page = 0; page < ACTIVITY_MAX_PAGES; page += 1) {
        let body: unknown;
        try {
          body = await client.getJson(`${root}${path}?view=kona_league_communication`, {
            endpoint,
            headers: {
              'x-fantasy-filter': activityFilter(page * ACTIVITY_PAGE_SIZE),
              ...(request.cookies ? { cookie: cookieHeader(request.cookies) } : {}),
            },
            ...(signal ? { signal } : {}),
          });
        } catch (error) {
          // The league itself answered just before: a refusal here is a feed ESPN keeps private
          // (or has not got), which is no transactions rather than a failed league.
          const lacking =
            error instanceof PlatformError &&
            (error.kind === 'forbidden' || error.kind === 'not_found');
          if (lacking && page === 0) return [];
          throw error;
        }
        const found = validate(responses.communication, body, endpoint).topics ?? [];
        topics.push(...found);
        if (found.length < ACTIVITY_PAGE_SIZE) break;
      }
      return topics;
    },

    async boxScore(request, asked, signal) {
      // https://lm-api-reads.fantasy.espn.com/apis/v3/games/{game}/seasons/{Y}/segments/0/leagues/
      // {id}?view=mMatchupScore&view=mBoxscore&scoringPeriodId=N, as cwendt94/espn-api's
      // box_scores and ffscrapr's ff_starters ask for it; the X-Fantasy-Filter keeps the schedule
      // to the one matchup period. ESPN's box scores start with the 2018 seasons (the league
      // API), so older seasons have none; the league answered just before, so any refusal here
      // fails the league's fetch like the league call would.
      const seasonId = espnSeasonId(request.sport, request.season);
      const id = encodeURIComponent(request.leagueId);
      const path = `/${ESPN_GAMES[request.sport]}/seasons/${seasonId}/segments/0/leagues/${id}`;
      const endpoint = `GET ${path} (box score)`;
      const views = BOX_SCORE_VIEWS.map((view) => `view=${view}`).join('&');
      const filter = { schedule: { filterMatchupPeriodIds: { value: [asked.period] } } };
      const body = await client.getJson(
        `${root}${path}?${views}&scoringPeriodId=${asked.scoringPeriod}`,
        {
          endpoint,
          headers: {
            'x-fantasy-filter': JSON.stringify(filter),
            ...(request.cookies ? { cookie: cookieHeader(request.cookies) } : {}),
          },
          ...(signal ? { signal } : {}),
        },
      );
      return validate(boxScoreResponse, body, endpoint);
    },

    async players(sport, season, signal) {
      // ESPN's season player list ("players_wl", the list its own web client loads). The
      // X-Fantasy-Filter {"filterActive":null} lifts the default "active players only" filter, so
      // free agents and retired players rostered in old leagues come too. No cookies needed.
      const path = `/${ESPN_GAMES[sport]}/seasons/${espnSeasonId(sport, season)}/players`;
      const endpoint = `GET ${path}`;
      const body = await client.getJson(`${root}${path}?scoringPeriodId=0&view=players_wl`, {
        endpoint,
        headers: { 'x-fantasy-filter': JSON.stringify({ filterActive: null }) },
        timeoutMs: playerListTimeoutMs,
        ...(signal ? { signal } : {}),
      });
      return validate(responses.players, body, endpoint);
    },

    async periodStats(sport, season, scoringPeriod, signal) {
      // https://lm-api-reads.fantasy.espn.com/apis/v3/games/{game}/seasons/{Y}/segments/0/
      // leaguedefaults/3?view=kona_player_info&scoringPeriodId=N, the public player pool its web
      // client's player pages read (no cookies); paged by the filter's offset until a page comes
      // back short. Each page is ~1 MB in football, hence the player list's timeout. A pool that
      // has not ended by the last page allowed fails the read: players left out would score 0.
      const seasonId = espnSeasonId(sport, season);
      const path = `/${ESPN_GAMES[sport]}/seasons/${seasonId}/segments/0/leaguedefaults/${POOL_LEAGUE}`;
      const endpoint = `GET ${path} (player stats)`;
      const pages: EspnPlayerPoolStats[] = [];
      for (let page = 0; page < POOL_MAX_PAGES; page += 1) {
        const body = await client.getJson(
          `${root}${path}?view=kona_player_info&scoringPeriodId=${scoringPeriod}`,
          {
            endpoint,
            headers: {
              'x-fantasy-filter': poolStatsFilter(scoringPeriod, poolPageSize, page * poolPageSize),
            },
            timeoutMs: playerListTimeoutMs,
            ...(signal ? { signal } : {}),
          },
        );
        const found = validate(playerPoolStatsResponse, body, endpoint);
        pages.push(found);
        if (found.players.length < poolPageSize) return pages;
      }
      throw new PlatformError(
        'espn',
        `${endpoint} had more than ${POOL_MAX_PAGES * poolPageSize} players`,
        'invalid_response',
      );
    },
  };
}
