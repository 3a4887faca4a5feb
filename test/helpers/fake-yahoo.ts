// A fake Yahoo on 127.0.0.1: the OAuth endpoints (fake-yahoo-oauth.ts) and the Fantasy API
// (fake-yahoo-api.ts) answering from the recordings in ../shared/fixtures/yahoo
// (fake-yahoo-recordings.ts), or from the project's own made-up data (fake-yahoo-synthetic.ts). Here: the routing, and what Yahoo checks before any API call
// (an unexpired access token, an approved application, no throttling, format=json), each of
// which a test can make fail.
import { reply, startFakePlatform } from './fake-platform.ts';
import type { FakePlatformServer, FakeReply, FakeRequest } from './fake-platform.ts';
import { fantasyApiAnswer, xmlReply } from './fake-yahoo-api.ts';
import { FAKE_CLIENT, fakeYahooOAuth } from './fake-yahoo-oauth.ts';
import type { FakeYahooOAuth } from './fake-yahoo-oauth.ts';
import { loadYahooRecordings } from './fake-yahoo-recordings.ts';
import type { YahooRecordings } from './fake-yahoo-recordings.ts';

export { FAKE_CLIENT };
export {
  RECORDED_YAHOO_USER,
  YAHOO_FIXTURES_DIR,
  YAHOO_FIXTURES_SKIP,
} from './fake-yahoo-recordings.ts';

/** Not recorded: Yahoo's body for an unapproved application, in the shape of its other errors. */
const UNAPPROVED_BODY =
  "<?xml version='1.0' encoding='UTF-8'?>\n<yahoo:error xmlns:yahoo='http://yahooapis.com/v1/base.rng' " +
  "xml:lang='en-US'>\n  <yahoo:description>Application is not authorized to access this resource</yahoo:description>\n</yahoo:error>";

export interface FakeYahoo
  extends FakePlatformServer, Omit<FakeYahooOAuth, 'token' | 'requestAuth' | 'authorized'> {
  /** YAHOO_BASE_URL and YAHOO_AUTH_BASE_URL for the connector. */
  readonly baseUrl: string;
  readonly authBaseUrl: string;
  /** Answer every API call 403 "application is not authorized" (Yahoo's approval gate). */
  setUnapproved(unapproved: boolean): void;
  /** Answer every API call 999 (with Retry-After when given); undefined to stop. */
  throttle(options: { status?: number; retryAfter?: string } | undefined): void;
  /** Replace the answer of one API path (after /fantasy/v2), e.g. with a broken body. */
  override(path: string, answer: FakeReply | undefined): void;
  readonly leagueKeys: readonly string[];
}

export async function startFakeYahoo(
  options: {
    now?: () => number;
    tokenLifetimeS?: number;
    /** The application's registered redirect URI (Yahoo refuses any other); default oob. */
    redirectUri?: string;
    /** What the API serves; default the recordings in ../shared/fixtures/yahoo. */
    world?: YahooRecordings;
  } = {},
): Promise<FakeYahoo> {
  const world = options.world ?? loadYahooRecordings();
  const oauth = fakeYahooOAuth({
    now: options.now ?? Date.now,
    tokenLifetimeS: options.tokenLifetimeS ?? 3600,
    redirectUri: options.redirectUri ?? 'oob',
  });
  let unapproved = false;
  let throttling: { status?: number; retryAfter?: string } | undefined;
  const overrides = new Map<string, FakeReply>();

  function api(request: FakeRequest): FakeReply {
    if (!oauth.authorized(request)) return xmlReply(world.errors.unauthorized(), 401);
    if (unapproved) return xmlReply(UNAPPROVED_BODY, 403);
    if (throttling !== undefined) {
      const headers: Record<string, string> =
        throttling.retryAfter === undefined ? {} : { 'retry-after': throttling.retryAfter };
      return reply.raw('', throttling.status ?? 999, headers);
    }
    if (request.query.get('format') !== 'json') return reply.status(400);
    const path = request.path.slice('/fantasy/v2'.length);
    return overrides.get(path) ?? fantasyApiAnswer(world, path) ?? reply.status(404);
  }

  const server = await startFakePlatform(
    {},
    {
      fallback: (request) => {
        if (request.path === '/oauth2/get_token') return oauth.token(request);
        if (request.path === '/oauth2/request_auth') return oauth.requestAuth(request);
        if (request.path.startsWith('/fantasy/v2/')) return api(request);
        return reply.status(404);
      },
    },
  );
  return {
    ...server,
    baseUrl: `${server.url}/fantasy/v2`,
    authBaseUrl: `${server.url}/oauth2`,
    issueCode: oauth.issueCode,
    expireAccessTokens: oauth.expireAccessTokens,
    validRefreshToken: oauth.validRefreshToken,
    refreshes: oauth.refreshes,
    refuseRefresh: oauth.refuseRefresh,
    setUnapproved: (value) => (unapproved = value),
    throttle: (value) => (throttling = value),
    override(path, value) {
      if (value === undefined) overrides.delete(path);
      else overrides.set(path, value);
    },
    leagueKeys: [...world.leagues.keys()].sort(),
  };
}
