// `fantasy-data link PLATFORM --user NAME --username NAME`: resolves the platform username to the
// platform's user id through the platform's connector and stores the link.
import { readFileSync } from 'node:fs';
import { PLATFORMS, isPlatform } from '../../domain/catalog.ts';
import { linkAccount } from '../../storage/repositories/accounts.ts';
import { createSecretBox } from '../../secrets.ts';
import { createConnectorRegistry } from '../../sync/connectors.ts';
import { SyncError } from '../../sync/errors.ts';
import {
  EXIT_OK,
  HELP_OPTION,
  UsageError,
  parse,
  requireString,
  requireUser,
  withStore,
} from '../io.ts';
import type { CliIo } from '../io.ts';

export const LINK_USAGE = `Usage:
  fantasy-data link PLATFORM --user NAME --username PLATFORM_USERNAME [--credentials-file FILE]
      link the user's account on PLATFORM (${PLATFORMS.join(', ')});
      prints the platform's user id. Credentials, for platforms that need them, are read from
      FILE and stored encrypted (never pass them on the command line).
  example: fantasy-data link sleeper --user alice --username solarpool`;

export async function linkCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    {
      args,
      options: {
        ...HELP_OPTION,
        user: { type: 'string' },
        username: { type: 'string' },
        'credentials-file': { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    },
    LINK_USAGE,
  );
  if (values.help) {
    io.out(LINK_USAGE);
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new UsageError('link takes exactly one PLATFORM', LINK_USAGE);
  const platform = positionals[0] as string;
  if (!isPlatform(platform)) {
    throw new UsageError(
      `unknown platform "${platform}"; platforms: ${PLATFORMS.join(', ')}`,
      LINK_USAGE,
    );
  }
  const userName = requireString(values.user, 'user', LINK_USAGE);
  const username = requireString(values.username, 'username', LINK_USAGE);
  const credentialsFile = values['credentials-file'];
  const credentials =
    credentialsFile === undefined ? undefined : readFileSync(credentialsFile, 'utf8').trim();

  return withStore(io, async (store, config) => {
    const connectors = createConnectorRegistry(config);
    const connector = connectors[platform];
    if (!connector) {
      throw new SyncError(
        `${platform} has no connector yet; platforms that can be linked: ${Object.keys(connectors).join(', ')}`,
      );
    }
    const user = await requireUser(store, userName);
    const account = await connector.resolveAccount(username);
    const linked = await linkAccount(store.db, {
      userId: user.id,
      platform,
      externalUserId: account.externalUserId,
      username: account.username ?? username,
      ...(credentials === undefined
        ? {}
        : { credentialsEncrypted: createSecretBox(config).encrypt(credentials) }),
    });
    io.out(linked.externalUserId);
    io.err(
      `linked ${platform} account "${linked.username ?? username}" (${platform} user id ${linked.externalUserId}) to ${user.name}; ` +
        `sync it with: fantasy-data sync --user ${user.name} --platform ${platform}`,
    );
    return EXIT_OK;
  });
}
