// The command dispatcher: picks the command group, turns errors into messages and exit codes
// (2 for usage errors and invalid input, 1 for failures), and keeps stdout for data.
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config.ts';
import { DomainError, InvalidInputError } from '../domain/errors.ts';
import { PlatformError } from '../platforms/connector.ts';
import { SecretError } from '../secrets.ts';
import { StoreNotFoundError } from '../storage/db.ts';
import { SyncError } from '../sync/errors.ts';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from './io.ts';
import type { CliIo } from './io.ts';

export const USAGE = `Usage: fantasy-data <command> [options]

Commands:
  serve                                   start the HTTP API (what npm start runs)
  users create NAME | users list          manage users
  tokens create --user NAME --products "league roster player" [--expires-in 30d]
  tokens list --user NAME | tokens revoke TOKEN | tokens revoke --id N
  admin-keys create --name NAME | admin-keys list | admin-keys revoke KEY | --id N
  link PLATFORM --user NAME [--username U | --credentials-file F | --league ID | --email E | --code C]
  sync --user NAME [--platform P] [--sport S]... [--season YEAR]... [--no-wait] | sync --all
  sync status [--user NAME]
  worker [--concurrency N]                run queued syncs (with REDIS_URL)
  demo load                               load the bundled demo data (idempotent)
  mcp                                     Model Context Protocol on stdio (token in FANTASY_TOKEN)
  connect-key                             the key applications verify connect return URLs with

Run "fantasy-data <command> --help" for a command's details; "fantasy-data --version".
The store is SQLite in FANTASY_DATA_DIR, or in ./data of the current folder when that is unset,
or PostgreSQL at DATABASE_URL; every command names the store it uses on stderr.
Exit codes: 0 success, 1 failure, 2 usage error, bad input or bad configuration.`;

/** The package's version; package.json sits two folders up from src/cli and from dist/cli. */
function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

type Command = (args: string[], io: CliIo) => Promise<number>;

// Loaded on demand: `serve` pulls in the whole HTTP app, which `tokens list` has no use for.
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./commands/serve.ts')).serveCommand,
  users: async () => (await import('./commands/users.ts')).usersCommand,
  tokens: async () => (await import('./commands/tokens.ts')).tokensCommand,
  'admin-keys': async () => (await import('./commands/admin-keys.ts')).adminKeysCommand,
  link: async () => (await import('./commands/link.ts')).linkCommand,
  sync: async () => (await import('./commands/sync.ts')).syncCommand,
  demo: async () => (await import('./commands/demo.ts')).demoCommand,
  worker: async () => (await import('./commands/worker.ts')).workerCommand,
  mcp: async () => (await import('./commands/mcp.ts')).mcpCommand,
  'connect-key': async () => (await import('./commands/connect-key.ts')).connectKeyCommand,
};

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined) {
    io.err(USAGE);
    return EXIT_USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.out(USAGE);
    return EXIT_OK;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    io.out(`fantasy-data ${packageVersion()}`);
    return EXIT_OK;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    io.err(`fantasy-data: unknown command "${name}"\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  try {
    const command = await load();
    return await command(args, io);
  } catch (error) {
    return report(error, name, io);
  }
}

function report(error: unknown, name: string, io: CliIo): number {
  if (error instanceof UsageError) {
    io.err(`fantasy-data ${name}: ${error.message}${error.usage ? `\n\n${error.usage}` : ''}`);
    return EXIT_USAGE;
  }
  if (error instanceof ConfigError) {
    // A bad value in the environment is bad input, like a bad argument.
    io.err(`configuration error: ${error.message}`);
    return EXIT_USAGE;
  }
  if (error instanceof StoreNotFoundError) {
    io.err(
      `fantasy-data ${name}: ${error.message}; nothing was created. FANTASY_DATA_DIR is the ` +
        'store folder (default ./data of the current folder: run from the folder holding data/, ' +
        'or set FANTASY_DATA_DIR or DATABASE_URL); a new store is made by ' +
        '"fantasy-data users create NAME", "fantasy-data demo load" or "fantasy-data serve".',
    );
    return EXIT_FAILURE;
  }
  if (error instanceof InvalidInputError) {
    io.err(`fantasy-data ${name}: ${error.message}`);
    return EXIT_USAGE;
  }
  if (
    error instanceof DomainError ||
    error instanceof PlatformError ||
    error instanceof SyncError ||
    error instanceof SecretError
  ) {
    io.err(`fantasy-data ${name}: ${error.message}`);
    return EXIT_FAILURE;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.err(`fantasy-data ${name}: failed: ${message}`);
  return EXIT_FAILURE;
}
