// The bundled demo data: a `demo` user whose linked demo account is synced through exactly the
// store code a real platform uses, so the demo exercises the real write path. Idempotent.
import { ConflictError } from '../domain/errors.ts';
import {
  DEMO_EXTERNAL_USER_ID,
  DEMO_USERNAME,
  createDemoConnector,
} from '../platforms/demo/index.ts';
import type { Store } from '../storage/db.ts';
import { linkAccount } from '../storage/repositories/accounts.ts';
import { createUser, findUserByName } from '../storage/repositories/users.ts';
import type { User } from '../storage/repositories/users.ts';
import { syncUser } from './engine.ts';
import type { SyncProgressEvent, SyncSummary } from './types.ts';

export const DEMO_USER_NAME = 'demo';

export interface LoadDemoOptions {
  /** The supported seasons (config.supportedSeasons): the demo's leagues of others are not loaded. */
  seasons: readonly number[];
  seed?: number;
  onProgress?: (event: SyncProgressEvent) => void;
}

export async function ensureUser(store: Store, name: string): Promise<User> {
  const existing = await findUserByName(store.db, name);
  if (existing) return existing;
  try {
    return await createUser(store.db, name);
  } catch (error) {
    // Another process (server start-up and `demo load` at once) created it first.
    if (!(error instanceof ConflictError)) throw error;
    const created = await findUserByName(store.db, name);
    if (!created) throw error;
    return created;
  }
}

export async function loadDemo(store: Store, options: LoadDemoOptions): Promise<SyncSummary> {
  const user = await ensureUser(store, DEMO_USER_NAME);
  const connector = createDemoConnector(options.seed === undefined ? {} : { seed: options.seed });
  await linkAccount(store.db, {
    userId: user.id,
    platform: 'demo',
    externalUserId: DEMO_EXTERNAL_USER_ID,
    username: DEMO_USERNAME,
  });
  return syncUser(
    store,
    { demo: connector },
    {
      userId: user.id,
      platform: 'demo',
      sports: [],
      // Named, so every load goes through all of them: the demo costs no upstream call, and a
      // second load reports every league unchanged.
      seasons: options.seasons,
      supportedSeasons: options.seasons,
      trigger: 'demo',
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    },
  );
}
