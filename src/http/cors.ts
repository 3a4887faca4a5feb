// Opt-in CORS for the public API (CORS_ORIGINS): a browser front end on one of the listed origins
// may call the read API with its token. Exact origins only, never `*`: a token in a page is the
// page's user's, and a wildcard would let any site that obtains one read with it. The admin API
// and the connect page never answer cross-origin (their keys and cookies stay same-origin).

/** The request headers a browser may send cross-origin: the token's three ways, and caching. */
const ALLOWED_HEADERS =
  'X-Auth-Token, auth_token, Authorization, If-None-Match, Accept, X-Request-Id';
/** The answer's fields a page may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS =
  'ETag, X-Request-Id, X-Match-Count, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Location';
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

export class CorsPolicy {
  private readonly origins: ReadonlySet<string>;

  constructor(origins: readonly string[]) {
    this.origins = new Set(origins);
  }

  get enabled(): boolean {
    return this.origins.size > 0;
  }

  /**
   * The field lines an API answer to a request from `origin` carries: `Vary: Origin` whenever CORS
   * is on (a shared cache must not hand one origin's answer to another), and the grant when the
   * origin is listed. Undefined when CORS is off.
   */
  linesFor(origin: string | undefined): string | undefined {
    if (!this.enabled) return undefined;
    if (origin === undefined || !this.origins.has(origin)) return 'Vary: Origin\r\n';
    return (
      `Access-Control-Allow-Origin: ${origin}\r\nVary: Origin\r\n` +
      `Access-Control-Expose-Headers: ${EXPOSED_HEADERS}\r\n`
    );
  }

  /** The answer to a preflight (OPTIONS) from a listed origin; undefined for any other. */
  preflight(
    origin: string | undefined,
    requestMethod: string | undefined,
  ): Record<string, string> | undefined {
    if (origin === undefined || !this.origins.has(origin) || requestMethod === undefined) {
      return undefined;
    }
    return {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': 'GET, HEAD',
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE),
      Vary: 'Origin',
    };
  }
}

/** Field lines (`Name: value\r\n`...) as a header object, for writeHead. */
export function linesToHeaders(lines: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines.split('\r\n')) {
    const colon = line.indexOf(': ');
    if (colon > 0) headers[line.slice(0, colon)] = line.slice(colon + 2);
  }
  return headers;
}
