// What a fuzz run counts (requests, statuses, seconds) and reports as failures, and its text.
/**
 * What a fuzz run reports as a failure: a 5xx, a connection closed without an answer (dropped)
 * or left without one past the time allowed (slow), league data answered to the intruder
 * (leak), and for the admin API and the connect page (fuzz-surfaces.ts): an admin answer
 * without a valid key or a forged form accepted (unauthenticated), a refused request that
 * changed the store (changed), a secret in an answer (echoed) or in the log (logged).
 */
export type FailureKind =
  '5xx' | 'dropped' | 'slow' | 'leak' | 'unauthenticated' | 'changed' | 'echoed' | 'logged';

export interface FuzzFailure {
  kind: FailureKind;
  status?: number;
  /** The bytes sent (cut), or what the failure is about. */
  request: string;
  detail?: string;
}

export interface FuzzReport {
  sent: number;
  seconds: number;
  statuses: Record<string, number>;
  failures: FuzzFailure[];
  /**
   * Requests that reached each operation (by operationId): well formed for it (its method, its
   * path with parameters filled, however hostile the rest) and answered by it, not by a 404 for
   * an unknown path or a 405.
   */
  operations: Record<string, number>;
  /**
   * Of those, the ones the operation carried out: answered 2xx, or a redirect other than 304 (a
   * connect form's answer once done).
   */
  succeeded: Record<string, number>;
}

/** A report before its first request. */
export function emptyFuzzReport(): FuzzReport {
  return { sent: 0, seconds: 0, statuses: {}, failures: [], operations: {}, succeeded: {} };
}

/** Counts a request for the operation it was made for, when the operation answered it. */
export function countOperation(
  report: FuzzReport,
  operation: string | undefined,
  answer: string,
  status: string | undefined,
): void {
  if (operation === undefined || status === undefined || status === '405') return;
  if (status === '404' && answer.includes('route_not_found')) return;
  report.operations[operation] = (report.operations[operation] ?? 0) + 1;
  const done = status.startsWith('2') || (status.startsWith('3') && status !== '304');
  if (done) report.succeeded[operation] = (report.succeeded[operation] ?? 0) + 1;
}

/** The operations of `expected` that no request of the run reached. */
export function missingOperations(report: FuzzReport, expected: readonly string[]): string[] {
  return expected.filter((operation) => (report.operations[operation] ?? 0) === 0);
}

/** The operations of `expected` never carried out (2xx or a redirect): only ever refused. */
export function unansweredOperations(report: FuzzReport, expected: readonly string[]): string[] {
  return expected.filter((operation) => (report.succeeded[operation] ?? 0) === 0);
}

/** The answer's status ('no answer' counted when there is none), counted in the report. */
export function countStatus(report: FuzzReport, answer: string): string | undefined {
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1];
  const key = status ?? 'no answer';
  report.statuses[key] = (report.statuses[key] ?? 0) + 1;
  return status;
}

/** The bytes sent, readable in a report: long runs of one character shortened, cut at 600. */
export function shownRequest(bytes: Buffer): string {
  return bytes
    .toString('latin1')
    .replace(/(.)\1{60,}/g, (m, c: string) => `${c}x${m.length}`)
    .slice(0, 600);
}

export function formatFuzzReport(
  report: FuzzReport,
  kinds: readonly FailureKind[] = ['5xx', 'dropped', 'slow', 'leak'],
  expectedOperations: readonly string[] = [],
): string {
  const missing = missingOperations(report, expectedOperations);
  const unanswered = unansweredOperations(report, expectedOperations);
  const reached = expectedOperations.length - missing.length;
  const statuses = Object.entries(report.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `  ${status.padEnd(10)} ${count}`)
    .join('\n');
  const counts = kinds.map((k) => `${k} ${report.failures.filter((f) => f.kind === k).length}`);
  const examples = report.failures
    .slice(0, 10)
    .map(
      (f) =>
        `  ${f.kind} ${f.status ?? ''}: ${JSON.stringify(f.request.slice(0, 600))}` +
        (f.detail === undefined ? '' : `\n    ${f.detail}`),
    )
    .join('\n');
  return [
    `${report.sent} requests in ${report.seconds.toFixed(1)} s ` +
      `(${Math.round(report.sent / Math.max(report.seconds, 0.001))}/s)`,
    'statuses:',
    statuses,
    ...(expectedOperations.length === 0
      ? []
      : [
          `operations reached: ${reached} of ${expectedOperations.length}` +
            (missing.length === 0 ? '' : ` (none reached: ${missing.join(', ')})`),
          `operations carried out (2xx, 3xx): ${expectedOperations.length - unanswered.length} of ` +
            `${expectedOperations.length}` +
            (unanswered.length === 0 ? '' : ` (never: ${unanswered.join(', ')})`),
        ]),
    `failures: ${counts.join(', ')}`,
    ...(examples ? [examples] : []),
  ].join('\n');
}
