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
  /** Pending lines; `plain` when they are printable ASCII. */
  write(lines: string, plain: boolean): void;
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
/** Pending characters that are written at once, whatever the interval (a burst of long paths). */
const MAX_PENDING_CHARS = 64 * 1024;

export class AccessLog {
  private readonly internals: PinoInternals | undefined;
  /**
   * Lines wait as strings and are joined once when written: V8 joins many short strings in one
   * pass for about half of what copying each line out on its own costs (85 against 165 ns a line
   * in-process; 680 -> 400 ns for the whole write). A string grown by `+=` instead cost about 1 µs
   * a line to flatten and encode at the write (perf, bench).
   */
  private readonly lines: string[] = [];
  private pendingChars = 0;
  /** Whether every pending line is printable ASCII (so it can be copied byte for byte). */
  private pendingPlain = true;
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
    // lines are written as UTF-8, else byte for byte (latin1), which skips the encoder.
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
    // One template of few pieces: each piece is one more string V8 joins when the lines are
    // written, so the fixed parts are made once (per millisecond, per method, per route).
    const text =
      `${this.lead}${line.requestId}"${method},"path":${plain ? `"${path}"` : JSON.stringify(path)}` +
      `${route}${user}${admin},"status":${line.status},"duration_ms":${hundredths(line.durationMs)}` +
      `,"msg":"request"}\n`;
    this.lines.push(text);
    this.pendingChars += text.length;
    this.pendingPlain &&= plain;
    if (this.pendingChars >= MAX_PENDING_CHARS) return this.flush();
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
    if (this.lines.length === 0 || this.internals === undefined) return;
    const lines = this.lines.join('');
    const plain = this.pendingPlain;
    this.lines.length = 0;
    this.pendingChars = 0;
    this.pendingPlain = true;
    this.internals.write(lines, plain);
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
  // A Node stream (process.stderr for `serve`) takes the bytes, a new buffer each time since it
  // may keep what it is given; pino's own destinations and any other `{ write(text) }` are
  // promised strings. Plain lines skip the UTF-8 encoder.
  const takesBytes = stream instanceof Writable;
  return {
    write: (lines, plain) =>
      void stream.write?.(
        takesBytes ? (Buffer.from(lines, plain ? 'latin1' : 'utf8') as never) : lines,
      ),
    time: time as () => string,
    bindings,
    asciiBindings: /^[\x20-\x7e]*$/.test(bindings),
  };
}
