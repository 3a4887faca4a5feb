// A fuzzer over every public operation of /openapi.json (the API routes and the service's own):
// hostile requests sent as raw bytes on 127.0.0.1 (odd methods, paths, encodings, queries,
// headers, tokens, sizes), each on its own connection.
// It counts statuses and reports every 5xx, every connection closed (or left waiting over 10 s)
// without an answer, and every leak: the intruder's token (a user with no leagues) must never
// read a league.
import { loadConfig } from '../src/config.ts';
import { apiRoutes } from '../src/http/routes/index.ts';
import { OPERATIONS as SERVICE_OPERATIONS } from '../src/http/routes/operations.ts';
import { createRng } from '../src/platforms/demo/random.ts';
import type { Rng } from '../src/platforms/demo/random.ts';
import { exchange } from './fuzz-exchange.ts';
import {
  ACCEPTS,
  ENCODINGS,
  IDS,
  METHODS,
  NAMES,
  QUERIES,
  QUERY_VALUES,
  ROSTER_IDS,
} from './fuzz-words.ts';
import { countOperation, countStatus, emptyFuzzReport, shownRequest } from './fuzz-report.ts';
import type { FuzzReport } from './fuzz-report.ts';

export { formatFuzzReport, missingOperations, unansweredOperations } from './fuzz-report.ts';
export type { FuzzReport } from './fuzz-report.ts';

export interface FuzzTarget {
  host: string;
  port: number;
  /** A token of a user with leagues (every product), and its league ids. */
  token: string;
  leagueIds: readonly number[];
  /** A token of a user with no leagues: any league data it reads is a leak. */
  intruderToken: string;
}

export interface FuzzOptions {
  count: number;
  /** Stop early after this long, whatever the count. */
  maxSeconds: number;
  seed: number;
  /** Requests in flight at once. */
  concurrency: number;
}

interface FuzzRequest {
  bytes: Buffer;
  /** Sent with the intruder's token to a league path: a 200 here is a leak. */
  intruderLeague: boolean;
  /** The operation it is a (hostile) request of: its path and a method it takes. */
  operation: string | undefined;
}

/**
 * Every public operation /openapi.json lists: the API's (the routes' table) and the service's own
 * (index, health, readiness, the document and the reference page); its id, path template, the
 * names of its query parameters and a request its table gives as answering 200 on the demo.
 */
interface FuzzedOperation {
  operationId: string;
  path: string;
  query: readonly string[];
  example: string;
}
const OPERATIONS: readonly FuzzedOperation[] = [
  ...apiRoutes(loadConfig({}).supportedSeasons).map(({ doc }) => ({
    operationId: doc.operationId,
    path: doc.path,
    query: Object.keys(doc.query.properties),
    example: doc.example,
  })),
  ...SERVICE_OPERATIONS.map(({ operationId, path }) => ({
    operationId,
    path,
    query: [],
    example: path,
  })),
];

/** The operationId of every public API operation: each must be reached by a run. */
export const PUBLIC_OPERATIONS: readonly string[] = OPERATIONS.map((o) => o.operationId);
/** An operation's path with its parameters filled: the league id given, the others drawn. */
function operationPath(rng: Rng, template: string, id: string): string {
  return template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    switch (name) {
      case 'league_id':
        return id;
      case 'player_name':
        return encodeName(rng);
      case 'roster_id':
        return rng.pick(ROSTER_IDS);
      default:
        return rng.pick(IDS);
    }
  });
}

/** A query string: a junk one, or some of the operation's own parameters with drawn values. */
function operationQuery(rng: Rng, operation: FuzzedOperation): string {
  if (operation.query.length === 0 || rng.chance(0.4)) return rng.pick(QUERIES);
  const pairs = Array.from(
    { length: rng.int(1, operation.query.length) },
    () => `${rng.pick(operation.query)}=${rng.pick(QUERY_VALUES)}`,
  );
  return `?${pairs.join('&')}`;
}

function encodeName(rng: Rng): string {
  const name = rng.pick(NAMES);
  // Half raw (already %-sequences or odd bytes), half properly encoded.
  return rng.chance(0.5) ? name.replace(/ /g, '%20') : encodeURIComponent(name);
}

function oddPath(rng: Rng): string {
  return rng.pick([
    '/',
    '/docs',
    '/openapi.json',
    '/healthz',
    '/readyz',
    `/${'a'.repeat(rng.int(1000, 20000))}`,
    '/league',
    '/league/settings/',
    '/players//searchPlayer/name/x',
    '//league//findAllLeagues',
    '/league/findAllLeagues/',
    '/LEAGUE/FINDALLLEAGUES',
    '*',
    'http://evil.example/league/findAllLeagues',
    '/league/settings/11#frag',
    '/%2e%2e/%2e%2e/etc/passwd',
  ]);
}

function buildRequest(rng: Rng, target: FuzzTarget): FuzzRequest {
  const intruder = rng.chance(0.25);
  const token = intruder ? target.intruderToken : target.token;
  const id = rng.chance(0.6) ? String(rng.pick(target.leagueIds)) : rng.pick(IDS);
  const odd = rng.chance(0.15);
  const operation = rng.pick(OPERATIONS);
  const template = operation.path;
  // A quarter of the well-formed requests are the table's example, which the demo answers 200,
  // mostly sent with GET (the token and headers drawn as for any other), so every operation's
  // handler runs through to a body, not only its refusals.
  const example = !odd && rng.chance(0.25);
  const method = example && rng.chance(0.8) ? 'GET' : rng.pick(METHODS);
  const path = odd
    ? oddPath(rng) + rng.pick(QUERIES)
    : example
      ? operation.example
      : operationPath(rng, template, id) + operationQuery(rng, operation);
  const headers: string[] = [`Host: ${target.host}:${target.port}`, 'Connection: close'];
  switch (rng.int(0, 9)) {
    case 0:
      break; // no token
    case 1:
      headers.push(`X-Auth-Token: fld_${'0'.repeat(rng.int(0, 60))}`);
      break;
    case 2:
      headers.push(`X-Auth-Token: ${token}`, `auth_token: ${target.intruderToken}`);
      break;
    case 3:
      headers.push(`X-Auth-Token: ${token}`, `X-Auth-Token: ${token}`);
      break;
    case 4:
      headers.push(`auth_token: ${token}`);
      break;
    default:
      headers.push(`X-Auth-Token: ${token}`);
  }
  if (rng.chance(0.6)) headers.push(`Accept: ${rng.pick(ACCEPTS)}`);
  if (rng.chance(0.5)) headers.push(`Accept-Encoding: ${rng.pick(ENCODINGS)}`);
  if (rng.chance(0.1)) headers.push(`If-None-Match: ${rng.pick(['*', '"abc"', 'W/"x"', ''])}`);
  if (rng.chance(0.03)) headers.push(`X-Big: ${'b'.repeat(rng.int(8_000, 40_000))}`);
  if (rng.chance(0.03)) headers.push('Bad Header Name: x');
  if (rng.chance(0.03)) headers.push('Content-Length: 5');
  if (rng.chance(0.02)) headers.push('Transfer-Encoding: chunked');
  const version = rng.chance(0.97) ? 'HTTP/1.1' : rng.pick(['HTTP/1.0', 'HTTP/2.0', 'HTTP/9']);
  let text = `${method} ${path} ${version}\r\n${headers.join('\r\n')}\r\n\r\n`;
  if (headers.includes('Content-Length: 5')) text += 'hello';
  if (headers.includes('Transfer-Encoding: chunked')) text += '5\r\nhello\r\n0\r\n\r\n';
  const bytes = Buffer.from(text, 'utf8');
  // Now and then a stray byte that is not valid in a request line.
  if (rng.chance(0.02)) bytes[rng.int(0, Math.min(20, bytes.length - 1))] = rng.int(0, 31);
  // The user-scoped operations (/user, /meta, the league list) answer any token 200.
  const leagueRoute = !odd && template.includes('{league_id}');
  return {
    bytes,
    intruderLeague: intruder && leagueRoute && method === 'GET',
    operation: !odd && (method === 'GET' || method === 'HEAD') ? operation.operationId : undefined,
  };
}

export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const rng = createRng(options.seed);
  const report: FuzzReport = emptyFuzzReport();
  const started = Date.now();
  const deadline = started + options.maxSeconds * 1000;
  const worker = async (): Promise<void> => {
    while (report.sent < options.count && Date.now() < deadline) {
      report.sent++;
      const request = buildRequest(rng, target);
      const { answer, timedOut } = await exchange(target, request.bytes, 10_000);
      const status = countStatus(report, answer);
      countOperation(report, request.operation, answer, status);
      const shown = shownRequest(request.bytes);
      if (status === undefined) {
        report.failures.push({ kind: timedOut ? 'slow' : 'dropped', request: shown });
      } else if (status.startsWith('5')) {
        report.failures.push({ kind: '5xx', status: Number(status), request: shown });
      } else if (request.intruderLeague && status === '200') {
        report.failures.push({ kind: 'leak', status: 200, request: shown });
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  report.seconds = (Date.now() - started) / 1000;
  return report;
}
