// `fantasy-data serve` (what `npm start` runs): the HTTP API until SIGTERM or SIGINT, then a
// graceful shutdown and exit 0.
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { startServer } from '../../main.ts';
import { findUserByName } from '../../storage/repositories/users.ts';
import { DEMO_TOKEN_PRODUCTS, DEMO_USER_NAME } from '../../sync/demo.ts';
import { EXIT_OK, HELP_OPTION, UsageError, describeStore, parse } from '../io.ts';
import type { CliIo } from '../io.ts';

export const SERVE_USAGE = `Usage:
  fantasy-data serve
      start the HTTP API, configured from the environment: HOST, PORT, FANTASY_DATA_DIR or
      DATABASE_URL, REDIS_URL, RATE_LIMIT_PER_MINUTE, LOG_LEVEL, SYNC_INTERVAL_MINUTES,
      SUPPORTED_SEASONS, FANTASY_DEMO_ON_EMPTY, FANTASY_SECRET_KEY and more (every variable:
      docs/configuration.md). On a store with no users it loads the demo data and prints a demo
      token once. Every instance and worker of one store needs the same secret key: with another
      it refuses to start (exit 2). Stops on SIGTERM/SIGINT.`;

export async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    { args, options: HELP_OPTION, allowPositionals: true, strict: true },
    SERVE_USAGE,
  );
  if (values.help) {
    io.out(SERVE_USAGE);
    return EXIT_OK;
  }
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument "${positionals[0]}"`, SERVE_USAGE);
  const config = loadConfig(io.env);
  // Structured logs on stderr keep stdout for what a person reads: the demo token banner.
  const logger = createLogger({ level: config.logLevel, destination: process.stderr });
  const server = await startServer(config, { logger });
  io.err(describeStore(config, server.store.location));
  if (server.demoToken !== undefined) {
    // The one documented exception to "never log secrets": a first start shows its demo token
    // once, plainly on stdout and never through the logger, so the API can be tried at once.
    io.out(
      [
        'The store was empty, so the demo data was loaded for user "demo".',
        `Demo token (shown only this once; products: ${DEMO_TOKEN_PRODUCTS.join(' ')}):`,
        '',
        `  ${server.demoToken}`,
        '',
        'Try it:',
        `  curl -H 'X-Auth-Token: ${server.demoToken}' ${server.url}/league/findAllLeagues`,
      ].join('\n'),
    );
  } else if ((await findUserByName(server.store.db, DEMO_USER_NAME)) !== undefined) {
    // A later start: the first one's token is not kept anywhere, so say how to get another.
    io.err(demoTokenHint());
  }
  io.err(`listening on ${server.url}`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  logger.info({ signal }, 'signal received');
  await server.close();
  return EXIT_OK;
}

/** What a start that shows no demo token says, when the demo user is there to make one for. */
export function demoTokenHint(): string {
  const command = `tokens create --user ${DEMO_USER_NAME} --products "${DEMO_TOKEN_PRODUCTS.join(' ')}"`;
  return [
    `The demo data is loaded (user "${DEMO_USER_NAME}"); its first token was shown only at the first start.`,
    `A new token: npm run -s cli -- ${command}`,
    `  (installed: fantasy-data ${command})`,
  ].join('\n');
}
