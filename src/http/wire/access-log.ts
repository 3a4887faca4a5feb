// The one log line per request. It goes through the app's pino logger (the same destination,
// level, time format and base fields, so the line is exactly what `logger.info(fields,
// 'request')` would write), but it is formatted here from its fixed fields.
// Kept because it pays: pino's generic serializer and path-based redaction cost about 10 µs of
// CPU a line on a cached 200-byte answer, against 15 µs for the whole bare reference request.
//
// Lines made in one event-loop turn are written together at the end of that turn, and under load
// at most every `flushMs` (ACCESS_LOG_FLUSH_MS, 25 ms): one write carries many lines.
import type { Logger } from 'pino';
import { pinoWriter } from './internals.ts';
import type { PinoWriter } from './internals.ts';
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
  /** From the request id's closing quote to the duration's value. */
  text: string;
}

const LEVEL_INFO = 30;
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
  private readonly writer: PinoWriter | undefined;
  /**
   * Lines are encoded into this buffer as they come, while their pieces are still in the CPU's
   * caches. Kept because it pays: lines kept as strings and joined at the write cost 0.6 µs a line
   * in the service (perf: 2.7% of the CPU flattening the join, young-generation collections 4.4%
   * of it instead of 2.6%).
   */
  private pending = Buffer.allocUnsafe(MAX_PENDING_BYTES + LINE_ROOM_BYTES);
  private pendingBytes = 0;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private lastFlushMs = -Infinity;
  /**
   * The middle of the line by path, for the last request on that path (a client repeats its
   * requests), and whether info is on, followed through pino's level-change event instead of
   * isLevelEnabled per line. Kept because they pay: the line's own frames went from 5.8% to 1.9%
   * of the service's CPU (perf, cached league list).
   */
  private readonly middles = new Kept<string, Middle>(MAX_KEPT_MIDDLES);
  private infoEnabled: boolean;

  constructor(
    private readonly logger: Logger,
    /** Under load, lines are written together at most this often; 0: at every turn's end. */
    private readonly flushMs = 0,
  ) {
    this.writer = pinoWriter(logger);
    this.infoEnabled = logger.isLevelEnabled('info');
    logger.on('level-change', this.levelChanged);
  }

  private readonly levelChanged = (): void => {
    this.infoEnabled = this.logger.isLevelEnabled('info');
  };

  write(line: AccessLine): void {
    if (!this.infoEnabled) return;
    const { writer } = this;
    if (writer === undefined) {
      this.logger.info(
        {
          request_id: line.requestId,
          method: line.method,
          path: loggedPath(line.path),
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
    // The request id is a UUID or a sane client id ([A-Za-z0-9._:-], checked by the app).
    const text =
      `{"level":${LEVEL_INFO}${writer.time(now)}${writer.bindings},"request_id":"` +
      `${line.requestId}${this.middleOf(line).text}${JSON.stringify(line.durationMs)}` +
      `,"msg":"request"}\n`;
    // A character takes at most 3 bytes of UTF-8: a line is never cut.
    if (this.pendingBytes + 3 * text.length > this.pending.length) this.makeRoom(3 * text.length);
    this.pendingBytes += this.pending.write(text, this.pendingBytes);
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
    // Method (an HTTP token) and route (an operationId) need no escaping.
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
      text: flat(
        `"${method},"path":${JSON.stringify(loggedPath(line.path))}${route}${user}${admin}` +
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
    if (this.pendingBytes === 0 || this.writer === undefined) return;
    const lines = this.pending.subarray(0, this.pendingBytes);
    // The destination may hold on to what it is given (a stream's own buffer): a new one for us.
    this.pending = Buffer.allocUnsafe(MAX_PENDING_BYTES + LINE_ROOM_BYTES);
    this.pendingBytes = 0;
    this.writer.write(lines);
  }
}

/** The path as logged: cut to MAX_PATH_LOGGED characters, a token in it cut to its prefix. */
function loggedPath(path: string): string {
  const cut = path.length > MAX_PATH_LOGGED ? `${path.slice(0, MAX_PATH_LOGGED)}…` : path;
  return cut.replace(TOKEN_TAIL, '$1…');
}
