// The command dispatcher: picks the command group, turns errors into messages and exit codes
// (2 for usage errors and invalid input, 1 for failures), and keeps stdout for data.
import { ConfigError } from '../config.ts';
import { DomainError, InvalidInputError } from '../domain/errors.ts';
import { PlatformError } from '../platforms/connector.ts';
import { SecretError } from '../secrets.ts';
import { SyncError } from '../sync/errors.ts';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from './io.ts';
import type { CliIo } from './io.ts';

export const USAGE = `Usage: fantasy-data <command> [options]

Commands:
  serve                                   start the HTTP API (what npm start runs)
  users create NAME | users list          manage users
  tokens create --user NAME --products "league roster player" [--expires-in 30d]
  tokens list --user NAME | tokens revoke TOKEN | tokens revoke --id N
  link PLATFORM --user NAME [--username U | --credentials-file F | --league ID | --email E | --code C]
  sync --user NAME [--platform P] [--sport S]... [--season YEAR]... | sync --all
  sync status [--user NAME]
  demo load                               load the bundled demo data (idempotent)

Run "fantasy-data <command> --help" for a command's details.
The store is SQLite under FANTASY_DATA_DIR (default ./data), or PostgreSQL at DATABASE_URL.
Exit codes: 0 success, 1 failure, 2 usage error.`;

type Command = (args: string[], io: CliIo) => Promise<number>;

// Loaded on demand: `serve` pulls in the whole HTTP app, which `tokens list` has no use for.
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./commands/serve.ts')).serveCommand,
  users: async () => (await import('./commands/users.ts')).usersCommand,
  tokens: async () => (await import('./commands/tokens.ts')).tokensCommand,
  link: async () => (await import('./commands/link.ts')).linkCommand,
  sync: async () => (await import('./commands/sync.ts')).syncCommand,
  demo: async () => (await import('./commands/demo.ts')).demoCommand,
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
    io.err(`configuration error: ${error.message}`);
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
