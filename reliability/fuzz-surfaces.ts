// The admin API and the connect page under the fuzz: seeded hostile requests (fuzz-admin.ts,
// fuzz-connect.ts) sent as raw bytes on 127.0.0.1. Requests that must not change the store go
// out `concurrency` at a time; one that may (a valid key's POST or DELETE, a live session's own
// form) goes alone. Around each, the store is compared (store-snapshot.ts): a refused request
// must leave it as it was. Every answer is checked for a 5xx (a link's 503 with Retry-After, the
// platform's call budget in use, is no fault), a dropped connection, an admin answer without a
// valid key or a forged form accepted, and secrets; the log, at the end. The service runs with its
// default limits on failed authentications and link attempts, so many answers are 429 with
// Retry-After (the fuzz's bad keys all come from 127.0.0.1): a refusal, as it should be.
import { createRng } from '../src/platforms/demo/random.ts';
import type { Store } from '../src/storage/db.ts';
import { adminRequest } from './fuzz-admin.ts';
import { connectRequest } from './fuzz-connect.ts';
import { exchange } from './fuzz-exchange.ts';
import { ADMIN_ROUTES } from '../src/http/admin/routes/index.ts';
import { CONNECT_OPERATIONS } from '../src/http/connect/routes.ts';
import {
  countOperation,
  countStatus,
  emptyFuzzReport,
  formatFuzzReport,
  shownRequest,
} from './fuzz-report.ts';
import type { FailureKind, FuzzReport } from './fuzz-report.ts';
import type { Surface, SurfaceRequest } from './fuzz-request.ts';
import { changedTables, snapshotStore } from './store-snapshot.ts';
import type { StoreSnapshot } from './store-snapshot.ts';
import type { SurfacesTarget } from './surfaces-target.ts';
import type { FuzzOptions } from './fuzz.ts';

export interface SurfacesReport extends FuzzReport {
  /** Statuses by surface. */
  bySurface: Record<Surface, Record<string, number>>;
  /** Store comparisons: around batches that may change nothing, around lone refused requests. */
  storeChecks: { together: number; alone: number };
}

/** Every operation of the admin API (as /openapi.json lists them) and of the connect page. */
export const SURFACE_OPERATIONS: Readonly<Record<Surface, readonly string[]>> = {
  admin: ADMIN_ROUTES.map((route) => route.doc.operationId),
  connect: CONNECT_OPERATIONS,
};

export const SURFACE_FAILURES: readonly FailureKind[] = [
  '5xx',
  'dropped',
  'slow',
  'unauthenticated',
  'changed',
  'echoed',
  'logged',
];

/** Statuses the admin API may answer without a valid key: it found no operation, or no key. */
const KEYLESS_ADMIN = new Set(['400', '401', '404', '405', '408', '431']);
/** Requests that may change nothing, sent between two reads of the store. */
const GROUP_SIZE = 40;
/** A full token of any kind: the log may show a token's first ten characters, never the rest. */
const ANY_TOKEN = /f(ld|la|cs)_[A-Za-z0-9_-]{20,}/g;

/** A 429 with Retry-After: too many failed keys from this address, or too many link attempts. */
function isThrottled(answer: string): boolean {
  const head = answer.slice(0, answer.indexOf('\r\n\r\n') + 2);
  return /^HTTP\/1\.[01] 429 /.test(head) && /\r\nretry-after: \d+\r\n/i.test(head);
}

/**
 * A link refused for a while because the platform's call budget is in use (syncs the run started
 * spend MFL's 30 calls a minute): a 503 with Retry-After, what the service should answer then.
 */
function isBusyLink(answer: string): boolean {
  const head = answer.slice(0, answer.indexOf('\r\n\r\n') + 2);
  // Said as the admin API's problem or the connect page's words: any other 503 is a fault.
  const busy =
    answer.includes('"code":"platform_busy"') ||
    answer.includes('is busy answering other requests');
  return busy && /^HTTP\/1\.[01] 503 /.test(head) && /\r\nretry-after: \d+\r\n/i.test(head);
}

/** The part of a secret no answer or log may show (a token's display prefix may be shown). */
function hidden(secret: string): string {
  return secret.length > 24 ? secret.slice(10) : secret;
}

/**
 * The operations the fuzz only ever has refused: Yahoo's callback, which it forges or sends from
 * another browser than the one that started the sign-in (a genuine one needs Yahoo).
 */
export const ONLY_REFUSED: readonly string[] = ['connectOauthCallback'];

export async function runSurfacesFuzz(
  target: SurfacesTarget,
  store: Store,
  options: FuzzOptions,
): Promise<SurfacesReport> {
  const rng = createRng(options.seed);
  const report: SurfacesReport = {
    ...emptyFuzzReport(),
    bySurface: { admin: {}, connect: {} },
    storeChecks: { together: 0, alone: 0 },
  };
  const started = Date.now();
  const deadline = started + options.maxSeconds * 1000;
  /** The store as the last check left it; undefined after an accepted request. */
  let known: StoreSnapshot | undefined;

  const current = async (): Promise<StoreSnapshot> => known ?? snapshotStore(store.db);

  /** Sends one request and checks its answer; true when it was refused (or not answered). */
  const send = async (request: SurfaceRequest): Promise<boolean> => {
    report.sent++;
    const { answer, timedOut } = await exchange(target, request.bytes, 10_000);
    const status = countStatus(report, answer);
    countOperation(report, request.operation, answer, status);
    const mine = report.bySurface[request.surface];
    mine[status ?? 'no answer'] = (mine[status ?? 'no answer'] ?? 0) + 1;
    const fail = (kind: FailureKind, detail?: string) =>
      report.failures.push({
        kind,
        ...(status !== undefined && { status: Number(status) }),
        request: shownRequest(request.bytes),
        ...(detail !== undefined && { detail }),
      });
    if (status === undefined) fail(timedOut ? 'slow' : 'dropped');
    else if (status.startsWith('5') && !isBusyLink(answer)) fail('5xx');
    else if (request.unauthorized) {
      const refused =
        request.surface === 'admin'
          ? KEYLESS_ADMIN.has(status) || isThrottled(answer)
          : Number(status) >= 400;
      if (!refused) fail('unauthenticated');
    }
    for (const secret of target.secrets) {
      if (!request.mayShow.includes(secret) && answer.includes(hidden(secret))) {
        fail('echoed', `the answer shows a secret starting ${secret.slice(0, 10)}`);
      }
    }
    return status === undefined || Number(status) >= 400;
  };

  /** Reads the store again; a failure when it differs from `before`. */
  const compare = async (before: StoreSnapshot, shown: string, detail: string): Promise<void> => {
    known = await snapshotStore(store.db);
    const changed = changedTables(before, known);
    if (changed.length > 0) {
      report.failures.push({
        kind: 'changed',
        request: shown,
        detail: `${detail} ${changed.join(', ')}`,
      });
    }
  };

  /** Requests that may change nothing, `concurrency` in flight at a time, then the store. */
  const together = async (group: SurfaceRequest[]): Promise<void> => {
    if (group.length === 0) return;
    const before = await current();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < group.length) await send(group[next++] as SurfaceRequest);
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    report.storeChecks.together++;
    const shown = group.map((r) => shownRequest(r.bytes).slice(0, 200)).join('\n');
    await compare(before, shown, 'one of these requests, which may change nothing, changed');
  };

  const alone = async (request: SurfaceRequest): Promise<void> => {
    const before = await current();
    if (!(await send(request))) {
      known = undefined; // accepted: what it changed is read before the next request
      return;
    }
    report.storeChecks.alone++;
    await compare(before, shownRequest(request.bytes), 'a refused request changed');
  };

  // Generated in one seeded order; those that may change nothing wait in a group, so that the
  // store is read once per group, and the others go alone after it.
  let group: SurfaceRequest[] = [];
  let lone: SurfaceRequest[] = [];
  const flush = async (): Promise<void> => {
    await together(group);
    for (const request of lone) await alone(request);
    group = [];
    lone = [];
  };
  while (report.sent < options.count && Date.now() < deadline) {
    while (report.sent + group.length + lone.length < options.count) {
      const request = rng.chance(0.55) ? adminRequest(rng, target) : connectRequest(rng, target);
      (request.mutating ? lone : group).push(request);
      if (group.length >= GROUP_SIZE) break;
    }
    await flush();
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

/** The service's log after the run: no secret of the target, and no full token of any kind. */
export function checkLog(report: FuzzReport, target: SurfacesTarget, log: string): void {
  if (!log.includes('"msg":"request"')) throw new Error('the service logged no request to check');
  for (const secret of target.secrets) {
    if (log.includes(hidden(secret))) {
      report.failures.push({
        kind: 'logged',
        request: `a secret starting ${secret.slice(0, 10)}`,
        detail: logLineOf(log, hidden(secret)),
      });
    }
  }
  for (const match of new Set(log.match(ANY_TOKEN) ?? [])) {
    if (target.secrets.some((secret) => match.includes(hidden(secret)))) continue;
    report.failures.push({
      kind: 'logged',
      request: `a token starting ${match.slice(0, 10)}`,
      detail: logLineOf(log, match),
    });
  }
}

function logLineOf(log: string, text: string): string {
  const at = log.indexOf(text);
  const line = log.slice(log.lastIndexOf('\n', at) + 1, log.indexOf('\n', at));
  return line.replaceAll(text, `${text.slice(0, 4)}[...]`).slice(0, 400);
}

export function formatSurfacesReport(report: SurfacesReport): string {
  const bySurface = (Object.keys(report.bySurface) as Surface[]).map((surface) => {
    const statuses = Object.entries(report.bySurface[surface]).sort(([a], [b]) =>
      a.localeCompare(b),
    );
    const total = statuses.reduce((sum, [, n]) => sum + n, 0);
    return `${surface}: ${total} requests (${statuses.map(([s, n]) => `${s} ${n}`).join(', ')})`;
  });
  return [
    formatFuzzReport(report, SURFACE_FAILURES, [
      ...SURFACE_OPERATIONS.admin,
      ...SURFACE_OPERATIONS.connect,
    ]),
    ...bySurface,
    `store compared: around ${report.storeChecks.together} batches that may change nothing, ` +
      `${report.storeChecks.alone} refused requests that might have`,
  ].join('\n');
}
