import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * player_external_ids: the ids other systems give a pool's players (domain/crossref.ts), one row
 * per (pool, player, id system), replaced with each full dump of the pool. The index serves the
 * lookup the other way: which players carry a given ESPN or Sportradar id.
 */
export const playerCrossref = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('player_external_ids')
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('sport', 'text', (c) => c.notNull())
      .addColumn('season', 'integer', (c) => c.notNull())
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('id_type', 'text', (c) => c.notNull())
      .addColumn('external_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('player_external_ids_pk', [
        'platform',
        'sport',
        'season',
        'player_id',
        'id_type',
      ])
      .execute();
    await db.schema
      .createIndex('player_external_ids_by_id')
      .on('player_external_ids')
      .columns(['id_type', 'external_id'])
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('player_external_ids').execute();
  },
});
