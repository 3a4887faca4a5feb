// The fetch the generated client calls through: it revalidates cached answers with their ETag
// (a 304 becomes the cached 200 again, so callers never see one) and, when asked to, waits out a
// 429 for as long as the service says (Retry-After) before trying again.
import { seconds } from './errors.js';

export interface RetryOptions {
  /** Retries after a 429 before giving up with the error (default 2). */
  maxRetries?: number;
  /** A 429 asking to wait longer than this is thrown at once instead (default 60). */
  maxWaitSeconds?: number;
}

export interface TransportOptions {
  fetch: (request: Request) => Promise<Response>;
  /** Answers kept for revalidation (least recently used dropped first); 0 turns the cache off. */
  cacheEntries: number;
  /** Undefined: a 429 is thrown to the caller at once. */
  retry: Required<RetryOptions> | undefined;
}

interface CachedAnswer {
  etag: string;
  body: ArrayBuffer;
  headers: Array<[string, string]>;
}

/** Headers that describe the bytes on the wire, not the decoded body fetch hands over. */
const WIRE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding']);

export class Transport {
  private readonly cache = new Map<string, CachedAnswer>();
  /** The responses rebuilt from the cache after a 304, for the result's `notModified`. */
  private readonly revalidated = new WeakSet<Response>();

  constructor(private readonly options: TransportOptions) {}

  /** The fetch to hand openapi-fetch. */
  readonly fetch = async (request: Request): Promise<Response> => {
    const { retry } = this.options;
    for (let attempt = 0; ; attempt++) {
      const response = await this.once(request.clone());
      if (response.status !== 429 || retry === undefined || attempt >= retry.maxRetries) {
        return response;
      }
      const wait =
        seconds(response.headers.get('Retry-After')) ??
        seconds(response.headers.get('RateLimit-Reset')) ??
        1;
      if (wait > retry.maxWaitSeconds) return response;
      await response.body?.cancel();
      await sleep(Math.max(wait, 0.05) * 1000, request.signal);
    }
  };

  /** Whether this response is a cached answer the service confirmed with a 304. */
  wasRevalidated(response: Response): boolean {
    return this.revalidated.has(response);
  }

  clear(): void {
    this.cache.clear();
  }

  private async once(request: Request): Promise<Response> {
    if (this.options.cacheEntries === 0 || request.method !== 'GET') {
      return this.options.fetch(request);
    }
    const key = `${request.url}\n${request.headers.get('Accept') ?? ''}`;
    const cached = this.cache.get(key);
    let sent = request;
    if (cached !== undefined && !request.headers.has('If-None-Match')) {
      const headers = new Headers(request.headers);
      headers.set('If-None-Match', cached.etag);
      sent = new Request(request, { headers });
    }
    const response = await this.options.fetch(sent);
    if (response.status === 304 && cached !== undefined) {
      this.touch(key, cached);
      // The 304 carries the fresh X-Request-Id and RateLimit-* fields; the cache the rest.
      const headers = new Headers(cached.headers);
      response.headers.forEach((value, name) => headers.set(name, value));
      const rebuilt = new Response(cached.body.slice(0), { status: 200, headers });
      this.revalidated.add(rebuilt);
      return rebuilt;
    }
    const etag = response.headers.get('ETag');
    if (response.status !== 200 || etag === null) {
      if (response.status === 200 || response.status === 404) this.cache.delete(key);
      return response;
    }
    const body = await response.arrayBuffer();
    const headers: Array<[string, string]> = [];
    response.headers.forEach((value, name) => {
      if (!WIRE_HEADERS.has(name)) headers.push([name, value]);
    });
    this.touch(key, { etag, body, headers });
    return new Response(body.slice(0), { status: 200, statusText: response.statusText, headers });
  }

  /** Puts the entry last (most recent) and drops the oldest beyond the limit. */
  private touch(key: string, entry: CachedAnswer): void {
    this.cache.delete(key);
    this.cache.set(key, entry);
    while (this.cache.size > this.options.cacheEntries) {
      const oldest = this.cache.keys().next();
      if (oldest.done === true) break;
      this.cache.delete(oldest.value);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
