// `fantasy-data link PLATFORM --user NAME ...`: hands what the user gave (a username, league ids,
// an e-mail, a credentials file, an OAuth code) to the platform's connector, which checks it
// against the platform once, and stores the link (credentials encrypted).
import { readFile } from 'node:fs/promises';
import { PLATFORMS, isPlatform } from '../../domain/catalog.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import { platformModule } from '../../platforms/registry.ts';
import { createSecretBox } from '../../secrets.ts';
import { createLogger } from '../../logger.ts';
import { createConnectorRegistry } from '../../sync/connectors.ts';
import { linkPlatformAccount } from '../../sync/linking.ts';
import { openPlatformBudgets } from '../../sync/platform-budgets.ts';
import { RELINK_HINT } from '../report.ts';
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

/** Each platform's usage lines, as its module says (the demo's none), in the API's order. */
const BY_PLATFORM = PLATFORMS.flatMap((id) =>
  platformModule(id).link.cli.map((line, i) => `        ${(i === 0 ? id : '').padEnd(13)}${line}`),
).join('\n');

export const LINK_USAGE = `Usage:
  fantasy-data link PLATFORM --user NAME [--username NAME] [--email EMAIL] [--league ID]...
                    [--credentials-file FILE | --credentials-file -] [--code CODE]
      link the user's account on PLATFORM (${PLATFORMS.join(', ')}); linking again replaces
      the link; it clears a "needs linking again" mark unless it only adds leagues to the
      credentials the platform refused (give new ones). What each platform takes:
${BY_PLATFORM}
      Credentials are read from FILE (- for standard input), never from the command line, and
      stored encrypted; they are never printed.
  example: fantasy-data link sleeper --user alice --username solarpool`;

export async function linkCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    {
      args,
      options: {
        ...HELP_OPTION,
        user: { type: 'string' },
        username: { type: 'string' },
        email: { type: 'string' },
        league: { type: 'string', multiple: true },
        code: { type: 'string' },
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
  const credentialsFile = values['credentials-file'];
  const credentials =
    credentialsFile === undefined ? undefined : await readCredentials(credentialsFile, io);
  const leagueIds = (values.league ?? []).map((id) => id.trim());
  if (leagueIds.some((id) => id === '')) throw new UsageError('--league needs an id', LINK_USAGE);

  return withStore(io, async (store, config) => {
    const user = await requireUser(store, userName);
    const request = {
      ...(values.username !== undefined && { username: values.username }),
      ...(values.email !== undefined && { email: values.email }),
      ...(leagueIds.length > 0 && { leagueIds }),
      ...(credentials !== undefined && { credentials }),
      ...(values.code !== undefined && { code: values.code }),
    };
    // With REDIS_URL the link spends the budget the deployment's workers spend, as serve's do.
    const logger = createLogger({ level: 'warn', destination: process.stderr });
    const budgets = await openPlatformBudgets(config, { logger });
    let outcome;
    try {
      const connectors = createConnectorRegistry(config, { budgetStore: budgets.store });
      outcome = await linkPlatformAccount(store, connectors, createSecretBox(config), {
        userId: user.id,
        platform,
        request,
      });
    } finally {
      await budgets.close();
    }
    if (outcome.status === 'action_required') {
      io.err(outcome.message);
      if (outcome.url !== undefined) io.out(outcome.url);
      return EXIT_OK;
    }
    const linked = outcome.account;
    io.out(linked.externalUserId);
    const name = linked.username === undefined ? '' : ` "${linked.username}"`;
    if (linked.linkProblem !== undefined) {
      // Leagues were added to credentials the platform refused: they are kept, the mark too.
      io.err(
        `updated the ${platform} link${name} of ${user.name}, which still needs linking again: ` +
          `${linked.linkProblem}. It keeps the credentials ${platform} refused and is not synced ` +
          `until linked with new ones${RELINK_HINT(platform, user.name)}`,
      );
      return EXIT_OK;
    }
    io.err(
      `linked ${platform} account${name} (${platform} user id ${linked.externalUserId}) to ${user.name}; ` +
        `sync it with: fantasy-data sync --user ${user.name} --platform ${platform}`,
    );
    return EXIT_OK;
  });
}

/** The credentials file (or standard input) as parsed JSON; bad JSON is bad input (exit 2). */
async function readCredentials(file: string, io: CliIo): Promise<unknown> {
  let text: string;
  if (file === '-') {
    if (!io.readStdin) throw new UsageError('standard input is not available here', LINK_USAGE);
    text = await io.readStdin();
  } else {
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new InvalidInputError(
        `cannot read the credentials file ${file}${typeof code === 'string' ? ` (${code})` : ''}`,
      );
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // The text itself may be a secret: never echo it.
    throw new InvalidInputError(
      `the credentials ${file === '-' ? 'on standard input' : `file ${file}`} is not valid JSON`,
    );
  }
}
