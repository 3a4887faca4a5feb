// The one log line per request. It goes through the app's pino logger (the same destination,
// level, time format and base fields, so the line is exactly what `logger.info(fields,
// 'request')` would write), but it is formatted here from its fixed fields. Lines produced in one
// event-loop turn are written together at the end of that turn, and under load at most every
// `flushMs` (one write per 25 ms instead of one per turn). On small cached answers, pino's generic
// serialization and one write per line cost about as much as the rest of the request.
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from 'pino';
import { flat } from './flat.ts';
import { Kept, MAX_KEPT_PATH } from './kept.ts';

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

/** The line's fixed fields for one path and what they were made from (AccessLog.middleOf). */
interface Middle {
  method: string | undefined;
  route: string | undefined;
  userId: number | undefined;
  adminKeyId: number | undefined;
  status: number;
  /** Whether the text is printable ASCII, written byte for byte. */
  plain: boolean;
  text: string;
}

/** The parts of a pino logger that format and write a line, read through pino's own symbols. */
interface PinoInternals {
  /** Pending lines as UTF-8; a copy the destination may keep. */
  write(lines: Buffer): void;
  /** The logger's time field (`,"time":...`) for the millisecond `now`. */
  time(now: number): string;
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
/** Paths whose line middle is kept (Middle), at most MAX_KEPT_PATH characters each. */
const MAX_KEPT_MIDDLES = 1024;
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
  /**
   * The middle of the line by path, for the last request on that path: a client repeats its
   * requests, so the method, path, route, user and status fields are formatted (and the path
   * checked for a token and for escapes) once, and a line is made of five pieces.
   */
  private readonly middles = new Kept<string, Middle>(MAX_KEPT_MIDDLES);
  /**
   * Whether info lines are written, kept and updated when the level changes: pino's
   * isLevelEnabled reads the logger's fields by symbol through V8's generic lookup (about 0.7% of
   * the CPU of a cached answer, perf on the bench).
   */
  private infoEnabled: boolean;

  constructor(
    private readonly logger: Logger,
    /** Under load, lines are written together at most this often; 0: at every turn's end. */
    private readonly flushMs = 0,
  ) {
    this.internals = internalsOf(logger);
    this.infoEnabled = logger.isLevelEnabled('info');
    logger.on('level-change', this.levelChanged);
  }

  private readonly levelChanged = (): void => {
    this.infoEnabled = this.logger.isLevelEnabled('info');
  };

  write(line: AccessLine): void {
    if (!this.infoEnabled) return;
    const { internals } = this;
    if (internals === undefined) {
      const path = loggedPath(line.path);
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
    // The request id is a UUID or a sane client id ([A-Za-z0-9._:-]): it needs no escaping.
    const now = Date.now();
    if (now !== this.timeMs) {
      this.timeMs = now;
      this.lead = flat(
        `{"level":${LEVEL_INFO}${internals.time(now)}${internals.bindings},"request_id":"`,
      );
    }
    const middle = this.middleOf(line, internals);
    const text = `${this.lead}${line.requestId}${middle.text}${hundredths(line.durationMs)},"msg":"request"}\n`;
    this.pendingBytes += middle.plain
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

  /** The line from the request id's closing quote to the duration's value, for `line`. */
  private middleOf(line: AccessLine, internals: PinoInternals): Middle {
    const kept = this.middles.get(line.path);
    if (
      kept !== undefined &&
      kept.method === line.method &&
      kept.route === line.route &&
      kept.userId === line.userId &&
      kept.adminKeyId === line.adminKeyId &&
      kept.status === line.status
    ) {
      return kept;
    }
    const path = loggedPath(line.path);
    // Method (an HTTP token) and route (an operationId) need no escaping and are ASCII. The path
    // goes through JSON.stringify only when it holds a character JSON escapes or one outside
    // ASCII; then the line is written as UTF-8, else byte for byte (latin1), skipping the encoder.
    const plain = internals.asciiBindings && !UNPLAIN_PATH.test(path);
    const method = line.method === undefined ? '' : `,"method":"${line.method}"`;
    const route = line.route === undefined ? '' : `,"route":"${line.route}"`;
    const user = line.userId === undefined ? '' : `,"user_id":${line.userId}`;
    const admin = line.adminKeyId === undefined ? '' : `,"admin_key_id":${line.adminKeyId}`;
    const middle: Middle = {
      method: line.method,
      route: line.route,
      userId: line.userId,
      adminKeyId: line.adminKeyId,
      status: line.status,
      plain,
      text: flat(
        `"${method},"path":${plain ? `"${path}"` : JSON.stringify(path)}${route}${user}${admin}` +
          `,"status":${line.status},"duration_ms":`,
      ),
    };
    if (line.path.length <= MAX_KEPT_PATH) this.middles.set(line.path, middle);
    return middle;
  }

  private readonly flushNow = (): void => this.flush();

  /** Writes what is pending and stops following the logger's level (the app closing). */
  close(): void {
    this.flush();
    this.logger.off('level-change', this.levelChanged);
  }

  /** Writes what is pending now. */
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

/** The path as logged: cut to MAX_PATH_LOGGED characters, a token in it cut to its prefix. */
function loggedPath(path: string): string {
  const cut = path.length > MAX_PATH_LOGGED ? `${path.slice(0, MAX_PATH_LOGGED)}…` : path;
  return mayHoldToken(cut) ? cut.replace(TOKEN_TAIL, '$1…') : cut;
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
    // pino calls it with no argument; the app's (isoTimeField, src/logger.ts) takes the millisecond.
    time: time as (now: number) => string,
    bindings,
    asciiBindings: /^[\x20-\x7e]*$/.test(bindings),
  };
}
