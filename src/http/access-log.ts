// The one log line per request. It goes through the app's pino logger (the same destination,
// level, time format and base fields, so the line is exactly what `logger.info(fields,
// 'request')` would write), but it is formatted here from its fixed fields. Lines produced in one
// event-loop turn are written together at the end of that turn, and under load at most every
// `flushMs` (one write per 25 ms instead of one per turn). On small cached answers, pino's generic
// serialization and one write per line cost about as much as the rest of the request.
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from 'pino';

export interface AccessLine {
  requestId: string;
  method: string | undefined;
  path: string;
  route: string | undefined;
  userId: number | undefined;
  /** Set on /admin/ calls: which admin key (its id). */
  adminKeyId?: number | undefined;
  status: number;
  durationMs: number;
}

/** The parts of a pino logger that format and write a line, read through pino's own symbols. */
interface PinoInternals {
  /** Pending lines as UTF-8; a copy the destination may keep. */
  write(lines: Buffer): void;
  time(): string;
  bindings: string;
  /** Whether the bindings are printable ASCII (so a line of ASCII fields may skip the encoder). */
  asciiBindings: boolean;
}

const LEVEL_INFO = 30;
/** What JSON.stringify would escape in a path, or a character past ASCII. */
const UNPLAIN_PATH = /[^\x20-\x7e]|["\\]/;
const MAX_PATH_LOGGED = 256;
/**
 * A token of any kind (fld_, fla_, fcs_; its f percent-encoded too) past its display prefix.
 * The connect page keeps only the prefix of the token in its own place, but a client may send a
 * token anywhere (//connect/..., CONNECT /connect/..., a mistyped path): the log never keeps more.
 */
const TOKEN_TAIL = /((?:f|%66)(?:ld|la|cs)_[A-Za-z0-9_-]{6})[A-Za-z0-9_-]+/gi;
const MAX_ROUTE_FIELDS = 256;
const GET_FIELD = ',"method":"GET"';
const HEAD_FIELD = ',"method":"HEAD"';
/** Pending bytes that are written at once, whatever the interval (a burst of long paths). */
const MAX_PENDING_BYTES = 64 * 1024;
/**
 * Room past MAX_PENDING_BYTES for the line that crosses it: a line is at most about 2 KB (a
 * 257-character path, each character escaped to six) plus the fixed fields.
 */
const LINE_ROOM_BYTES = 8 * 1024;

export class AccessLog {
  private readonly internals: PinoInternals | undefined;
  /**
   * Lines are encoded into this buffer as they come: one flat copy each, while their pieces are
   * still in the CPU's caches. A string grown by `+=` cost about 1 µs per line to flatten and
   * encode at the write; lines kept as strings and joined at the write, 0.6 µs (perf, bench).
   */
  private pending = Buffer.allocUnsafe(MAX_PENDING_BYTES + LINE_ROOM_BYTES);
  private pendingBytes = 0;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private lastFlushMs = -Infinity;
  /**
   * The line up to the request id's value (level, the logger's time field and bindings), reused
   * within one millisecond (the time has millisecond precision).
   */
  private lead = '';
  private timeMs = -1;
  /** `,"route":"…"` by operationId: the routes are the app's own, a few dozen. */
  private readonly routeFields = new Map<string, string>();

  constructor(
    private readonly logger: Logger,
    /** Under load, lines are written together at most this often; 0: at every turn's end. */
    private readonly flushMs = 0,
  ) {
    this.internals = internalsOf(logger);
  }

  write(line: AccessLine): void {
    if (!this.logger.isLevelEnabled('info')) return;
    const cut =
      line.path.length > MAX_PATH_LOGGED ? `${line.path.slice(0, MAX_PATH_LOGGED)}…` : line.path;
    const path = mayHoldToken(cut) ? cut.replace(TOKEN_TAIL, '$1…') : cut;
    const { internals } = this;
    if (internals === undefined) {
      this.logger.info(
        {
          request_id: line.requestId,
          method: line.method,
          path,
          route: line.route,
          user_id: line.userId,
          admin_key_id: line.adminKeyId,
          status: line.status,
          duration_ms: line.durationMs,
        },
        'request',
      );
      return;
    }
    // request_id is a UUID or a sane client id ([A-Za-z0-9._:-]), method an HTTP token and
    // route an operationId: none needs escaping, and all are ASCII. The path goes through
    // JSON.stringify only when it holds a character JSON escapes or one outside ASCII; then the
    // line is written as UTF-8, else byte for byte (latin1), which skips the encoder.
    const now = Date.now();
    if (now !== this.timeMs) {
      this.timeMs = now;
      this.lead = `{"level":${LEVEL_INFO}${internals.time()}${internals.bindings},"request_id":"`;
    }
    const plain = internals.asciiBindings && !UNPLAIN_PATH.test(path);
    const method = line.method === undefined ? '' : methodField(line.method);
    const route = line.route === undefined ? '' : this.routeField(line.route);
    const user = line.userId === undefined ? '' : `,"user_id":${line.userId}`;
    const admin = line.adminKeyId === undefined ? '' : `,"admin_key_id":${line.adminKeyId}`;
    // One template of few pieces: each piece is one more string V8 joins when the line is copied
    // out, so the fixed parts are made once (per millisecond, per method, per route).
    const text =
      `${this.lead}${line.requestId}"${method},"path":${plain ? `"${path}"` : JSON.stringify(path)}` +
      `${route}${user}${admin},"status":${line.status},"duration_ms":${hundredths(line.durationMs)}` +
      `,"msg":"request"}\n`;
    this.pendingBytes += plain
      ? this.pending.write(text, this.pendingBytes, 'latin1')
      : this.pending.write(text, this.pendingBytes);
    if (this.pendingBytes >= MAX_PENDING_BYTES) return this.flush();
    if (this.scheduled) return;
    this.scheduled = true;
    // After a quiet spell the line goes out at the end of this turn; under load, lines wait
    // for the interval so that one write carries many.
    const wait = this.lastFlushMs + this.flushMs - now;
    if (wait <= 0) setImmediate(this.flushNow);
    else this.timer = setTimeout(this.flushNow, wait).unref();
  }

  private routeField(route: string): string {
    let field = this.routeFields.get(route);
    if (field === undefined) {
      field = `,"route":"${route}"`;
      if (this.routeFields.size < MAX_ROUTE_FIELDS) this.routeFields.set(route, field);
    }
    return field;
  }

  private readonly flushNow = (): void => this.flush();

  /** Writes what is pending now (also called when the app closes). */
  flush(): void {
    this.scheduled = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastFlushMs = Date.now();
    if (this.pendingBytes === 0 || this.internals === undefined) return;
    const lines = this.pending.subarray(0, this.pendingBytes);
    // The destination may hold on to what it is given (a stream's own buffer): a new one for us.
    this.pending = Buffer.allocUnsafe(MAX_PENDING_BYTES + LINE_ROOM_BYTES);
    this.pendingBytes = 0;
    this.internals.write(lines);
  }
}

function methodField(method: string): string {
  if (method === 'GET') return GET_FIELD;
  return method === 'HEAD' ? HEAD_FIELD : `,"method":"${method}"`;
}

/**
 * Whether `path` has a token prefix's `ld_`, `la_` or `cs_` in it (any case), checked before
 * TOKEN_TAIL: the replace costs about 200 ns on every path with an underscore, and every player-by-id
 * path has one (`player_id`); this scan costs a tenth of that.
 */
function mayHoldToken(path: string): boolean {
  for (let at = path.indexOf('_', 2); at !== -1; at = path.indexOf('_', at + 1)) {
    const pair = path.slice(at - 2, at).toLowerCase();
    if (pair === 'ld' || pair === 'la' || pair === 'cs') return true;
  }
  return false;
}

/**
 * A duration already rounded to hundredths, as JSON.stringify writes it ("0.42", "1.5", "2"),
 * from its whole hundredths: integers print from V8's number cache, where a fraction goes through
 * the double formatter (about 70 ns a line).
 */
export function hundredths(ms: number): string {
  const all = Math.round(ms * 100);
  if (!Number.isSafeInteger(all) || all < 0) return JSON.stringify(ms);
  const whole = Math.floor(all / 100);
  const part = all % 100;
  if (part === 0) return `${whole}`;
  if (part % 10 === 0) return `${whole}.${part / 10}`;
  return `${whole}.${part < 10 ? '0' : ''}${part}`;
}

function internalsOf(logger: Logger): PinoInternals | undefined {
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
    time: time as () => string,
    bindings,
    asciiBindings: /^[\x20-\x7e]*$/.test(bindings),
  };
}
