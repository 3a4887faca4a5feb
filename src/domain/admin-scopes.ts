// What an admin key may do. `full` is everything (every key made before scopes existed has it);
// `read` is every operation that only reads; each resource scope is every operation on that
// resource, reads and writes. An operation names the one resource scope it needs.
import { InvalidInputError } from './errors.ts';

export const ADMIN_RESOURCE_SCOPES = [
  'users',
  'tokens',
  'links',
  'syncs',
  'connect',
  'webhooks',
] as const;
export const ADMIN_SCOPES = ['full', 'read', ...ADMIN_RESOURCE_SCOPES] as const;

export type AdminResourceScope = (typeof ADMIN_RESOURCE_SCOPES)[number];
export type AdminScope = (typeof ADMIN_SCOPES)[number];

export function isAdminScope(value: string): value is AdminScope {
  return (ADMIN_SCOPES as readonly string[]).includes(value);
}

/** "read,tokens" or "read tokens": the scopes, each once, in ADMIN_SCOPES order. */
export function parseAdminScopes(text: string): AdminScope[] {
  const names = text.split(/[\s,]+/).filter((name) => name !== '');
  if (names.length === 0) throw new InvalidInputError(`give at least one scope: ${scopeList()}`);
  const unknown = names.filter((name) => !isAdminScope(name));
  if (unknown.length > 0) {
    throw new InvalidInputError(
      `unknown admin key scope ${unknown.map((name) => `"${name}"`).join(', ')}; scopes: ${scopeList()}`,
    );
  }
  return ADMIN_SCOPES.filter((scope) => names.includes(scope));
}

/** Whether a key holding `held` may run an operation on `needed` (`readsOnly`: a GET). */
export function scopesAllow(
  held: readonly AdminScope[],
  needed: AdminResourceScope,
  readsOnly: boolean,
): boolean {
  return held.includes('full') || held.includes(needed) || (readsOnly && held.includes('read'));
}

function scopeList(): string {
  return ADMIN_SCOPES.join(', ');
}
