// The PostgreSQL pool as Kysely sees it, made to outlive the database going away. pg's pool and
// clients emit 'error' when a connection dies (a restart, a failover, pg_terminate_backend, a
// proxy's idle timeout), and an 'error' nobody listens to ends the process. Here every client is
// listened to for its whole life, a connection that failed is dropped rather than handed out
// again, no query waits past a bound, and such failures reach callers as StoreUnavailableError.
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Pool, PoolClient } from 'pg';
import { StoreUnavailableError } from './unavailable.ts';

export interface PoolGuard {
  /** The longest one query may wait for its answer; 0 for no bound (migrations). */
  queryTimeoutMs: number;
  /** A connection failed (logged by the caller; the pool has dropped it or will at release). */
  onConnectionError(error: Error): void;
}

/**
 * SQLSTATEs of a connection that is gone or refused, not of a statement that failed: class 08
 * (connection exception), 57P01-57P03 (terminated by an administrator, a crash, or the server
 * starting or shutting down), 53300 (too many connections).
 */
const CONNECTION_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** Socket errors (ECONNRESET, EPIPE, ETIMEDOUT...): SQLSTATEs are five digits or capitals. */
const SOCKET_CODE = /^E[A-Z]{3,}$/;

function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (CONNECTION_SQLSTATE.test(code) || SOCKET_CODE.test(code));
}

function unavailable(error: unknown): StoreUnavailableError {
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`the store does not answer: ${reason}`, { cause: error });
}

export function guardPool(pool: Pool, guard: PoolGuard): PostgresPool {
  /** Clients whose connection emitted 'error': pg errors their queries and never recovers them. */
  const failed = new WeakSet<PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      failed.add(client);
      guard.onConnectionError(error);
    });
  });
  // An idle client's error reaches the pool too (which drops the client): the client's own
  // listener above has logged it.
  pool.on('error', () => undefined);

  return {
    async connect() {
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        // Refused, timed out (connectionTimeoutMillis), or the server starting up or full.
        throw unavailable(error);
      }
      return guardClient(client, guard, failed);
    },
    end: () => pool.end(),
  };
}

function guardClient(
  client: PoolClient,
  guard: PoolGuard,
  failed: WeakSet<PoolClient>,
): PostgresPoolClient {
  /** Why this connection must not be used again, once something went wrong with it. */
  let broken: Error | undefined;
  function query<R>(
    sql: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> {
    // A stalled connection would make the rollback that follows a timeout wait as long again.
    if (broken !== undefined) {
      return Promise.reject(broken instanceof StoreUnavailableError ? broken : unavailable(broken));
    }
    const pending = client.query(sql, parameters as unknown[]) as unknown as Promise<
      PostgresQueryResult<R>
    >;
    const { queryTimeoutMs } = guard;
    let timer: NodeJS.Timeout | undefined;
    const late =
      queryTimeoutMs > 0 &&
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          // The connection may be stalled: its late answer is dropped with it at release.
          pending.catch(() => undefined);
          reject(new StoreUnavailableError(`the store did not answer within ${queryTimeoutMs} ms`));
        }, queryTimeoutMs);
      });
    return (late === false ? pending : Promise.race([pending, late])).then(
      (result) => {
        clearTimeout(timer);
        return result;
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (error instanceof StoreUnavailableError) {
          broken ??= error;
          throw error;
        }
        if (failed.has(client) || isConnectionFailure(error)) {
          broken ??= error as Error;
          throw unavailable(error);
        }
        throw error;
      },
    );
  }
  return {
    query: query as PostgresPoolClient['query'],
    release() {
      // With an error the pool ends the client instead of keeping it idle for the next caller.
      client.release(broken ?? (failed.has(client) ? new Error('connection failed') : undefined));
    },
  };
}
