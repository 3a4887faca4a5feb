// One call to Fantrax's official API (https://www.fantrax.com/fxea/general/<method>, GET with a
// query string). Fantrax sits behind Cloudflare, which answers callers it dislikes with 403: a
// descriptive User-Agent, a small budget (module.ts) and a backoff on 403 as on 429 (the HTTP
// client retries 429 and 5xx itself; it treats 403 as final, so the backoff on 403 is here).
import { abortableSleep } from '../abort.ts';
import { PlatformError } from '../connector.ts';
import { createHttpClient } from '../http-client.ts';
import type { HttpClientOptions } from '../http-client.ts';
import { fantraxRefusal } from './schemas.ts';

export type FantraxParams = Record<string, string | number>;

/** The body, or Fantrax's refusal (a 400/404, or an `error` in a 200 answer) in its words. */
export type FantraxAnswer = { body: unknown } | { refused: string };

export interface FantraxApiOptions extends Omit<HttpClientOptions, 'platform'> {
  /** https://www.fantrax.com/fxea/general in production; a fake server's URL in tests. */
  baseUrl: string;
  userAgent?: string;
  /** Tries after a 403 before giving up as rate_limited. Default 2. */
  forbiddenRetries?: number;
  /** Wait before the first try after a 403, doubled for each next one. Default 5 s. */
  forbiddenBackoffMs?: number;
}

export const DEFAULT_USER_AGENT =
  'fantasy-league-data-service/0.1 (self-hosted league reader; Fantrax official API connector)';

export interface FantraxApi {
  call(
    method: string,
    params: FantraxParams,
    signal: AbortSignal | undefined,
    timeoutMs?: number,
  ): Promise<FantraxAnswer>;
}

export function createFantraxApi(options: FantraxApiOptions): FantraxApi {
  const {
    baseUrl,
    userAgent = DEFAULT_USER_AGENT,
    forbiddenRetries = 2,
    forbiddenBackoffMs = 5_000,
    ...clientOptions
  } = options;
  const client = createHttpClient({
    maxConcurrency: 2,
    ...clientOptions,
    headers: { 'user-agent': userAgent, accept: 'application/json', ...clientOptions.headers },
    platform: 'fantrax',
  });
  const root = baseUrl.replace(/\/+$/, '');
  const sleep = options.sleep ?? abortableSleep;

  return {
    async call(method, params, signal, timeoutMs) {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(params)) query.set(name, String(value));
      // Errors name the call without its query: the secret id stays out of them.
      const endpoint = `GET /${method}`;
      for (let attempt = 0; ; attempt++) {
        let body: unknown;
        try {
          body = await client.getJson(`${root}/${method}?${query.toString()}`, {
            endpoint,
            ...(signal ? { signal } : {}),
            ...(timeoutMs ? { timeoutMs } : {}),
          });
        } catch (error) {
          if (!(error instanceof PlatformError)) throw error;
          const status = error.response?.status;
          if (status === 403) {
            if (attempt < forbiddenRetries) {
              await sleep(forbiddenBackoffMs * 2 ** attempt, signal);
              continue;
            }
            const message = `${endpoint} answered HTTP 403 ${attempt + 1} times: Fantrax (through Cloudflare) turns away callers asking too often; it lifts after a while`;
            throw new PlatformError('fantrax', message, 'rate_limited', error.response);
          }
          if (status === 400 || status === 404) return { refused: `HTTP ${status}` };
          throw error;
        }
        const refusal = fantraxRefusal(body);
        return refusal === undefined ? { body } : { refused: `"${refusal}"` };
      }
    },
  };
}
