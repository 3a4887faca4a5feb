// A warning for errors a Redis client reports on every reconnection attempt (BullMQ's queue and
// worker while Redis is down: several a second for as long as the outage lasts). The first is
// logged at once, then at most one per interval with how many were left out, so an hour's outage
// is a few hundred lines, not tens of thousands.
import type { Logger } from '../logger.ts';

/** One line per 5 s at most, unless a caller says otherwise (redis/circuit.ts's warnIntervalMs). */
export const DEFAULT_WARN_INTERVAL_MS = 5_000;

export function throttledWarning(
  logger: Logger,
  message: string,
  intervalMs = DEFAULT_WARN_INTERVAL_MS,
): (error: Error) => void {
  let lastAt = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (error) => {
    const now = Date.now();
    if (now - lastAt < intervalMs) {
      suppressed += 1;
      return;
    }
    logger.warn({ reason: error.message, suppressed }, message);
    lastAt = now;
    suppressed = 0;
  };
}
