// The HTTP client every platform connector uses: JSON GETs with a per-attempt timeout, retries
// with exponential backoff and full jitter, Retry-After, a per-platform request budget and a cap
// on requests in flight. Failures come out as PlatformError so the sync engine sees one shape.
// It never logs: URLs may carry keys on other platforms and headers may carry credentials.
import type { Platform } from '../domain/catalog.ts';
import { abortableSleep, whenAborted } from './abort.ts';
import { PlatformError } from './connector.ts';
import { BudgetBusyError, RequestBudget, waitAllowance } from './request-budget.ts';

export { MemoryBudgetStore, RequestBudget } from './request-budget.ts';
export type { BudgetStore } from './request-budget.ts';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface HttpClientOptions {
  platform: Platform;
  /** A fetch-shaped function; tests hand in one that replays or fails on purpose. */
  fetch?: typeof fetch;
  /** Per attempt, covering the headers and the whole body. Default 15 s. */
  timeoutMs?: number;
  /** Attempts per request, the first included. Default 4. */
  maxAttempts?: number;
  /** Backoff before retry n is random(0, min(backoffMaxMs, backoffBaseMs * 2^(n-1))). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Longest Retry-After the client waits; a platform asking for more fails the request at once. */
  retryAfterMaxMs?: number;
  /** Calls allowed in any sliding minute (retries count); 0 turns it off. Default 900. */
  requestsPerMinute?: number;
  /**
   * Share one budget between clients that call the same platform (through Redis: between every
   * worker process too); it replaces `requestsPerMinute`.
   */
  budget?: RequestBudget;
  /**
   * Whether 429/999 answers are retried here (default true). A platform that throttles for minutes
   * (Yahoo) turns it off and backs off itself rather than spend attempts within seconds.
   */
  retryThrottled?: boolean;
  /** Requests in flight at once. Default 6. */
  maxConcurrency?: number;
  /** Extra request headers (User-Agent, credentials); never logged nor put into errors. */
  headers?: Readonly<Record<string, string>>;
  /** Wall clock in ms since the epoch (budget window, Retry-After dates). */
  now?: () => number;
  sleep?: Sleep;
  /** In [0, 1): the jitter source. */
  random?: () => number;
  /**
   * Whether a redirect from one address to another may be followed. Without it fetch follows
   * every redirect; with it each hop is checked first, so a platform's answer can never send a
   * request (and the account's cookie) to a host or port the platform does not use.
   */
  mayFollow?: (from: URL, to: URL) => boolean;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Names the call in errors, e.g. "GET /league/<id>"; defaults to the URL path (no query). */
  endpoint?: string;
  /** Overrides the client's per-attempt timeout, e.g. for a large player dump. */
  timeoutMs?: number;
  /** Headers of this request only (an account's cookies, an OAuth bearer); never logged. */
  headers?: Readonly<Record<string, string>>;
  /** GET by default; POST for token endpoints (sent with `body`). POSTs are retried too. */
  method?: 'GET' | 'POST';
  body?: string;
}

export interface HttpClient {
  readonly platform: Platform;
  /** GETs a URL and parses its JSON body; the caller validates the shape. */
  getJson(url: string | URL, options?: RequestOptions): Promise<unknown>;
  /** The body as text (XML answers, login pages). */
  getText(url: string | URL, options?: RequestOptions): Promise<string>;
}

/** How much of a refused request's body a PlatformError keeps for the connector to inspect. */
const ERROR_BODY_CHARS = 4_096;

/** Redirects one request may follow when the client checks each (`mayFollow`), as browsers cap them. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A failed attempt: what to throw if it was the last, and whether another may succeed. */
interface Failure {
  kind: PlatformError['kind'];
  message: string;
  retry: boolean;
  /** The wait the platform asked for (Retry-After), if any. */
  retryAfterMs?: number;
  /** The refusing answer, handed to the connector inside the PlatformError. */
  response?: { status: number; body: string };
}

/** One answer (or its absence) from a platform, as metrics count it: no URL, no id. */
export interface UpstreamCall {
  platform: string;
  /** The HTTP status, or 'timeout' / 'network_error' when no status came back. */
  status: string;
}

const upstreamObservers = new Set<(call: UpstreamCall) => void>();

/**
 * Calls `observer` after every attempt any platform client makes (retries included), so the
 * server's metrics can count them without platforms knowing about metrics. Returns the
 * unsubscribe function.
 */
export function observeUpstreamCalls(observer: (call: UpstreamCall) => void): () => void {
  upstreamObservers.add(observer);
  return () => void upstreamObservers.delete(observer);
}

function reportUpstream(platform: string, status: string): void {
  for (const observer of upstreamObservers) observer({ platform, status });
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { platform } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const defaultTimeoutMs = options.timeoutMs ?? 15_000;
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 4));
  const backoffBaseMs = options.backoffBaseMs ?? 500;
  const backoffMaxMs = options.backoffMaxMs ?? 30_000;
  const retryAfterMaxMs = options.retryAfterMaxMs ?? 60_000;
  const budget =
    options.budget ??
    new RequestBudget({ perMinute: options.requestsPerMinute ?? 900, now, sleep });
  const slots = new ConcurrencyLimit(options.maxConcurrency ?? 6, platform);

  async function attempt(
    url: string,
    endpoint: string,
    timeoutMs: number,
    request: RequestOptions,
    parse: 'json' | 'text',
  ): Promise<{ value: unknown } | { redirectTo: string } | Failure> {
    const { signal } = request;
    await budget.take(signal);
    // One controller per attempt, fed by the timer and by the caller's signal (through
    // whenAborted, which keeps one listener on a signal every request of a sync shares).
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const stopWaiting = signal ? whenAborted(signal, () => controller.abort(signal.reason)) : noop;
    try {
      signal?.throwIfAborted();
      const response = await fetchImpl(url, {
        method: request.method ?? 'GET',
        headers: {
          accept: parse === 'json' ? 'application/json' : '*/*',
          ...options.headers,
          ...request.headers,
        },
        ...(request.body === undefined ? {} : { body: request.body }),
        signal: controller.signal,
        ...(options.mayFollow ? { redirect: 'manual' as const } : {}),
      });
      reportUpstream(platform, String(response.status));
      if (options.mayFollow && REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel();
        return redirectOutcome(url, response.headers.get('location'), endpoint, options.mayFollow);
      }
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        return statusFailure(response, endpoint, body.slice(0, ERROR_BODY_CHARS));
      }
      const text = await response.text();
      return parse === 'json' ? parseJson(text, endpoint) : { value: text };
    } catch (error) {
      // The caller's own abort is not a platform failure: hand its reason back unchanged.
      if (signal?.aborted) throw signal.reason;
      reportUpstream(platform, timedOut ? 'timeout' : 'network_error');
      if (timedOut) {
        const message = `${endpoint} gave no complete answer within ${timeoutMs} ms`;
        return { kind: 'timeout', message, retry: true };
      }
      const message = `${endpoint} failed: ${networkReason(error, url)}`;
      return { kind: 'unavailable', message, retry: true };
    } finally {
      clearTimeout(timer);
      stopWaiting();
    }
  }

  function redirectOutcome(
    url: string,
    location: string | null,
    endpoint: string,
    mayFollow: (from: URL, to: URL) => boolean,
  ): { redirectTo: string } | Failure {
    let to: URL | undefined;
    try {
      if (location !== null) to = new URL(location, url);
    } catch {
      to = undefined;
    }
    if (to !== undefined && mayFollow(new URL(url), to)) return { redirectTo: to.href };
    // Only the host goes into the message: the rest of the address may carry keys.
    const where = to === undefined ? 'an unreadable address' : `${to.protocol}//${to.host}`;
    const message = `${endpoint} redirected to ${where}, which is not one of the platform's own addresses; not followed`;
    return { kind: 'invalid_response', message, retry: false };
  }

  function statusFailure(response: Response, endpoint: string, body: string): Failure {
    const status = response.status;
    const refused = { status, body };
    if (status === 404) {
      const message = `${endpoint} answered 404 Not Found`;
      return { kind: 'not_found', message, retry: false, response: refused };
    }
    if (status === 401 || status === 403) {
      const message = `${endpoint} answered HTTP ${status} (not allowed with these credentials)`;
      return { kind: 'forbidden', message, retry: false, response: refused };
    }
    // Yahoo throttles with the non-standard 999; it means what 429 means.
    const throttled = status === 429 || status === 999;
    // Other 4xx mean this request is wrong and will stay wrong.
    if (!throttled && status < 500) {
      const message = `${endpoint} answered HTTP ${status}`;
      return { kind: 'unavailable', message, retry: false, response: refused };
    }
    const failure: Failure = throttled
      ? {
          kind: 'rate_limited',
          message: `${endpoint} answered ${status} (too many requests)`,
          retry: options.retryThrottled ?? true,
          response: refused,
        }
      : {
          kind: 'unavailable',
          message: `${endpoint} answered HTTP ${status}`,
          retry: true,
          response: refused,
        };
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
    return retryAfterMs === undefined ? failure : { ...failure, retryAfterMs };
  }

  function parseJson(text: string, endpoint: string): { value: unknown } | Failure {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unparseable';
      // A complete but broken body will be just as broken next time: no retry.
      const message = `${endpoint} sent a body that is not valid JSON (${text.length} characters: ${reason})`;
      return { kind: 'invalid_response', message, retry: false };
    }
  }

  function waitBefore(retryNo: number, failure: Failure, signal: AbortSignal | undefined): number {
    if (failure.retryAfterMs === undefined) {
      return Math.floor(random() * Math.min(backoffMaxMs, backoffBaseMs * 2 ** (retryNo - 1)));
    }
    const asked = `${failure.message}, asking to wait ${Math.ceil(failure.retryAfterMs / 1000)} s`;
    if (failure.retryAfterMs > retryAfterMaxMs) {
      // Waiting only the capped time would just earn another refusal: give up now instead.
      const message = `${asked} (more than the ${Math.ceil(retryAfterMaxMs / 1000)} s this client waits)`;
      throw new PlatformError(platform, message, failure.kind, failure.response);
    }
    // Interactive work (a link) with a deadline the wait would run past: say so now, rather than
    // sleep until the deadline ends it.
    const endsAt = waitAllowance(signal)?.endsAt;
    if (endsAt !== undefined && performance.now() + failure.retryAfterMs > endsAt) {
      const message = `${asked}, past the time this interactive call has left`;
      throw new PlatformError(platform, message, failure.kind, failure.response);
    }
    return failure.retryAfterMs;
  }

  async function send(
    url: string | URL,
    requestOptions: RequestOptions,
    parse: 'json' | 'text',
  ): Promise<unknown> {
    const href = String(url);
    const method = requestOptions.method ?? 'GET';
    const endpoint = requestOptions.endpoint ?? `${method} ${new URL(href).pathname}`;
    const timeoutMs = requestOptions.timeoutMs ?? defaultTimeoutMs;
    const { signal } = requestOptions;
    let target = href;
    let redirects = 0;
    for (let attemptNo = 1; ; attemptNo++) {
      signal?.throwIfAborted();
      const release = await slots.acquire(signal);
      let outcome: { value: unknown } | { redirectTo: string } | Failure;
      try {
        outcome = await attempt(target, endpoint, timeoutMs, requestOptions, parse);
      } finally {
        release();
      }
      if ('value' in outcome) return outcome.value;
      if ('redirectTo' in outcome) {
        if (++redirects > MAX_REDIRECTS || method !== 'GET') {
          const why =
            method === 'GET' ? `more than ${MAX_REDIRECTS} redirects` : `a redirect of a ${method}`;
          throw new PlatformError(
            platform,
            `${endpoint}: ${why}; not followed`,
            'invalid_response',
          );
        }
        // A hop is not a failed attempt: it does not use up a retry.
        target = outcome.redirectTo;
        attemptNo--;
        continue;
      }
      if (!outcome.retry || attemptNo >= maxAttempts) {
        throw new PlatformError(platform, outcome.message, outcome.kind, outcome.response);
      }
      await sleep(waitBefore(attemptNo, outcome, signal), signal);
    }
  }

  return {
    platform,
    getJson: (url, requestOptions = {}) => send(url, requestOptions, 'json'),
    getText: async (url, requestOptions = {}) =>
      (await send(url, requestOptions, 'text')) as string,
  };
}

/**
 * Retry-After as milliseconds from `nowMs`: delta-seconds or an HTTP date (RFC 9110 10.2.3).
 * Unparseable values give undefined (the caller falls back to its backoff); past dates give 0.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** A caller queued for a slot; `urgent` when its work has a wait limit (limitWaits). */
interface SlotWaiter {
  urgent: boolean;
  granted(): void;
}

/**
 * A counting semaphore; a released slot goes straight to the longest waiter, except that callers
 * with a wait limit on their signal (a link) go ahead of those without (a sync's calls, which may
 * hold every slot while they wait for the budget) and give up with a BudgetBusyError when no
 * slot frees within the limit.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: SlotWaiter[] = [];

  constructor(
    private readonly max: number,
    /** Names the slots in a BudgetBusyError: the platform. */
    private readonly name = 'calls',
  ) {}

  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.active < Math.max(1, this.max)) this.active++;
    else await this.queue(signal);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next.granted();
      else this.active--;
    };
  }

  private queue(signal: AbortSignal | undefined): Promise<void> {
    const allowance = waitAllowance(signal);
    return new Promise<void>((resolve, reject) => {
      const queuedAt = performance.now();
      let stopWaiting = noop;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waiter: SlotWaiter = {
        urgent: allowance !== undefined,
        granted: () => {
          stopWaiting();
          clearTimeout(timer);
          if (allowance !== undefined) {
            allowance.leftMs = Math.max(0, allowance.leftMs - (performance.now() - queuedAt));
          }
          resolve();
        },
      };
      const giveUp = (error: unknown): void => {
        stopWaiting();
        clearTimeout(timer);
        const at = this.waiting.indexOf(waiter);
        if (at !== -1) this.waiting.splice(at, 1);
        reject(error);
      };
      const firstPatient = waiter.urgent ? this.waiting.findIndex((w) => !w.urgent) : -1;
      this.waiting.splice(firstPatient === -1 ? this.waiting.length : firstPatient, 0, waiter);
      if (allowance !== undefined) {
        // How long the slots stay taken is unknown: the limit's length is the best hint.
        timer = setTimeout(() => {
          allowance.leftMs = 0;
          giveUp(new BudgetBusyError(this.name, allowance.maxMs));
        }, allowance.leftMs);
      }
      if (signal !== undefined) stopWaiting = whenAborted(signal, () => giveUp(signal.reason));
    });
  }
}

function noop(): void {}

/** What a network-level failure tells a person, by the socket error's code. */
const NETWORK_CODES: Readonly<Record<string, string>> = {
  ENOTFOUND: 'the name does not resolve (no network, or DNS is down)',
  EAI_AGAIN: 'the name does not resolve (no network, or DNS is down)',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection was closed',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'the host is unreachable',
};

/**
 * Names the host that could not be reached: undici's bare "fetch failed (ENOTFOUND)" read like
 * "user not found". The host comes from the request URL, never its path or query (which may
 * carry keys); the socket error's code is safe to show.
 */
function networkReason(error: unknown, url: string): string {
  const host = new URL(url).host;
  if (!(error instanceof Error)) return `could not reach ${host}: network error`;
  const cause: unknown = (error as { cause?: unknown }).cause;
  const code = cause instanceof Error ? (cause as { code?: unknown }).code : undefined;
  if (typeof code !== 'string') return `could not reach ${host}: ${error.message}`;
  const meaning = NETWORK_CODES[code];
  return `could not reach ${host}: ${meaning === undefined ? code : `${meaning} (${code})`}`;
}
