// What every command shares: where output goes, how bad input is reported, opening the store.
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { loadConfig } from '../config.ts';
import type { Config } from '../config.ts';
import { NotFoundError } from '../domain/errors.ts';
import { openStore } from '../storage/db.ts';
import type { Store } from '../storage/db.ts';
import { findUserByName } from '../storage/repositories/users.ts';
import type { User } from '../storage/repositories/users.ts';

/** Data goes to `out` (stdout), messages and progress to `err` (stderr). */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: Readonly<Record<string, string | undefined>>;
  /** All of standard input (credentials given as `--credentials-file -`). */
  readStdin?: () => Promise<string>;
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  readStdin: readProcessStdin,
};

/** Bad command-line input: reported with the command's usage, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/**
 * node's parseArgs (strict, positionals allowed), with its errors turned into UsageErrors that
 * carry the command's usage. Every command declares `help` itself so its type stays precise.
 */
export function parse<T extends ParseArgsConfig>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'bad arguments', usage);
  }
}

export const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

export function requireString(value: unknown, name: string, usage: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new UsageError(`--${name} is required`, usage);
  }
  return value;
}

/**
 * Which store the configuration points at and why, for the line every command prints on stderr:
 * run from another folder, ./data is another (maybe empty) store.
 */
export function describeStore(config: Config, location: string): string {
  if (config.databaseUrl !== undefined) return `store: ${location} (DATABASE_URL)`;
  return config.dataDirFromEnv
    ? `store: ${location} (FANTASY_DATA_DIR)`
    : `store: ${location} (./data in the current folder; set FANTASY_DATA_DIR to use another)`;
}

/**
 * Opens the store for one command and names it on stderr. Only commands that create something
 * from nothing (users create, demo load) may create the store; the others, above all those that
 * only read, fail with a StoreNotFoundError instead of showing an empty new store.
 */
export async function withStore<T>(
  io: CliIo,
  work: (store: Store, config: Config) => Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> {
  const config = loadConfig(io.env);
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    mustExist: options.create !== true,
  });
  io.err(describeStore(config, store.location));
  try {
    return await work(store, config);
  } finally {
    await store.close();
  }
}

export async function requireUser(store: Store, name: string): Promise<User> {
  const user = await findUserByName(store.db, name);
  if (!user) {
    throw new NotFoundError(
      `no user named "${name}" (create it with: fantasy-data users create ${name})`,
    );
  }
  return user;
}

/** Left-aligned columns separated by two spaces; the header row first. */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
