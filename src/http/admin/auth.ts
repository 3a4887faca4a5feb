// Who may call /admin/: an admin key in `Authorization: Bearer`. User tokens are a different kind
// (fld_ against fla_) and are refused here by name, as admin keys are on the public endpoints.
// A key that fails is counted against the client's address (auth-throttle.ts): past the limit,
// keys not seen to work lately are answered 429 without being looked up.
import type { IncomingHttpHeaders } from 'node:http';
import type { AdminScope } from '../../domain/admin-scopes.ts';
import { hashToken, looksLikeAdminKey, looksLikeToken } from '../../domain/tokens.ts';
import type { AdminKey } from '../../storage/repositories/admin-keys.ts';
import type { AuthClient, AuthThrottle } from '../../serving/auth-throttle.ts';
import { HttpProblem } from '../../serving/problems.ts';
import { throttled } from '../pipeline/throttle.ts';

export interface AdminPrincipal {
  keyId: number;
  scopes: readonly AdminScope[];
}

const CHALLENGE = 'Bearer realm="fantasy-league-data-admin"';

export type AdminKeyLookup = (keyHash: string) => Promise<AdminKey | undefined>;

/** The client of a request and the throttle its failures count in. */
export interface AuthGuard {
  throttle: AuthThrottle;
  client: AuthClient;
}

export async function authenticateAdmin(
  headers: IncomingHttpHeaders,
  lookup: AdminKeyLookup,
  guard?: AuthGuard,
): Promise<AdminPrincipal> {
  const authorization = headers.authorization;
  const bearer =
    authorization === undefined ? undefined : /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
  if (bearer === undefined) {
    const userToken = headers['x-auth-token'] ?? headers['auth_token'];
    throw new HttpProblem(
      'admin_key_missing',
      userToken === undefined
        ? 'the admin API needs an admin key in the Authorization header: "Authorization: Bearer fla_..."'
        : 'the admin API does not accept user tokens (X-Auth-Token, auth_token); send an admin key as "Authorization: Bearer fla_..."',
      {},
      { 'WWW-Authenticate': CHALLENGE },
    );
  }
  const keyHash = hashToken(bearer);
  if (guard === undefined) return checkKey(bearer, keyHash, lookup);
  return throttled(
    guard.throttle,
    'admin',
    guard.client,
    keyHash,
    () => checkKey(bearer, keyHash, lookup),
    (error) => error instanceof HttpProblem,
  );
}

async function checkKey(
  bearer: string,
  keyHash: string,
  lookup: AdminKeyLookup,
): Promise<AdminPrincipal> {
  if (!looksLikeAdminKey(bearer)) {
    throw invalid(
      looksLikeToken(bearer)
        ? 'that is a user token; the admin API takes only admin keys (fantasy-data admin-keys create)'
        : 'the admin key is not one this service issued',
    );
  }
  const key = await lookup(keyHash);
  if (key === undefined) throw invalid('the admin key is not one this service issued');
  if (key.revokedAt !== undefined) {
    throw new HttpProblem(
      'admin_key_revoked',
      'the admin key has been revoked',
      {},
      { 'WWW-Authenticate': `${CHALLENGE}, error="invalid_token"` },
    );
  }
  if (key.expiresAt !== undefined && Date.parse(key.expiresAt) <= Date.now()) {
    throw new HttpProblem(
      'admin_key_expired',
      `the admin key expired at ${key.expiresAt}; create a new one (fantasy-data admin-keys create)`,
      {},
      { 'WWW-Authenticate': `${CHALLENGE}, error="invalid_token"` },
    );
  }
  return { keyId: key.id, scopes: key.scopes };
}

function invalid(detail: string): HttpProblem {
  return new HttpProblem(
    'admin_key_invalid',
    detail,
    {},
    { 'WWW-Authenticate': `${CHALLENGE}, error="invalid_token"` },
  );
}
