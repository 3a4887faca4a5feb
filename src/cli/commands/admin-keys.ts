// `fantasy-data admin-keys create|list|revoke`: the keys of the /admin/ API. A key is printed
// once, alone on stdout; the store keeps its hash, and listings show only its prefix.
import { parseAdminScopes } from '../../domain/admin-scopes.ts';
import type { AdminScope } from '../../domain/admin-scopes.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import {
  hashToken,
  looksLikeAdminKey,
  parseDuration,
  tokenDisplayPrefix,
} from '../../domain/tokens.ts';
import { nowIso } from '../../storage/db.ts';
import {
  createAdminKey,
  findAdminKeyByHash,
  listAdminKeys,
  revokeAdminKey,
} from '../../storage/repositories/admin-keys.ts';
import {
  EXIT_FAILURE,
  EXIT_OK,
  HELP_OPTION,
  UsageError,
  formatTable,
  parse,
  requireString,
  withStore,
} from '../io.ts';
import type { CliIo } from '../io.ts';

export const ADMIN_KEYS_USAGE = `Usage:
  fantasy-data admin-keys create --name NAME [--scope read,tokens] [--expires-in 30d]
      a key for the /admin/ API (send it as "Authorization: Bearer KEY"); only the key is
      printed on stdout, and it is shown this once
      scopes (comma- or space-separated; default full):
        full     every operation
        read     every GET (users, tokens, links, syncs, connect sessions, webhooks), no change
        users    create, list, get and delete users
        tokens   issue, list, get and revoke users' API tokens
        links    link, list and unlink users' platform accounts
        syncs    start and follow syncs
        connect  create and list connect sessions
        webhooks create, list and delete webhook endpoints; read and replay their deliveries
      lifetimes: a number and a unit m h d w (90m, 12h, 30d, 2w); default: no expiry
      (an expired key is refused with 401 admin_key_expired)
  fantasy-data admin-keys list
      id, name, prefix, scopes, created, expires, revoked; never the key
  fantasy-data admin-keys revoke KEY
  fantasy-data admin-keys revoke --id N`;

export async function adminKeysCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    {
      args,
      options: {
        ...HELP_OPTION,
        name: { type: 'string' },
        id: { type: 'string' },
        scope: { type: 'string', multiple: true },
        'expires-in': { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    },
    ADMIN_KEYS_USAGE,
  );
  if (values.help) {
    io.out(ADMIN_KEYS_USAGE);
    return EXIT_OK;
  }
  const [action, ...rest] = positionals;
  switch (action) {
    case 'create': {
      if (rest.length > 0)
        throw new UsageError(`unexpected argument "${rest[0]}"`, ADMIN_KEYS_USAGE);
      const name = requireString(values.name, 'name', ADMIN_KEYS_USAGE);
      const scopes = scopesOf(values.scope);
      const expiresAt = expiryOf(values['expires-in']);
      // An operator setting up a new server starts here: like `users create`, it may make the store.
      return withStore(
        io,
        async (store) => {
          const { key, stored } = await createAdminKey(store.db, {
            name: name.trim(),
            scopes,
            ...(expiresAt !== undefined && { expiresAt }),
          });
          io.out(key);
          const expiry = stored.expiresAt === undefined ? '' : `, expires ${stored.expiresAt}`;
          io.err(
            `admin key ${stored.id} "${stored.name}" created (scopes: ${stored.scopes.join(', ')}${expiry}). It is not shown again.`,
          );
          return EXIT_OK;
        },
        { create: true },
      );
    }
    case 'list': {
      if (rest.length > 0)
        throw new UsageError(`unexpected argument "${rest[0]}"`, ADMIN_KEYS_USAGE);
      return withStore(io, async (store) => {
        const rows = (await listAdminKeys(store.db)).map((k) => [
          String(k.id),
          k.name,
          `${k.keyPrefix}…`,
          k.scopes.join(','),
          k.createdAt,
          k.expiresAt ?? '-',
          k.revokedAt ?? '-',
        ]);
        io.out(
          formatTable(['ID', 'NAME', 'PREFIX', 'SCOPES', 'CREATED', 'EXPIRES', 'REVOKED'], rows),
        );
        return EXIT_OK;
      });
    }
    case 'revoke':
      return revoke(rest, values.id, io);
    default:
      throw new UsageError(
        action === undefined
          ? 'admin-keys needs an action'
          : `unknown admin-keys action "${action}"`,
        ADMIN_KEYS_USAGE,
      );
  }
}

/** --scope as given (repeatable, comma- or space-separated); full when not given. */
function scopesOf(given: string[] | undefined): AdminScope[] {
  if (given === undefined) return ['full'];
  try {
    return parseAdminScopes(given.join(','));
  } catch (error) {
    if (error instanceof InvalidInputError) {
      throw new UsageError(`--scope: ${error.message}`, ADMIN_KEYS_USAGE);
    }
    throw error;
  }
}

function expiryOf(given: string | undefined): string | undefined {
  if (given === undefined) return undefined;
  try {
    return new Date(Date.now() + parseDuration(given)).toISOString();
  } catch (error) {
    if (error instanceof InvalidInputError) {
      throw new UsageError(`--expires-in: ${error.message}`, ADMIN_KEYS_USAGE);
    }
    throw error;
  }
}

async function revoke(rest: string[], idText: string | undefined, io: CliIo): Promise<number> {
  if ((idText === undefined) === (rest.length !== 1)) {
    throw new UsageError('admin-keys revoke takes either one KEY or --id N', ADMIN_KEYS_USAGE);
  }
  if (idText !== undefined && !/^\d{1,15}$/.test(idText)) {
    throw new UsageError(`--id must be a key id, got "${idText}"`, ADMIN_KEYS_USAGE);
  }
  const key = rest[0];
  if (key !== undefined && !looksLikeAdminKey(key)) {
    throw new UsageError(
      'that is not a whole admin key (fla_ and 43 more characters); to revoke by the id shown in "admin-keys list" use --id N',
      ADMIN_KEYS_USAGE,
    );
  }
  return withStore(io, async (store) => {
    const id =
      idText !== undefined
        ? Number(idText)
        : (await findAdminKeyByHash(store.db, hashToken(key as string)))?.id;
    const revoked = id !== undefined && (await revokeAdminKey(store.db, id, nowIso()));
    if (!revoked) {
      io.err('no active admin key matches: it is unknown or already revoked');
      return EXIT_FAILURE;
    }
    io.err(
      idText !== undefined
        ? `revoked admin key ${id}`
        : `revoked admin key ${tokenDisplayPrefix(key as string)}…`,
    );
    return EXIT_OK;
  });
}
