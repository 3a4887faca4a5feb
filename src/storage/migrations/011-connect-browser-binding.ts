import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * The hosted connect page binds Yahoo's OAuth `state` to the browser that started the sign-in:
 * `browser_hash` is the SHA-256 of a random value kept in that browser's cookie, checked at the
 * callback (a state from before has none and is refused; states last 15 minutes). A session
 * counts the links it has in flight (`links_in_flight`, with `links_until` ending the count
 * should the process running them die), so finishing never races a link being stored.
 */
export const connectBrowserBinding = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    await db.schema.alterTable('connect_oauth_states').addColumn('browser_hash', 'text').execute();
    await db.schema
      .alterTable('connect_sessions')
      .addColumn('links_in_flight', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('connect_sessions').addColumn('links_until', 'text').execute();
  },

  async down(db: AnyDb): Promise<void> {
    await db.schema.alterTable('connect_sessions').dropColumn('links_until').execute();
    await db.schema.alterTable('connect_sessions').dropColumn('links_in_flight').execute();
    await db.schema.alterTable('connect_oauth_states').dropColumn('browser_hash').execute();
  },
});
