// The private parts of node:http and pino the wire code relies on, each named here and read or
// written nowhere else. None is a public API: a Node or pino release may rename or drop one. Each
// is checked once, at start, on an object built for the purpose; without it the caller takes the
// public path (writeHead, node:http's own dump, pino's `logger.info`), slower but the same bytes.
// test/http/internals.test.ts checks each on a real server, socket and logger and names the one
// that broke, so an upgrade fails the tests rather than quietly taking the slow path.
import { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerResponse as Response } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { Duplex } from 'node:stream';
import pino from 'pino';
import type { Logger } from 'pino';

// ---- IncomingMessage._dumped (node:http, read by the parser's body callback and by _dump) ----

/** Whether this Node's requests carry `_dumped` (false until node:http dumps the request). */
export const HAS_DUMPED_FLAG =
  (new IncomingMessage(new Socket()) as unknown as { _dumped?: unknown })._dumped === false;

/** Marks `req` dumped: node:http's parser then drops its body bytes, and no dump runs after. */
export function markDumped(req: IncomingMessage): void {
  if (HAS_DUMPED_FLAG) (req as unknown as { _dumped: boolean })._dumped = true;
}

// ---- Socket._httpMessage (node:http: the response a connection is writing) ----

/** The response node:http is writing on `socket`, if any (a pipelined request's). */
export function responseInFlight(socket: Duplex): Response | undefined {
  return (socket as { _httpMessage?: Response | null })._httpMessage ?? undefined;
}

// ---- OutgoingMessage: _header and the keep-alive fields _storeHeader reads ----

/** The parts of node:http's OutgoingMessage a head of our own reads and sets (Node 20). */
interface OutgoingInternals {
  _header: string | null;
  _headerSent: boolean;
  _hasBody: boolean;
  _last: boolean;
  _keepAliveTimeout: number;
  _defaultKeepAlive: boolean;
  _maxRequestsPerSocket: number | undefined;
  shouldKeepAlive: boolean;
  maxRequestsOnConnectionReached: boolean;
  useChunkedEncodingByDefault: boolean;
}

/** Whether this Node's responses have the fields storeHead and connectionOf use. */
export const HAS_OUTGOING_INTERNALS = hasOutgoingInternals();

function hasOutgoingInternals(): boolean {
  const req = new IncomingMessage(new Socket());
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  const res = new ServerResponse(req) as unknown as Record<string, unknown>;
  return (
    res._header === null &&
    res._headerSent === false &&
    res._hasBody === true &&
    typeof res._keepAliveTimeout === 'number' &&
    res._defaultKeepAlive === true &&
    res.shouldKeepAlive === true &&
    res.maxRequestsOnConnectionReached === false &&
    res.useChunkedEncodingByDefault === true &&
    res.sendDate === true &&
    typeof res._storeHeader === 'function'
  );
}

/**
 * How node:http's `_storeHeader` would end this response's head: `close` (and the connection is
 * closed after it: `_last`), `close-counted` (it says close at maxRequestsPerSocket but leaves the
 * connection to its own count, which answers further requests 503), `keep-alive` without a
 * Keep-Alive field, or `keep-alive-timed` with one (keepAliveTimeoutSeconds, maxRequestsPerSocket).
 * `hasContentLength`: the head holds Content-Length.
 */
export type Connection = 'close' | 'close-counted' | 'keep-alive' | 'keep-alive-timed';

export function connectionOf(res: Response, hasContentLength: boolean): Connection {
  const out = res as unknown as OutgoingInternals;
  const keepAlive = out.shouldKeepAlive && (hasContentLength || out.useChunkedEncodingByDefault);
  if (!keepAlive) return 'close';
  if (out.maxRequestsOnConnectionReached) return 'close-counted';
  return out._keepAliveTimeout && out._defaultKeepAlive ? 'keep-alive-timed' : 'keep-alive';
}

/** The Keep-Alive field's timeout, in whole seconds (node:http's server.keepAliveTimeout). */
export function keepAliveTimeoutSeconds(res: Response): number {
  return Math.floor((res as unknown as OutgoingInternals)._keepAliveTimeout / 1000);
}

/** The Keep-Alive field's max (server.maxRequestsPerSocket; 0: none). */
export function maxRequestsPerSocket(res: Response): number {
  return (res as unknown as OutgoingInternals)._maxRequestsPerSocket ?? 0;
}

/**
 * Hands node:http `head` (status line to blank line) as the head its writeHead would have built;
 * the next write or end sends it. `connection` from connectionOf: `close` ends the connection
 * after this response, as node:http does.
 */
export function storeHead(
  res: Response,
  status: number,
  head: string,
  connection: Connection,
): void {
  const out = res as unknown as OutgoingInternals;
  if (connection === 'close') out._last = true;
  res.statusCode = status;
  if (status === 304 || status === 204) out._hasBody = false;
  out._header = head;
  out._headerSent = false;
}

// ---- pino: streamSym, timeSym, chindingsSym (pino.symbols) ----

/** What writes a line as the logger itself would, read through pino's own symbols. */
export interface PinoWriter {
  /** Lines as UTF-8; a buffer the destination may keep. */
  write(lines: Buffer): void;
  /** The logger's time field (`,"time":...`) for the millisecond `now`. */
  time(now: number): string;
  /** The logger's base and child fields as JSON members (`,"pid":1,...`). */
  bindings: string;
}

/** The logger's destination, time function and bindings; undefined if this pino has none. */
export function pinoWriter(logger: Logger): PinoWriter | undefined {
  const { streamSym, timeSym, chindingsSym } = pino.symbols;
  const fields = logger as unknown as Record<symbol, unknown>;
  const stream = fields[streamSym] as { write?: (line: string) => unknown } | undefined;
  const time = fields[timeSym];
  const bindings = fields[chindingsSym];
  if (typeof stream?.write !== 'function' || typeof time !== 'function') return undefined;
  if (typeof bindings !== 'string') return undefined;
  // A Node stream (process.stderr for `serve`) takes the bytes; pino's own destinations and any
  // other `{ write(text) }` are promised strings.
  const takesBytes = stream instanceof Writable;
  return {
    write: (lines) => void stream.write?.(takesBytes ? (lines as never) : lines.toString()),
    // pino calls it with no argument; the app's (isoTimeField, src/logger.ts) takes the millisecond.
    time: time as (now: number) => string,
    bindings,
  };
}
