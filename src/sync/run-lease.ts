// Runs that died: a sync killed mid-run (kill -9, a crash, a lost machine) never records its end,
// so its sync_runs row would say 'running' forever. Each run holds a lease instead: its owner
// ("host:pid") and a heartbeat renewed while it runs. A run is dead when its process is gone
// from this host, or, whichever host ran it (several processes may share one PostgreSQL), when
// its heartbeat is older than STALE_AFTER_MS. Dead runs are marked 'interrupted' at the next
// start of `serve` and of every sync; `sync status` shows them as such even before that.
import { hostname } from 'node:os';
import type { Tx } from '../storage/db.ts';
import {
  listUnfinishedRuns,
  markRunInterrupted,
  renewSyncRun,
} from '../storage/repositories/syncs.ts';
import type { UnfinishedRun } from '../storage/repositories/syncs.ts';

/** How often a running sync renews its heartbeat. */
export const HEARTBEAT_MS = 15_000;
/** A run silent for this long has died: eight missed heartbeats, slack for a busy store. */
export const STALE_AFTER_MS = 120_000;

/** "host:pid" of this process. */
export function runOwner(): string {
  return `${hostname()}:${process.pid}`;
}

function parseOwner(owner: string | undefined): { host: string; pid: number } | undefined {
  if (owner === undefined) return undefined;
  const at = owner.lastIndexOf(':');
  const pid = Number(owner.slice(at + 1));
  return at > 0 && Number.isInteger(pid) && pid > 0 ? { host: owner.slice(0, at), pid } : undefined;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: checks only
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why a 'running' run is dead, or undefined while it may be alive. */
export function deathOf(run: UnfinishedRun, now: number = Date.now()): string | undefined {
  const owner = parseOwner(run.owner);
  const who =
    owner === undefined ? 'its process' : `its process (pid ${owner.pid} on ${owner.host})`;
  if (owner !== undefined && owner.host === hostname() && owner.pid !== process.pid) {
    if (!processExists(owner.pid)) return `interrupted: ${who} stopped before the run finished`;
  }
  if (now - Date.parse(run.lastSeenAt) > STALE_AFTER_MS) {
    return `interrupted: no sign of life from ${who} since ${run.lastSeenAt}`;
  }
  return undefined;
}

/** Marks every dead run 'interrupted'; returns how many. */
export async function sweepInterruptedRuns(db: Tx, now: number = Date.now()): Promise<number> {
  let marked = 0;
  for (const run of await listUnfinishedRuns(db)) {
    const death = deathOf(run, now);
    if (death !== undefined && (await markRunInterrupted(db, run, death))) marked++;
  }
  return marked;
}

/** Renews the run's heartbeat until the returned stop() is called. */
export function keepRunAlive(db: Tx, runId: number, intervalMs: number = HEARTBEAT_MS): () => void {
  const timer = setInterval(() => {
    // A missed heartbeat (store busy) is harmless: the next one, or the run's end, follows.
    renewSyncRun(db, runId).catch(() => {});
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
