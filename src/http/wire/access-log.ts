// The one log line per request. It goes through the app's pino logger (the same destination,
// level, time format and base fields, so the line is exactly what `logger.info(fields,
// 'request')` would write), but it is formatted here from its fixed fields. Lines produced in one
// event-loop turn are written together at the end of that turn, and under load at most every
// `flushMs` (one write per 25 ms instead of one per turn). On small cached answers, pino's generic
// serialization and one write per line cost about as much as the rest of the request.
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from 'pino';
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
  /** The line's middle as UTF-8. */
  bytes: Buffer;
}

/** The parts of a pino logger that format and write a line, read through pino's own symbols. */
interface PinoInternals {
  /** Pending lines as UTF-8; a copy the destination may keep. */
  write(lines: Buffer): void;
  /** The logger's time field (`,"time":...`) for the millisecond `now`. */
  time(now: number): string;
  bindings: string;
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
/** The line's end, after the duration's value. */
const TAIL = Buffer.from(',"msg":"request"}\n', 'latin1');
/** The most bytes a duration's value takes (JSON.stringify of a double: 24 characters). */
const MAX_DURATION_BYTES = 32;
const DOT = 0x2e;
const ZERO = 0x30;

export class AccessLog {
  private readonly internals: PinoInternals | undefined;
  /**
   * Lines are copied into this buffer as they come, from their pieces' bytes: the kept lead and
   * middle (Buffers), the request id and the duration written a byte at a time, the fixed tail.
   * No string is made per line. A string grown by `+=` cost about 1 µs per line to flatten and
   * encode at the write; lines kept as strings and joined at the write, 0.6 µs (perf, bench).
   * Each line made as one five-piece string and encoded into this buffer: 265-287 ns a line in a
   * loop of a million; copied from bytes, 239-267 ns (docs/performance.md).
   */
  private pending = Buffer.allocUnsafe(MAX_PENDING_BYTES + LINE_ROOM_BYTES);
  private pendingBytes = 0;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private lastFlushMs = -Infinity;
  /**
   * The line up to the request id's value (level, the logger's time field and bindings) as
   * UTF-8, reused within one millisecond (the time has millisecond precision).
   */
  private lead = Buffer.alloc(0);
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
    const now = Date.now();
    if (now !== this.timeMs) {
      this.timeMs = now;
      this.lead = Buffer.from(
        `{"level":${LEVEL_INFO}${internals.time(now)}${internals.bindings},"request_id":"`,
      );
    }
    const { lead } = this;
    const middle = this.middleOf(line);
    const { requestId } = line;
    // A request id takes at most 3 bytes a character (ids past ASCII: written as UTF-8).
    const need =
      lead.length + 3 * requestId.length + middle.bytes.length + MAX_DURATION_BYTES + TAIL.length;
    if (this.pendingBytes + need > this.pending.length) this.makeRoom(need);
    const { pending } = this;
    let at = this.pendingBytes;
    pending.set(lead, at);
    at = writeId(pending, at + lead.length, requestId);
    pending.set(middle.bytes, at);
    at = writeHundredths(pending, at + middle.bytes.length, line.durationMs);
    pending.set(TAIL, at);
    this.pendingBytes = at + TAIL.length;
    if (this.pendingBytes >= MAX_PENDING_BYTES) return this.flush();
    if (this.scheduled) return;
    this.scheduled = true;
    // After a quiet spell the line goes out at the end of this turn; under load, lines wait
    // for the interval so that one write carries many.
    const wait = this.lastFlushMs + this.flushMs - now;
    if (wait <= 0) setImmediate(this.flushNow);
    else this.timer = setTimeout(this.flushNow, wait).unref();
  }

  /** Writes what is pending, then leaves room for a line of `need` bytes (a long one, rarely). */
  private makeRoom(need: number): void {
    this.flush();
    if (need > this.pending.length) this.pending = Buffer.allocUnsafe(need + LINE_ROOM_BYTES);
  }

  /** The line from the request id's closing quote to the duration's value, for `line`. */
  private middleOf(line: AccessLine): Middle {
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
    // ASCII.
    const plain = !UNPLAIN_PATH.test(path);
    const method = line.method === undefined ? '' : `,"method":"${line.method}"`;
    const route = line.route === undefined ? '' : `,"route":"${line.route}"`;
    const user = line.userId === undefined ? '' : `,"user_id":${line.userId}`;
    const admin = line.adminKeyId === undefined ? '' : `,"admin_key_id":${line.adminKeyId}`;
    const text =
      `"${method},"path":${plain ? `"${path}"` : JSON.stringify(path)}${route}${user}${admin}` +
      `,"status":${line.status},"duration_ms":`;
    // Its own memory, not a slice of Buffer's shared 8 KB pool: a kept middle would keep alive
    // the whole slab it was cut from (up to 8 MB for the 1,024 kept paths).
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    bytes.write(text);
    const middle: Middle = {
      method: line.method,
      route: line.route,
      userId: line.userId,
      adminKeyId: line.adminKeyId,
      status: line.status,
      bytes,
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
 * The request id into `into` at `at`; where it ends. The id is a UUID or a sane client id
 * ([A-Za-z0-9._:-], checked by the app): ASCII that JSON does not escape, a byte a character.
 */
function writeId(into: Buffer, at: number, id: string): number {
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    // Not an id the app lets through: as UTF-8, as the line's other fields.
    if (code > 0x7e) return at + into.write(id, at);
    into[at + i] = code;
  }
  return at + id.length;
}

/**
 * A duration already rounded to hundredths, as JSON.stringify writes it ("0.42", "1.5", "2"),
 * into `into` at `at`; where it ends. Its digits come from its whole hundredths: a fraction
 * through V8's double formatter had cost about 70 ns a line, and no string is made.
 */
export function writeHundredths(into: Buffer, at: number, ms: number): number {
  const all = Math.round(ms * 100);
  if (!Number.isSafeInteger(all) || all < 0) return at + into.write(JSON.stringify(ms), at);
  let whole = Math.floor(all / 100);
  const part = all - whole * 100;
  let digits = 1;
  for (let rest = whole; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let end = at + digits;
  for (let place = end - 1; place >= at; place--) {
    const next = Math.floor(whole / 10);
    into[place] = ZERO + whole - next * 10;
    whole = next;
  }
  if (part === 0) return end;
  into[end++] = DOT;
  const tens = Math.floor(part / 10);
  into[end++] = ZERO + tens;
  if (part !== tens * 10) into[end++] = ZERO + part - tens * 10;
  return end;
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
  };
}
