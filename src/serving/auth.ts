// Who is calling: the token from either header, looked up by its hash through a short-lived
// in-memory cache (so a revocation takes effect within TOKEN_CACHE_TTL_MS), and the product check
// each handler makes at its top. Only failures are counted against the client's address
// (auth-throttle.ts): a valid token's request does nothing more than before.
import type { Product } from '../domain/catalog.ts';
import { hashToken, looksLikeAdminKey, looksLikeToken } from '../domain/tokens.ts';
import type { StoredToken } from '../storage/repositories/tokens.ts';
import type { AuthClient, AuthThrottle } from './auth-throttle.ts';
import { HttpProblem, TOKEN_SOURCE, productMissingDetail } from './problems.ts';

export const TOKEN_CACHE_TTL_MS = 1000;
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;
export const AUTH_HEADERS = ['X-Auth-Token', 'auth_token'] as const;

const REALM = 'fantasy-league-data';
const CHALLENGE = `Token realm="${REALM}", header="X-Auth-Token"`;

/** The caller, once its token checks out. */
export interface Principal {
  tokenId: number;
  /** The rate limiter's key for the token (its id), made once per lookup, not per request. */
  rateKey: string;
  userId: number;
  products: readonly Product[];
}

type TokenLookup = (tokenHash: string) => Promise<StoredToken | undefined>;

/** The header fields a token may come in, as `req.headers` (or request-headers.ts) has them. */
export interface TokenHeaders {
  'x-auth-token'?: string | string[] | undefined;
  auth_token?: string | string[] | undefined;
  /** `Bearer <token>`: what Stripe-style clients send first, taken as a third way. */
  authorization?: string | string[] | undefined;
}

interface CacheEntry {
  fetchedAt: number;
  token: StoredToken | undefined;
  /** Built once per lookup, so a cached request allocates nothing for its caller. */
  principal: Principal | undefined;
  expiresAtMs: number;
  /** Set while the lookup runs, so concurrent requests with one token share it. */
  pending: Promise<CacheEntry> | undefined;
}

export class TokenAuthenticator {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly lookup: TokenLookup,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = TOKEN_CACHE_TTL_MS,
    private readonly maxEntries = TOKEN_CACHE_MAX_ENTRIES,
    /** Where failures are counted per client address; none: not counted (the MCP server). */
    private readonly throttle?: AuthThrottle,
  ) {}

  /**
   * The principal, synchronously when the token is cached; throws (or rejects with) HttpProblem
   * otherwise. `client` is read only when the token fails, or is new and its address failed.
   */
  authenticate(headers: TokenHeaders, client?: AuthClient): Principal | Promise<Principal> {
    const token = tokenFromHeaders(headers);
    const now = this.now();
    const entry = this.cache.get(token);
    if (entry !== undefined && entry.pending === undefined && now - entry.fetchedAt < this.ttlMs) {
      return validPrincipal(entry, now) ?? this.refused(refusalOf(entry), client);
    }
    // Only a token of the right shape is ever cached, so the shape is checked on a miss.
    if (entry === undefined) {
      const malformed = shapeProblem(token);
      if (malformed !== undefined) return this.refused(malformed, client);
    }
    // A token that worked (a lapsed entry) is never held back by its address's failures.
    if (this.throttle !== undefined && client !== undefined && entry?.principal === undefined) {
      const refusal = this.throttle.refusal('api', client);
      if (refusal !== undefined) throw refusal;
    }
    const pending = entry?.pending ?? this.fetch(token, now);
    return pending.then(
      (fetched) => validPrincipal(fetched, this.now()) ?? this.refused(refusalOf(fetched), client),
    );
  }

  /** Throws the failure, or the throttle's 429 once the address is past its limit. */
  private refused(problem: HttpProblem, client: AuthClient | undefined): never | Promise<never> {
    if (this.throttle === undefined || client === undefined) throw problem;
    return this.throttle.failed('api', client).then((refusal) => {
      throw refusal ?? problem;
    });
  }

  clear(): void {
    this.cache.clear();
  }

  private fetch(token: string, now: number): Promise<CacheEntry> {
    if (this.cache.size >= this.maxEntries) {
      const oldest = this.cache.keys().next();
      if (oldest.done !== true) this.cache.delete(oldest.value);
    }
    const entry: CacheEntry = {
      fetchedAt: now,
      token: undefined,
      principal: undefined,
      expiresAtMs: Infinity,
      pending: undefined,
    };
    const pending = this.lookup(hashToken(token)).then(
      (found) => {
        entry.token = found;
        if (found !== undefined) {
          entry.principal = {
            tokenId: found.id,
            rateKey: String(found.id),
            userId: found.userId,
            products: found.products,
          };
          if (found.expiresAt !== undefined) entry.expiresAtMs = Date.parse(found.expiresAt);
        }
        entry.fetchedAt = this.now();
        entry.pending = undefined;
        return entry;
      },
      (error: unknown) => {
        this.cache.delete(token);
        throw error;
      },
    );
    entry.pending = pending;
    this.cache.delete(token);
    this.cache.set(token, entry);
    return pending;
  }
}

/**
 * The token of one header name. Node joins repeated lines of a header with ", "; a token holds no
 * comma, so a comma means the header came more than once, and its lines must agree.
 */
function headerToken(
  value: string | string[] | undefined,
  name: (typeof AUTH_HEADERS)[number],
): string | undefined {
  const text = Array.isArray(value) ? value.join(', ') : value;
  if (text === undefined || text === '') return undefined;
  if (!text.includes(',')) return text;
  let token: string | undefined;
  for (const part of text.split(',')) {
    const line = part.trim();
    // An empty line counts as absent, as a lone empty header does.
    if (line === '' || line === token) continue;
    if (token !== undefined) {
      throw new HttpProblem(
        'conflicting_tokens',
        `${name} was sent more than once, with different tokens; send one token`,
      );
    }
    token = line;
  }
  return token;
}

/**
 * The token from X-Auth-Token, auth_token or `Authorization: Bearer`; more than one (or repeats)
 * may be sent if they agree.
 */
function tokenFromHeaders(headers: TokenHeaders): string {
  const primary = headerToken(headers['x-auth-token'], 'X-Auth-Token');
  const alternative = headerToken(headers['auth_token'], 'auth_token');
  const bearer = bearerToken(headers.authorization);
  // No array here: this runs on every request, the smallest answers included.
  const token = primary ?? alternative ?? bearer;
  if (
    (primary !== undefined && primary !== token) ||
    (alternative !== undefined && alternative !== token) ||
    (bearer !== undefined && bearer !== token)
  ) {
    throw new HttpProblem(
      'conflicting_tokens',
      'X-Auth-Token, auth_token and Authorization carry different tokens; send one of them (or the same token in each)',
    );
  }
  if (token === undefined) {
    throw new HttpProblem(
      'token_missing',
      `this endpoint needs a token in the X-Auth-Token header (or auth_token, or Authorization: Bearer); ${TOKEN_SOURCE}`,
      {},
      { 'WWW-Authenticate': CHALLENGE },
    );
  }
  return token;
}

/** The token of `Authorization: Bearer <token>`; another scheme is a 401 that says what to send. */
function bearerToken(value: string | string[] | undefined): string | undefined {
  const text = (Array.isArray(value) ? value.join(', ') : value)?.trim();
  if (text === undefined || text === '') return undefined;
  const match = /^Bearer[ ]+(\S+)$/i.exec(text);
  if (match === null) {
    throw new HttpProblem(
      'token_missing',
      'the Authorization header must be "Bearer <token>"; or send the token in X-Auth-Token',
      {},
      { 'WWW-Authenticate': CHALLENGE },
    );
  }
  return match[1];
}

/** The 401 that says what a token is instead, unless this service could have issued it. */
function shapeProblem(token: string): HttpProblem | undefined {
  if (looksLikeToken(token)) return undefined;
  return invalidToken(
    'token_invalid',
    looksLikeAdminKey(token)
      ? `an admin key is not accepted here; these endpoints take a user token: ${TOKEN_SOURCE}`
      : `the token is not one this service issued; ${TOKEN_SOURCE}`,
  );
}

function invalidToken(
  code: 'token_invalid' | 'token_expired' | 'token_revoked',
  detail: string,
): HttpProblem {
  return new HttpProblem(
    code,
    detail,
    {},
    { 'WWW-Authenticate': `${CHALLENGE}, error="invalid_token"` },
  );
}

/** The entry's principal while its token is valid at `now`. */
function validPrincipal(entry: CacheEntry, now: number): Principal | undefined {
  const { token, principal } = entry;
  if (token === undefined || token.revokedAt !== undefined || entry.expiresAtMs <= now) {
    return undefined;
  }
  return principal;
}

/** Why an entry's token is refused (validPrincipal answered nothing). */
function refusalOf(entry: CacheEntry): HttpProblem {
  const { token, principal } = entry;
  if (token === undefined || principal === undefined) {
    return invalidToken(
      'token_invalid',
      `the token is not one this service issued; ${TOKEN_SOURCE}`,
    );
  }
  if (token.revokedAt !== undefined)
    return invalidToken('token_revoked', `the token has been revoked; ${TOKEN_SOURCE}`);
  return invalidToken('token_expired', `the token expired at ${token.expiresAt}; ${TOKEN_SOURCE}`);
}

/** The product check every handler makes first. */
export function requireProduct(principal: Principal, product: Product): void {
  if (!principal.products.includes(product)) {
    throw new HttpProblem('product_missing', productMissingDetail(product), {
      required_product: product,
    });
  }
}
