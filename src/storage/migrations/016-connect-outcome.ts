import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it
   was, not the current Schema type, which is Kysely's documented way to type them. */
type AnyDb = Kysely<any>;

/**
 * Connect page v2. A session may name the application asking (`app_name`, else
 * CONNECT_APP_NAME) with its logo (`app_logo`, a data: URI, else CONNECT_APP_LOGO), and the
 * products it will read (`products`, space-separated, shown in plain
 * words); it keeps the links its page could not make (`link_failures`, a JSON list with the
 * request id and the technical text, for the admin API) and how it ended (`outcome`: linked,
 * partial, failed or cancelled), which the return URL carries signed.
 */
export const connectOutcome = (_dialect: Dialect): Migration => ({
  async up(db: AnyDb): Promise<void> {
    for (const column of ['app_name', 'app_logo', 'products', 'link_failures', 'outcome']) {
      await db.schema.alterTable('connect_sessions').addColumn(column, 'text').execute();
    }
  },

  async down(db: AnyDb): Promise<void> {
    for (const column of ['outcome', 'link_failures', 'products', 'app_logo', 'app_name']) {
      await db.schema.alterTable('connect_sessions').dropColumn(column).execute();
    }
  },
});
