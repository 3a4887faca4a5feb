// The Model Context Protocol server: the tools of tools.ts over the SDK's low-level Server, with
// JSON Schemas straight from TypeBox (the project's schema library; no second one). Every call
// goes the HTTP API's way: the token checked (revocation and expiry within a second), the
// token's rate limit counted, the tool's product required, the input validated; problems come
// back as tool errors a model can read and act on.
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType } from '@sinclair/typebox/errors';
import type { ValueError } from '@sinclair/typebox/errors';
import type { TObject } from '@sinclair/typebox';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { TokenAuthenticator, requireProduct } from '../serving/auth.ts';
import type { Principal } from '../serving/auth.ts';
import { describeAccepted, mustBe } from '../serving/parameter-words.ts';
import { HttpProblem, storeUnavailableProblem } from '../serving/problems.ts';
import type { RateLimiter } from '../serving/rate-limit.ts';
import type { ReadModel } from '../serving/read-model.ts';
import { describeStoreError, isStoreUnavailable } from '../storage/unavailable.ts';
import { NAME_SEARCH_CANDIDATES, mcpTools } from './tools.ts';
import type { ToolDefinition } from './tools.ts';

export interface McpDeps {
  read: ReadModel;
  limiter: RateLimiter;
  /** The served seasons (config.supportedSeasons): list_leagues's season filter takes these. */
  seasons: readonly number[];
  /** The API token the tools act for (FANTASY_TOKEN). */
  token: string;
  logger: Logger;
  version: string;
}

const INSTRUCTIONS =
  "Read-only access to the user's fantasy-sports leagues as synced by the Fantasy League Data " +
  'Service. Start with list_leagues to find a league_id; the other tools take it. Player ids ' +
  "are the platform's own; names are searched forgivingly with find_player_by_name.";

interface CompiledTool {
  tool: ToolDefinition;
  check: TypeCheck<TObject>;
  listing: Tool;
}

/** A TypeBox schema as plain JSON Schema (TypeBox's own markers are symbols, dropped here). */
function jsonSchema(schema: TObject): Tool['inputSchema'] {
  return JSON.parse(JSON.stringify(schema)) as Tool['inputSchema'];
}

export function createMcpServer(deps: McpDeps): Server {
  const auth = new TokenAuthenticator((hash) => deps.read.findToken(hash));
  const tools = new Map<string, CompiledTool>();
  for (const tool of mcpTools(deps.seasons)) {
    tools.set(tool.name, {
      tool,
      check: TypeCompiler.Compile(tool.input),
      listing: {
        name: tool.name,
        title: tool.title,
        description: `${tool.description} Needs a token with the "${tool.product}" product.`,
        inputSchema: jsonSchema(tool.input),
        outputSchema: jsonSchema(tool.output) as Tool['outputSchema'],
        annotations: {
          title: tool.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
    });
  }
  const server = new Server(
    { name: 'fantasy-data', version: deps.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools.values()].map((compiled) => compiled.listing),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const compiled = tools.get(request.params.name);
    if (compiled === undefined) {
      return failure(`unknown tool "${request.params.name}"; tools/list lists them`);
    }
    try {
      return await call(compiled, request.params.arguments ?? {});
    } catch (error) {
      if (error instanceof HttpProblem) return problem(error);
      if (isStoreUnavailable(error)) {
        // An outage, not a fault: the model is told to try again later, as HTTP clients are.
        // The driver's error is described, never logged whole (it may hold the URL's password).
        const { reason, code } = describeStoreError(error);
        deps.logger.warn(
          { tool: compiled.tool.name, reason, ...(code && { code }) },
          'tool call failed: the store does not answer',
        );
        return problem(storeUnavailableProblem());
      }
      deps.logger.error({ err: error, tool: compiled.tool.name }, 'tool call failed');
      return failure('internal_error: something went wrong on our side; see the server log');
    }
  });

  async function call(compiled: CompiledTool, input: unknown): Promise<CallToolResult> {
    const principal = await authenticate();
    const decision = await deps.limiter.hit(principal.rateKey);
    if (!decision.allowed) {
      throw new HttpProblem(
        'rate_limited',
        `this token made more than ${decision.limit} requests this minute; retry in ${decision.resetSeconds} s`,
      );
    }
    const { tool, check } = compiled;
    requireProduct(principal, tool.product);
    if (!check.Check(input)) {
      return failure(`invalid_parameter: ${explain(check.Errors(input).First())}`);
    }
    const answer = await tool.run(
      { principal, read: deps.read, candidates: NAME_SEARCH_CANDIDATES },
      input as Record<string, unknown>,
    );
    return {
      content: [{ type: 'text', text: answer.summary }],
      structuredContent: answer.structured as Record<string, unknown>,
    };
  }

  function authenticate(): Principal | Promise<Principal> {
    return auth.authenticate({ 'x-auth-token': deps.token });
  }

  return server;
}

/** What is wrong with the input, in the words of its schema: the parameter and what it takes. */
function explain(error: ValueError | undefined): string {
  if (error === undefined) return 'the input does not match the tool input schema';
  // '/sport/0' -> 'sport[0]'
  const name =
    error.path
      .slice(1)
      .replace(/\/(\d+)/g, '[$1]')
      .replaceAll('/', '.') || 'input';
  if (error.type === ValueErrorType.ObjectRequiredProperty) return `${name} is required`;
  if (error.type === ValueErrorType.ObjectAdditionalProperties) {
    return `${name} is not a parameter of this tool`;
  }
  // The HTTP API's words for the same mistake ("week must be a whole number from 1 to 30; got 0").
  if (describeAccepted(error.schema, 'json') !== undefined) {
    return `${name} ${mustBe(error.schema, error.value, 'json')}`;
  }
  return `${name}: ${error.message.toLowerCase()}`;
}

function problem(error: HttpProblem): CallToolResult {
  return failure(`${error.code}: ${error.detail}`);
}

function failure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
