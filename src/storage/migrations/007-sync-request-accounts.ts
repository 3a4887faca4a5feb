import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * Syncs started over HTTP are no longer run by the serving process, which wrote their progress
 * into `sync_requests`: they go to the sync jobs (a worker with REDIS_URL), and whoever syncs an
 * account records it for the requests waiting on that account. So:
 * - `sync_request_accounts`: one row per account a request syncs, with the run serving it and
 *   that account's counters and outcome (the request's status and progress add these up);
 * - `sync_requests` keeps what was asked (user, platform, connect session, when): its status,
 *   progress, error, finish and owner columns go.
 * A request from before becomes one row with no account nor platform, holding what it recorded (one still
 * 'running' was the serving process's, which is being replaced: 'interrupted'); the platforms
 * its progress named as needing linking again are not carried over (the links still say so).
 */
export const syncRequestAccounts = (dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    const table = db.schema.createTable('sync_request_accounts');
    await (
      dialect === 'postgres'
        ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .addColumn('request_id', 'bigint', (c) =>
        c.notNull().references('sync_requests.id').onDelete('cascade'),
      )
      // Unlinking the account leaves the row (its request still counts it), without the account.
      .addColumn('account_id', 'bigint', (c) =>
        c.references('platform_accounts.id').onDelete('set null'),
      )
      .addColumn('platform', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('run_id', 'bigint')
      .addColumn('leagues_found', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('leagues_written', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('leagues_unchanged', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('leagues_failed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pools_refreshed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('needs_relink', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema
      .createIndex('sync_request_accounts_request')
      .on('sync_request_accounts')
      .column('request_id')
      .execute();
    // Every account sync looks up the requests waiting on its account.
    await db.schema
      .createIndex('sync_request_accounts_account')
      .on('sync_request_accounts')
      .column('account_id')
      .execute();

    const now = new Date().toISOString();
    for (const request of await db.selectFrom('sync_requests').selectAll().execute()) {
      const progress = parseOldProgress(request.progress as string);
      const running = request.status === 'running';
      await db
        .insertInto('sync_request_accounts')
        .values({
          request_id: request.id,
          account_id: null,
          // Its error already names the platforms.
          platform: null,
          status: running ? 'interrupted' : request.status,
          run_id: null,
          leagues_found: progress.leaguesFound ?? 0,
          leagues_written: progress.leaguesWritten ?? 0,
          leagues_unchanged: progress.leaguesUnchanged ?? 0,
          leagues_failed: progress.leaguesFailed ?? 0,
          pools_refreshed: progress.poolsRefreshed ?? 0,
          needs_relink: 0,
          error: running ? 'the process running it stopped' : request.error,
          finished_at: request.finished_at ?? now,
        })
        .execute();
    }
    for (const column of ['status', 'finished_at', 'progress', 'error', 'owner']) {
      await db.schema.alterTable('sync_requests').dropColumn(column).execute();
    }
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('sync_request_accounts').execute();
    await db.schema
      .alterTable('sync_requests')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('interrupted'))
      .execute();
    await db.schema.alterTable('sync_requests').addColumn('finished_at', 'text').execute();
    await db.schema
      .alterTable('sync_requests')
      .addColumn('progress', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.alterTable('sync_requests').addColumn('error', 'text').execute();
    await db.schema.alterTable('sync_requests').addColumn('owner', 'text').execute();
  },
});

function parseOldProgress(text: string): Record<string, number | undefined> {
  try {
    return JSON.parse(text) as Record<string, number | undefined>;
  } catch {
    return {};
  }
}
