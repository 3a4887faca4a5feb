// `fantasy-data users create NAME` and `users list`.
import { listAccounts } from '../../storage/repositories/accounts.ts';
import { createUser, listUsers } from '../../storage/repositories/users.ts';
import { EXIT_OK, HELP_OPTION, UsageError, formatTable, parse, withStore } from '../io.ts';
import type { CliIo } from '../io.ts';

export const USERS_USAGE = `Usage:
  fantasy-data users create NAME   create a user (1-64 letters, digits, "_", "." or "-")
  fantasy-data users list          list users and their linked platform accounts`;

export async function usersCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    { args, options: HELP_OPTION, allowPositionals: true, strict: true },
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
    return withStore(io, async (store) => {
      const users = await listUsers(store.db);
      const accounts = await listAccounts(store.db);
      const rows = users.map((user) => [
        String(user.id),
        user.name,
        user.createdAt,
        accounts
          .filter((a) => a.userId === user.id)
          .map((a) => `${a.platform}:${a.username ?? a.externalUserId}`)
          .join(' '),
      ]);
      io.out(formatTable(['ID', 'NAME', 'CREATED', 'ACCOUNTS'], rows));
      return EXIT_OK;
    });
  }
  throw new UsageError(
    action === undefined ? 'users needs an action' : `unknown users action "${action}"`,
    USERS_USAGE,
  );
}
