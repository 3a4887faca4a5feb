// Brings a store's schema up to date with the migrations in ./migrations, on either backend.
//
// A small runner of our own rather than Kysely's Migrator: on PostgreSQL the Migrator looks for
// its tables by introspecting every schema of the database, which fails whenever another schema
// is dropped meanwhile (test suites running side by side, each in a throwaway schema) and can
// mistake another schema's migration table for its own. This runner only ever reads the store's
// own schema. It keeps the Migrator's table (kysely_migration: name, timestamp), so stores
// migrated by it before stay valid.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './db.ts';
import type { Schema } from './schema.ts';
import { initialSchema } from './migrations/001-initial.ts';
import { seasonalPoolsAndLinks } from './migrations/002-seasonal-pools-and-links.ts';
import { playerCrossref } from './migrations/003-player-crossref.ts';
import { syncRunLeases } from './migrations/004-sync-run-leases.ts';
import { accountSeasons } from './migrations/005-account-seasons.ts';
import { adminSchema } from './migrations/006-admin.ts';
import { syncRequestAccounts } from './migrations/007-sync-request-accounts.ts';
import { syncRequestJobs } from './migrations/008-sync-request-jobs.ts';
import { secretKeyCheck } from './migrations/009-secret-key-check.ts';
import { adminKeyScopes } from './migrations/010-admin-key-scopes.ts';
import { connectBrowserBinding } from './migrations/011-connect-browser-binding.ts';
import { credentialLeases } from './migrations/012-credential-leases.ts';
import { leagueTeamsAndMatchups } from './migrations/013-league-teams-and-matchups.ts';
import { leagueTransactionsAndDrafts } from './migrations/014-league-transactions-and-drafts.ts';
import { webhooks } from './migrations/015-webhooks.ts';
import { connectOutcome } from './migrations/016-connect-outcome.ts';
import { scaleIndexes } from './migrations/017-scale-indexes.ts';
import { rosterStatistics } from './migrations/018-roster-statistics.ts';
import { leagueGame } from './migrations/019-league-game.ts';
import { webhookLanes } from './migrations/020-webhook-lanes.ts';
import { leagueGoneAnswers } from './migrations/021-league-gone-answers.ts';
import { leagueRefreshes } from './migrations/022-league-refreshes.ts';

/** Each migration is written once for both dialects; it is handed the dialect for the few differences. */
export type DialectMigration = (dialect: Dialect) => Migration;

const MIGRATIONS: Record<string, DialectMigration> = {
  '001-initial': initialSchema,
  '002-seasonal-pools-and-links': seasonalPoolsAndLinks,
  '003-player-crossref': playerCrossref,
  '004-sync-run-leases': syncRunLeases,
  '005-account-seasons': accountSeasons,
  '006-admin': adminSchema,
  '007-sync-request-accounts': syncRequestAccounts,
  '008-sync-request-jobs': syncRequestJobs,
  '009-secret-key-check': secretKeyCheck,
  '010-admin-key-scopes': adminKeyScopes,
  '011-connect-browser-binding': connectBrowserBinding,
  '012-credential-leases': credentialLeases,
  '013-league-teams-and-matchups': leagueTeamsAndMatchups,
  '014-league-transactions-and-drafts': leagueTransactionsAndDrafts,
  '015-webhooks': webhooks,
  '016-connect-outcome': connectOutcome,
  '017-scale-indexes': scaleIndexes,
  '018-roster-statistics': rosterStatistics,
  '019-league-game': leagueGame,
  '020-webhook-lanes': webhookLanes,
  '021-league-gone-answers': leagueGoneAnswers,
  '022-league-refreshes': leagueRefreshes,
};

/** Any fixed number: the PostgreSQL advisory lock that queues processes migrating at once. */
const PG_MIGRATION_LOCK = 7_302_114_561;

export async function migrateToLatest(db: Kysely<Schema>, dialect: Dialect): Promise<void> {
  const names = Object.keys(MIGRATIONS).sort();
  let current = '';
  try {
    await inMigrationLock(db, dialect, async (tx) => {
      await sql`create table if not exists kysely_migration (
        name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(tx);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(tx);
      const applied = new Set(rows.map((row) => row.name));
      const unknown = [...applied].filter((name) => !(name in MIGRATIONS));
      if (unknown.length > 0) {
        throw new Error(
          `the database has migrations this version does not know (${unknown.join(', ')}); use a newer version`,
        );
      }
      for (const name of names) {
        if (applied.has(name)) continue;
        current = name;
        await (MIGRATIONS[name] as DialectMigration)(dialect).up(tx);
        await sql`insert into kysely_migration (name, timestamp)
          values (${name}, ${new Date().toISOString()})`.execute(tx);
      }
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${current} failed: ${detail}`, { cause: error });
  }
}

/**
 * Runs all pending migrations in one transaction (DDL is transactional on both backends), so a
 * failed migration leaves nothing half-done, and two processes starting at once migrate in turn.
 */
async function inMigrationLock(
  db: Kysely<Schema>,
  dialect: Dialect,
  work: (tx: Kysely<Schema>) => Promise<void>,
): Promise<void> {
  if (dialect === 'postgres') {
    await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`.execute(tx);
      await work(tx);
    });
    return;
  }
  await db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      await work(connection);
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
