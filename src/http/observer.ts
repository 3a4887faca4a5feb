// What the app reports about each request, for metrics. The app calls these on every request, so
// an implementation must be cheap and allocate nothing (src/metrics/requests.ts counts into
// preallocated arrays); the app never knows what reads them.
export interface RequestObserver {
  /** A response was written: the matched route's operationId (undefined: no route), status. */
  responded(operationId: string | undefined, status: number, seconds: number): void;
  /** The response cache answered (hit) or the handler had to run (miss). */
  cacheLookup(hit: boolean): void;
  /** A request was refused for its token's rate limit (429). */
  rateLimited(): void;
}
