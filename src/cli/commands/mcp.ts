// `fantasy-data mcp`: the Model Context Protocol over stdio, for AI assistants (Claude Desktop,
// IDE agents...). It reads the store directly through the API's read model (src/serving), as the
// user of the token in FANTASY_TOKEN, with that token's products and rate limit. Standard output
// carries the protocol only: the store line and logs go to standard error.
import { readFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadConfig } from '../../config.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import { HttpProblem } from '../../serving/problems.ts';
import { MemoryRateLimitStore, RateLimiter } from '../../serving/rate-limit.ts';
import type { RateLimitStore } from '../../serving/rate-limit.ts';
import { RedisRateLimitStore } from '../../serving/rate-limit-redis.ts';
import { createStoreReadModel } from '../../serving/read-model.ts';
import { TokenAuthenticator } from '../../serving/auth.ts';
import { createLogger } from '../../logger.ts';
import { createMcpServer } from '../../mcp/server.ts';
import { mcpTools } from '../../mcp/tools.ts';
import { openStore } from '../../storage/db.ts';
import { EXIT_OK, HELP_OPTION, UsageError, describeStore, parse } from '../io.ts';
import type { CliIo } from '../io.ts';

/** The tools' names, wrapped as the usage text is: one list, from the tools themselves. */
function toolList(): string {
  const lines: string[] = [];
  let line = '';
  for (const name of mcpTools([]).map((tool) => tool.name)) {
    const next = line === '' ? name : `${line}, ${name}`;
    if (next.length > 80) {
      lines.push(`${line},`);
      line = name;
    } else line = next;
  }
  lines.push(line);
  return lines.map((text) => `        ${text}`).join('\n');
}

export const MCP_USAGE = `Usage:
  FANTASY_TOKEN=fld_... fantasy-data mcp
      serve the Model Context Protocol on stdin/stdout for an AI assistant, with read-only tools
${toolList()}
      acting as the token's user with its products and rate limit (RATE_LIMIT_PER_MINUTE, shared
      through REDIS_URL when set). Uses the same store as every command (FANTASY_DATA_DIR or
      DATABASE_URL); it never creates one. Runs until standard input closes.`;

export async function mcpCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    { args, options: HELP_OPTION, allowPositionals: true, strict: true },
    MCP_USAGE,
  );
  if (values.help) {
    io.out(MCP_USAGE);
    return EXIT_OK;
  }
  if (positionals.length > 0) {
    throw new UsageError(`unexpected argument "${positionals[0]}"`, MCP_USAGE);
  }
  const token = io.env.FANTASY_TOKEN?.trim() ?? '';
  if (token === '') {
    throw new UsageError(
      'FANTASY_TOKEN must hold an API token (fantasy-data tokens create)',
      MCP_USAGE,
    );
  }
  const config = loadConfig(io.env);
  const logger = createLogger({ level: config.logLevel, destination: process.stderr });
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    mustExist: true,
  });
  let rateStore: RateLimitStore | undefined;
  try {
    io.err(describeStore(config, store.location));
    const read = createStoreReadModel(store, config.supportedSeasons);
    await checkToken(token, read);
    rateStore =
      config.redisUrl !== undefined && config.rateLimitPerMinute > 0
        ? await RedisRateLimitStore.connect(config.redisUrl, { logger })
        : new MemoryRateLimitStore();
    const server = createMcpServer({
      read,
      seasons: config.supportedSeasons,
      limiter: new RateLimiter(rateStore, config.rateLimitPerMinute),
      token,
      logger,
      version: packageVersion(),
    });
    const closed = new Promise<void>((resolve) => {
      server.onclose = resolve;
    });
    await server.connect(new StdioServerTransport());
    // The SDK's stdio transport does not notice the end of its input; the client closing it (or
    // a signal) is the end of the session.
    const stop = (): void => void server.close();
    process.stdin.once('end', stop);
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    await closed;
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
    return EXIT_OK;
  } finally {
    await rateStore?.close();
    await store.close();
  }
}

/** Refuses to start with a token the API would refuse: the assistant's host shows this message. */
async function checkToken(
  token: string,
  read: ReturnType<typeof createStoreReadModel>,
): Promise<void> {
  try {
    await new TokenAuthenticator((hash) => read.findToken(hash)).authenticate({
      'x-auth-token': token,
    });
  } catch (error) {
    if (error instanceof HttpProblem) throw new InvalidInputError(`FANTASY_TOKEN: ${error.detail}`);
    throw error;
  }
}

function packageVersion(): string {
  const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}
