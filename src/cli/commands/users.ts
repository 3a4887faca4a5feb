// `fantasy-data users create NAME` and `users list`, a page at a time (a store may hold
// millions of users: the list never reads them all).
import { listAccounts } from '../../storage/repositories/accounts.ts';
import { createUser, listUsersPage } from '../../storage/repositories/users.ts';
import { EXIT_OK, HELP_OPTION, UsageError, formatTable, parse, withStore } from '../io.ts';
import type { CliIo } from '../io.ts';

export const USERS_USAGE = `Usage:
  fantasy-data users create NAME   create a user (1-64 letters, digits, "_", "." or "-")
  fantasy-data users list [--limit N] [--after ID]
                                   list users by id and their linked platform accounts, N at a
                                   time (default 100, at most 1000), from the one after ID`;

const DEFAULT_PAGE = 100;
const MAX_PAGE = 1000;

const OPTIONS = {
  ...HELP_OPTION,
  limit: { type: 'string' },
  after: { type: 'string' },
} as const;

/** A whole number from `from` to `to` given as --name, or the usage error that says so. */
function wholeNumber(value: string, name: string, from: number, to: number): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < from || n > to)
    throw new UsageError(`--${name} must be a whole number from ${from} to ${to}`, USERS_USAGE);
  return n;
}

export async function usersCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    { args, options: OPTIONS, allowPositionals: true, strict: true },
    USERS_USAGE,
  );
  if (values.help) {
    io.out(USERS_USAGE);
    return EXIT_OK;
  }
  const [action, ...rest] = positionals;
  if (action === 'create') {
    if (rest.length !== 1) throw new UsageError('users create takes exactly one NAME', USERS_USAGE);
    const name = rest[0] as string;
    return withStore(
      io,
      async (store) => {
        const user = await createUser(store.db, name);
        io.err(`created user ${user.name} (id ${user.id})`);
        return EXIT_OK;
      },
      { create: true },
    );
  }
  if (action === 'list') {
    if (rest.length > 0) throw new UsageError('users list takes no arguments', USERS_USAGE);
    const limit =
      values.limit === undefined ? DEFAULT_PAGE : wholeNumber(values.limit, 'limit', 1, MAX_PAGE);
    const afterId =
      values.after === undefined
        ? undefined
        : wholeNumber(values.after, 'after', 0, Number.MAX_SAFE_INTEGER);
    return withStore(io, async (store) => {
      const page = await listUsersPage(store.db, {
        limit,
        ...(afterId !== undefined && { afterId }),
      });
      const ids = page.users.map((user) => user.id);
      const accounts = ids.length === 0 ? [] : await listAccounts(store.db, { userIds: ids });
      const rows = page.users.map((user) => [
        String(user.id),
        user.name,
        user.createdAt,
        accounts
          .filter((a) => a.userId === user.id)
          .map((a) => `${a.platform}:${a.username ?? a.externalUserId}`)
          .join(' '),
      ]);
      io.out(formatTable(['ID', 'NAME', 'CREATED', 'ACCOUNTS'], rows));
      const lastId = ids.at(-1);
      if (page.more && lastId !== undefined)
        io.err(`more users follow: fantasy-data users list --after ${lastId} --limit ${limit}`);
      return EXIT_OK;
    });
  }
  if (values.limit !== undefined || values.after !== undefined)
    throw new UsageError('--limit and --after go with users list', USERS_USAGE);
  throw new UsageError(
    action === undefined ? 'users needs an action' : `unknown users action "${action}"`,
    USERS_USAGE,
  );
}
