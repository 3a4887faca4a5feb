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
): string {
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
    `failures: ${counts.join(', ')}`,
    ...(examples ? [examples] : []),
  ].join('\n');
}
