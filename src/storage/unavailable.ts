// The store not answering (PostgreSQL restarted, failed over, cut off by a proxy, or too slow to
// answer within the bound; SQLite busy with another process's write past its busy timeout): one
// rule, so every surface can tell an outage, which ends by itself, from a fault. Kept apart from
// the drivers so the HTTP layer can import it without pg or better-sqlite3.

/** What a client is told to wait before trying again while the store does not answer. */
export const STORE_RETRY_AFTER_SECONDS = 5;

export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** Whether `error`, or an error it was caused by, is the store not answering. */
export function isStoreUnavailable(error: unknown): boolean {
  for (let seen = 0, current = error; current instanceof Error && seen < 8; seen++) {
    if (current instanceof StoreUnavailableError || isSqliteBusy(current)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * SQLite's answer when another connection (the CLI, a worker, a second server on the same file)
 * holds the lock longer than the busy timeout: SQLITE_BUSY or one of its extended codes
 * (SQLITE_BUSY_SNAPSHOT, _RECOVERY, _TIMEOUT). It ends when that writer commits, as an outage does.
 */
function isSqliteBusy(error: Error): boolean {
  if (error.name !== 'SqliteError') return false;
  const code = codeOf(error);
  return code === 'SQLITE_BUSY' || (code?.startsWith('SQLITE_BUSY_') ?? false);
}

/**
 * What a log line may say of a driver error: its message and SQLSTATE or socket code. Never the
 * error object itself: pg hangs its client on some, whose parameters hold the URL's password.
 */
export function describeStoreError(error: unknown): { reason: string; code?: string } {
  if (!(error instanceof Error)) return { reason: String(error) };
  const code = codeOf(error) ?? codeOf(error.cause);
  return { reason: error.message, ...(code !== undefined && { code }) };
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
