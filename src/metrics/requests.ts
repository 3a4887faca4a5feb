// The per-request metrics, counted where a prom-client call would cost too much. Measured on this
// project's machine, a labelled prom-client Histogram observe takes about 2 µs (it builds a label
// object and a hash string per call) and a labelled Counter inc about 0.5 µs, against some 10 ns
// for an increment into a preallocated array; the registry reads the arrays when scraped
// (src/metrics/registry.ts). Routes and statuses are fixed lists: labels never carry an id.
import type { RequestObserver } from '../http/observer.ts';

/** Upper bounds of the latency buckets, seconds: cached answers take well under a millisecond. */
export const LATENCY_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
] as const;

/** Statuses the service answers with (the admin API and connect page too); others are "other". */
const STATUSES = [
  200, 201, 202, 204, 303, 304, 400, 401, 403, 404, 405, 406, 408, 409, 410, 413, 415, 422, 429,
  431, 500, 502, 503,
] as const;
export const UNMATCHED_ROUTE = 'unmatched';
export const OTHER_STATUS = 'other';

/**
 * One (route, status) cell: a count per bucket (not cumulative) and one above every bound, then
 * the count, then the sum of seconds.
 */
const CELL = LATENCY_BUCKETS.length + 3;

export interface LatencyCell {
  route: string;
  status: string;
  /** Observations per bucket, not cumulative; the last entry is above every bound. */
  buckets: number[];
  count: number;
  sum: number;
}

export class RequestMetrics implements RequestObserver {
  readonly routes: readonly string[];
  private readonly routeIndex = new Map<string, number>();
  /** status -> column, for every status from 0 to 599; the last column is "other". */
  private readonly statusColumn = new Uint8Array(600).fill(STATUSES.length);
  private readonly cells: Float64Array;
  private readonly cacheCounts = new Float64Array(2);
  private rateLimitRefusals = 0;

  /** `operationIds`: every route the app serves; any other request counts as "unmatched". */
  constructor(operationIds: readonly string[]) {
    this.routes = [...operationIds, UNMATCHED_ROUTE];
    this.routes.forEach((route, index) => this.routeIndex.set(route, index));
    STATUSES.forEach((status, column) => (this.statusColumn[status] = column));
    this.cells = new Float64Array(this.routes.length * (STATUSES.length + 1) * CELL);
  }

  responded(operationId: string | undefined, status: number, seconds: number): void {
    const route =
      operationId === undefined
        ? this.routes.length - 1
        : (this.routeIndex.get(operationId) ?? this.routes.length - 1);
    const column =
      status >= 0 && status < 600 ? (this.statusColumn[status] as number) : STATUSES.length;
    const base = (route * (STATUSES.length + 1) + column) * CELL;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[bucket] as number))
      bucket++;
    const cells = this.cells;
    cells[base + bucket] = (cells[base + bucket] as number) + 1;
    cells[base + CELL - 2] = (cells[base + CELL - 2] as number) + 1;
    cells[base + CELL - 1] = (cells[base + CELL - 1] as number) + seconds;
  }

  cacheLookup(hit: boolean): void {
    const index = hit ? 0 : 1;
    this.cacheCounts[index] = (this.cacheCounts[index] as number) + 1;
  }

  rateLimited(): void {
    this.rateLimitRefusals += 1;
  }

  /** The cells observed so far (for the scrape; allocation is fine here). */
  latencyCells(): LatencyCell[] {
    const found: LatencyCell[] = [];
    const columns = STATUSES.length + 1;
    for (let route = 0; route < this.routes.length; route++) {
      for (let column = 0; column < columns; column++) {
        const base = (route * columns + column) * CELL;
        const count = this.cells[base + CELL - 2] as number;
        if (count === 0) continue;
        found.push({
          route: this.routes[route] as string,
          status: column === STATUSES.length ? OTHER_STATUS : String(STATUSES[column]),
          buckets: Array.from(this.cells.subarray(base, base + LATENCY_BUCKETS.length + 1)),
          count,
          sum: this.cells[base + CELL - 1] as number,
        });
      }
    }
    return found;
  }

  cacheCount(hit: boolean): number {
    return this.cacheCounts[hit ? 0 : 1] as number;
  }

  rateLimitRefusalCount(): number {
    return this.rateLimitRefusals;
  }
}
