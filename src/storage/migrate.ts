// Brings a store's schema up to date with the migrations in ./migrations, on either backend.
import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Dialect } from './db.ts';
import type { Schema } from './schema.ts';
import { initialSchema } from './migrations/001-initial.ts';

/** Each migration is written once for both dialects; it is handed the dialect for the few differences. */
export type DialectMigration = (dialect: Dialect) => Migration;

const MIGRATIONS: Record<string, DialectMigration> = {
  '001-initial': initialSchema,
};

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, make]) => [name, make(this.dialect)]),
    );
  }
}

export async function migrateToLatest(db: Kysely<Schema>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${detail}`);
  }
}
