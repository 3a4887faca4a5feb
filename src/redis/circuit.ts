// One Redis connection for a store that must keep answering when Redis does not: the API's rate
// limiter (serving/rate-limit-redis.ts) and the platforms' request budgets (sync/budget-redis.ts).
// A command that fails or outlasts `commandTimeoutMs` is answered by the caller's fallback (a
// count kept in this process: fail open), with a warning at most every `warnIntervalMs`.
//
// A hung Redis (connected, answering nothing) would make every call wait the timeout. So after
// `failuresToPause` failed commands in a row the circuit stops asking: calls get the fallback at
// once, a PING probes Redis every `probeIntervalMs` in the background, and the first answer (or a
// fresh connection becoming ready) hands the counting back to Redis. The URL's credentials never
// reach a log line.
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { DEFAULT_WARN_INTERVAL_MS, throttledWarning } from './throttled-warning.ts';
import type { Logger } from '../logger.ts';

/** The knobs a store passes through from its own options (tests shorten them). */
export interface RedisCircuitTuning {
  /** Longest a command waits for Redis before the fallback answers instead. */
  commandTimeoutMs?: number;
  /** At most one "Redis unavailable" warning per this many milliseconds. */
  warnIntervalMs?: number;
  /** Failed commands in a row after which Redis is left alone until a probe answers. */
  failuresToPause?: number;
  /** How long Redis is left alone before each background probe. */
  probeIntervalMs?: number;
}

/** The log lines, in the words of what the store keeps in Redis. */
export interface RedisCircuitMessages {
  /** Warned (throttled) when a command fails and the fallback answers. */
  unavailable: string;
  /** When the circuit stops asking Redis. */
  paused: string;
  /** When Redis answers again after failing. */
  answering: string;
}

export interface RedisCircuitOptions extends RedisCircuitTuning {
  logger: Logger;
  messages: RedisCircuitMessages;
  /** Required here: how long a caller can wait differs (a request, a sync). */
  commandTimeoutMs: number;
  /** Lua scripts defined as commands on the client (ioredis `defineCommand`), by name. */
  scripts?: Record<string, { numberOfKeys: number; lua: string }>;
  /** Whether a lost connection warns (and makes `isShared` false) before any command fails. */
  reportConnectionErrors?: boolean;
}

export class RedisCircuit {
  private readonly redis: Redis;
  private readonly logger: Logger;
  private readonly messages: RedisCircuitMessages;
  /** Logs a failure at most every `warnIntervalMs`, with how many were left out. */
  private readonly warnUnavailable: (error: Error) => void;
  private readonly failuresToPause: number;
  private readonly probeIntervalMs: number;
  private lastFailure: string | undefined;
  /** A failure was reported since Redis last answered. */
  private degraded = false;
  /** Set while `waitForAnswer` runs: its caller reports the outcome itself. */
  private waiting = false;
  private failuresInARow = 0;
  /** Set while Redis is left alone: calls get the fallback, synchronously. */
  private paused = false;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  /** Starts connecting in the background; until Redis answers, calls get the fallback. */
  constructor(url: string, options: RedisCircuitOptions) {
    this.logger = options.logger;
    this.messages = options.messages;
    this.warnUnavailable = throttledWarning(
      options.logger,
      options.messages.unavailable,
      options.warnIntervalMs ?? DEFAULT_WARN_INTERVAL_MS,
    );
    this.failuresToPause = options.failuresToPause ?? 3;
    this.probeIntervalMs = options.probeIntervalMs ?? 1000;
    this.redis = new Redis(url, {
      lazyConnect: true,
      // Fail a command at once while disconnected instead of queueing it (the caller would wait).
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    });
    for (const [name, script] of Object.entries(options.scripts ?? {})) {
      this.redis.defineCommand(name, script);
    }
    const reportConnectionErrors = options.reportConnectionErrors ?? false;
    this.redis.on('error', (error: Error) => {
      this.lastFailure = error.message;
      if (reportConnectionErrors && !this.waiting) this.failed(error);
    });
    this.redis.on('ready', () => this.answering());
    // Reconnection continues on its own; failures are reported as above.
    this.redis.connect().catch(() => undefined);
  }

  /** Whether calls go to Redis now (false while the fallback answers because Redis failed). */
  isShared(): boolean {
    return !this.degraded && !this.paused && !this.closed;
  }

  /** Why Redis last failed (a command, a probe or the connection), for the caller's own errors. */
  lastError(): string | undefined {
    return this.lastFailure;
  }

  /**
   * The command's answer from Redis, or the fallback's when Redis fails; while paused the
   * fallback answers synchronously, without waiting on Redis.
   */
  run<T>(command: (redis: Redis) => Promise<T>, fallback: () => T): T | Promise<T> {
    if (this.paused) return fallback();
    return this.ask(command, fallback);
  }

  /**
   * Waits until Redis answers a PING, at most `timeoutMs`. False when it did not in time; the
   * circuit keeps trying in the background.
   */
  async waitForAnswer(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    this.waiting = true;
    try {
      for (;;) {
        try {
          await this.redis.ping();
          return true;
        } catch (error) {
          this.lastFailure ??= (error as Error).message;
        }
        if (Date.now() >= deadline) return false;
        await delay(50);
      }
    } finally {
      this.waiting = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probeTimer);
    if (this.redis.status === 'ready') {
      try {
        await this.redis.quit();
        return;
      } catch {
        // Lost while quitting: fall through and drop the connection.
      }
    }
    this.redis.disconnect();
  }

  private async ask<T>(command: (redis: Redis) => Promise<T>, fallback: () => T): Promise<T> {
    let answer: T;
    try {
      answer = await command(this.redis);
    } catch (error) {
      this.failed(error as Error);
      this.failuresInARow += 1;
      if (this.failuresInARow >= this.failuresToPause && !this.paused) this.pause();
      return fallback();
    }
    this.failuresInARow = 0;
    return answer;
  }

  /** Stops asking Redis until a probe answers. */
  private pause(): void {
    this.paused = true;
    this.logger.info(
      { failures: this.failuresInARow, probeIntervalMs: this.probeIntervalMs },
      this.messages.paused,
    );
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (this.closed) return;
    this.probeTimer = setTimeout(() => {
      this.redis.ping().then(
        () => this.answering(),
        (error: Error) => {
          this.lastFailure = error.message;
          if (this.paused) this.scheduleProbe();
        },
      );
    }, this.probeIntervalMs);
    this.probeTimer.unref();
  }

  /** Redis answered (a probe, or a connection became ready): it is asked again. */
  private answering(): void {
    if (this.closed) return;
    clearTimeout(this.probeTimer);
    this.failuresInARow = 0;
    const wasDown = this.paused || this.degraded;
    this.paused = false;
    this.degraded = false;
    if (wasDown) this.logger.info(this.messages.answering);
  }

  private failed(error: Error): void {
    this.lastFailure = error.message;
    this.degraded = true;
    this.warnUnavailable(error);
  }
}
