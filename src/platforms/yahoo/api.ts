// Calls to the Fantasy Sports API for one account: a bearer token kept fresh (renewed ahead of
// expiry, and once more after a 401), a per-account request budget on top of the application's,
// and Yahoo's throttling (HTTP 999 or 429) honoured for minutes: once Yahoo throttles, no call
// goes out until the back-off is over, so the account's other leagues wait for a later sync
// instead of earning more refusals.
import { PlatformError } from '../connector.ts';
import type { PlatformAccount } from '../connector.ts';
import { RequestBudget, createHttpClient, parseRetryAfter } from '../http-client.ts';
import type { HttpClient, HttpClientOptions } from '../http-client.ts';
import { explainRefusal } from './errors.ts';
import type { TokenKeeper } from './tokens.ts';

export interface YahooApiOptions {
  /** https://fantasysports.yahooapis.com/fantasy/v2 */
  baseUrl: string;
  /** Calls per minute for the whole application (this process), retries included. */
  requestsPerMinute: number;
  /** The application's budget shared with other processes (sync/budget-redis.ts); else its own. */
  budget?: RequestBudget;
  /** Calls per minute for one Yahoo account. */
  accountRequestsPerMinute: number;
  /** The least Yahoo is left alone after throttling; a longer Retry-After wins. */
  throttleBackoffMs: number;
  fetch?: typeof fetch;
  now: () => number;
  sleep?: HttpClientOptions['sleep'];
  timeoutMs?: number;
}

export function createYahooApi(options: YahooApiOptions) {
  const { now } = options;
  const root = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let throttledUntil = 0;

  // Sees every answer first, to start the back-off from Yahoo's own Retry-After.
  const watchingFetch: typeof fetch = async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.status === 999 || response.status === 429) {
      const asked = parseRetryAfter(response.headers.get('retry-after'), now()) ?? 0;
      throttledUntil = Math.max(throttledUntil, now() + Math.max(asked, options.throttleBackoffMs));
    }
    return response;
  };

  const appBudget =
    options.budget ??
    new RequestBudget({
      perMinute: options.requestsPerMinute,
      now,
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });
  const client: HttpClient = createHttpClient({
    platform: 'yahoo',
    fetch: watchingFetch,
    budget: appBudget,
    retryThrottled: false,
    now,
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const accountBudgets = new Map<string, RequestBudget>();

  function accountBudget(account: PlatformAccount): RequestBudget {
    let budget = accountBudgets.get(account.externalUserId);
    if (budget === undefined) {
      budget = new RequestBudget({
        perMinute: options.accountRequestsPerMinute,
        // One account's own calls: its syncs hold back nothing for other people's links.
        reserve: 0,
        now,
        ...(options.sleep ? { sleep: options.sleep } : {}),
      });
      accountBudgets.set(account.externalUserId, budget);
    }
    return budget;
  }

  function throttled(endpoint: string): PlatformError {
    const until = new Date(throttledUntil).toISOString().slice(11, 19);
    return new PlatformError(
      'yahoo',
      `${endpoint}: Yahoo is throttling this application (HTTP 999/429); no calls to Yahoo ` +
        `until ${until} UTC, and the leagues not yet synced keep their last snapshot until a later sync`,
      'rate_limited',
    );
  }

  async function send(
    account: PlatformAccount,
    path: string,
    token: string,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    if (now() < throttledUntil) throw throttled(`GET ${path}`);
    await accountBudget(account).take(signal);
    const separator = path.includes('?') ? '&' : '?';
    return client.getJson(`${root}${path}${separator}format=json`, {
      endpoint: `GET ${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(signal ? { signal } : {}),
    });
  }

  const isStatus = (error: unknown, status: number): error is PlatformError =>
    error instanceof PlatformError && error.response?.status === status;

  /**
   * GETs a Fantasy API path (matrix parameters included, e.g. "/league/406.l.1/teams/roster")
   * as JSON for the account; failures come out as clear PlatformErrors.
   */
  async function get(
    keeper: TokenKeeper,
    account: PlatformAccount,
    path: string,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const endpoint = `GET ${path}`;
    const token = await keeper.accessToken(account, signal);
    try {
      return await send(account, path, token, signal);
    } catch (error) {
      if (!isStatus(error, 401)) throw explain(error, endpoint);
    }
    // An access token Yahoo no longer takes (expired early, revoked): renew once and retry.
    const renewed = await keeper.renewAfterRefusal(account, token, signal);
    try {
      return await send(account, path, renewed, signal);
    } catch (error) {
      if (!isStatus(error, 401)) throw explain(error, endpoint);
      throw new PlatformError(
        'yahoo',
        `${endpoint}: Yahoo refused the account's access token even after renewing it: the user must link yahoo again`,
        'credentials_rejected',
      );
    }
  }

  function explain(error: unknown, endpoint: string): unknown {
    if (!(error instanceof PlatformError)) return error;
    if (error.kind === 'rate_limited') return throttled(endpoint);
    return explainRefusal(error, endpoint);
  }

  return { client, get };
}

export type YahooApi = ReturnType<typeof createYahooApi>;
