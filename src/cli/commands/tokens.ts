// `fantasy-data tokens create|list|revoke`. A token is printed once, alone on stdout, and only
// its hash is stored; listings show the display prefix, never the hash.
import {
  hashToken,
  looksLikeToken,
  parseDuration,
  parseProducts,
  tokenDisplayPrefix,
} from '../../domain/tokens.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import { nowIso } from '../../storage/db.ts';
import {
  issueToken,
  listTokensForUser,
  revokeTokenByHash,
  revokeTokenById,
} from '../../storage/repositories/tokens.ts';
import {
  EXIT_FAILURE,
  EXIT_OK,
  HELP_OPTION,
  UsageError,
  formatTable,
  parse,
  requireString,
  requireUser,
  withStore,
} from '../io.ts';
import type { CliIo } from '../io.ts';

export const TOKENS_USAGE = `Usage:
  fantasy-data tokens create --user NAME --products "league roster player" [--expires-in 30d]
      issue a token; only the token is printed on stdout, and it is shown this once
      products: league roster player team transaction user meta
      lifetimes: a number and a unit m h d w (90m, 12h, 30d, 2w); default: no expiry
  fantasy-data tokens list --user NAME
      the user's tokens: id, prefix, products, created, expires, revoked
  fantasy-data tokens revoke TOKEN
  fantasy-data tokens revoke --id N`;

export async function tokensCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    {
      args,
      options: {
        ...HELP_OPTION,
        user: { type: 'string' },
        products: { type: 'string' },
        'expires-in': { type: 'string' },
        id: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    },
    TOKENS_USAGE,
  );
  if (values.help) {
    io.out(TOKENS_USAGE);
    return EXIT_OK;
  }
  const [action, ...rest] = positionals;
  switch (action) {
    case 'create': {
      if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`, TOKENS_USAGE);
      const userName = requireString(values.user, 'user', TOKENS_USAGE);
      // Everything typed is checked before the store is opened: bad input writes nothing.
      const productList = requireString(values.products, 'products', TOKENS_USAGE);
      const expiresIn = values['expires-in'];
      const products = asUsage(() => parseProducts(productList));
      const lifetime =
        expiresIn === undefined ? undefined : asUsage(() => parseDuration(expiresIn));
      return withStore(io, async (store) => {
        const user = await requireUser(store, userName);
        const expiresAt =
          lifetime === undefined ? undefined : new Date(Date.now() + lifetime).toISOString();
        const { token, stored } = await issueToken(store.db, {
          userId: user.id,
          products,
          ...(expiresAt === undefined ? {} : { expiresAt }),
        });
        io.out(token);
        io.err(
          `token ${stored.id} for ${user.name}: products ${products.join(' ')}; ` +
            `${expiresAt === undefined ? 'no expiry' : `expires ${expiresAt}`}. It is not shown again.`,
        );
        return EXIT_OK;
      });
    }
    case 'list': {
      if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`, TOKENS_USAGE);
      const userName = requireString(values.user, 'user', TOKENS_USAGE);
      return withStore(io, async (store) => {
        const user = await requireUser(store, userName);
        const rows = (await listTokensForUser(store.db, user.id)).map((t) => [
          String(t.id),
          `${t.tokenPrefix}…`,
          t.products.join(' '),
          t.createdAt,
          t.expiresAt ?? '-',
          t.revokedAt ?? '-',
        ]);
        io.out(formatTable(['ID', 'PREFIX', 'PRODUCTS', 'CREATED', 'EXPIRES', 'REVOKED'], rows));
        return EXIT_OK;
      });
    }
    case 'revoke':
      return revoke(rest, values.id, io);
    default:
      throw new UsageError(
        action === undefined ? 'tokens needs an action' : `unknown tokens action "${action}"`,
        TOKENS_USAGE,
      );
  }
}

/** Typed input the domain rules refuse is a usage error: exit 2, with the usage shown. */
function asUsage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof InvalidInputError) throw new UsageError(error.message, TOKENS_USAGE);
    throw error;
  }
}

async function revoke(rest: string[], idText: string | undefined, io: CliIo): Promise<number> {
  if ((idText === undefined) === (rest.length !== 1)) {
    throw new UsageError('tokens revoke takes either one TOKEN or --id N', TOKENS_USAGE);
  }
  let byId: number | undefined;
  let token: string | undefined;
  if (idText !== undefined) {
    if (!/^\d{1,15}$/.test(idText))
      throw new UsageError(`--id must be a token id, got "${idText}"`, TOKENS_USAGE);
    byId = Number(idText);
  } else {
    token = rest[0] as string;
    if (!looksLikeToken(token)) {
      throw new UsageError(
        'that is not a whole token (fld_ and 43 more characters); to revoke by the id shown in "tokens list" use --id N',
        TOKENS_USAGE,
      );
    }
  }
  return withStore(io, async (store) => {
    const at = nowIso();
    const revoked =
      byId !== undefined
        ? await revokeTokenById(store.db, byId, at)
        : await revokeTokenByHash(store.db, hashToken(token as string), at);
    if (!revoked) {
      io.err('no active token matches: it is unknown or already revoked');
      return EXIT_FAILURE;
    }
    io.err(
      byId !== undefined
        ? `revoked token ${byId}`
        : `revoked token ${tokenDisplayPrefix(token as string)}…`,
    );
    return EXIT_OK;
  });
}
