// The bundled demo data: a `demo` user whose linked demo account is synced through exactly the
// store code a real platform uses, so the demo exercises the real write path. Idempotent.
import { PRODUCTS } from '../domain/catalog.ts';
import type { Product } from '../domain/catalog.ts';
import { ConflictError } from '../domain/errors.ts';
import {
  DEMO_EXTERNAL_USER_ID,
  DEMO_USERNAME,
  createDemoConnector,
} from '../platforms/demo/index.ts';
import { demo } from '../platforms/demo/module.ts';
import { inOneTransaction } from '../storage/db.ts';
import type { Store } from '../storage/db.ts';
import { linkAccount } from '../storage/repositories/accounts.ts';
import { issueToken } from '../storage/repositories/tokens.ts';
import { createUser, findUserByName, hasUsers } from '../storage/repositories/users.ts';
import type { User } from '../storage/repositories/users.ts';
import { syncUser } from './engine.ts';
import { SyncError } from './errors.ts';
import type { SyncProgressEvent, SyncSummary } from './types.ts';

export const DEMO_USER_NAME = 'demo';

/** Products of the token printed on a first start: every product, so every endpoint answers. */
export const DEMO_TOKEN_PRODUCTS: readonly Product[] = PRODUCTS;

/** Any fixed number: the PostgreSQL lock that queues processes loading the demo at once. */
const PG_DEMO_LOCK = 7_302_114_562;

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

/**
 * The demo user, its demo account and every demo league, in one transaction: all or nothing
 * (a league that fails rolls the whole load back, with the error).
 */
export async function loadDemo(store: Store, options: LoadDemoOptions): Promise<SyncSummary> {
  return inOneTransaction(store, (tx) => loadDemoInto(tx, options), PG_DEMO_LOCK);
}

async function loadDemoInto(store: Store, options: LoadDemoOptions): Promise<SyncSummary> {
  const user = await ensureUser(store, DEMO_USER_NAME);
  const connector = createDemoConnector(options.seed === undefined ? {} : { seed: options.seed });
  await linkAccount(store.db, {
    userId: user.id,
    platform: demo.id,
    externalUserId: DEMO_EXTERNAL_USER_ID,
    username: DEMO_USERNAME,
  });
  const summary = await syncUser(
    store,
    { demo: connector },
    {
      userId: user.id,
      platform: demo.id,
      sports: [],
      // Named, so every load goes through all of them: the demo costs no upstream call, and a
      // second load reports every league unchanged.
      seasons: options.seasons,
      supportedSeasons: options.seasons,
      trigger: 'demo',
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    },
  );
  if (summary.outcome === 'failed' || summary.outcome === 'partial') {
    const account = summary.accounts[0];
    const failure =
      account?.error ?? account?.leagues.find((l) => l.outcome === 'failed')?.error ?? 'failed';
    throw new SyncError(`the demo load failed, nothing was written: ${failure}`);
  }
  return summary;
}

/**
 * A first start: on a store with no users, the demo leagues, a `demo` user and a token for it
 * (returned once, never stored in clear). Undefined when the store already had users.
 *
 * All in one transaction: a start killed part-way leaves nothing, so the next start sees an
 * empty store and loads it all; a partial load (a demo user, some leagues, no token) would make
 * the next start skip the load and print no token.
 */
export async function loadDemoIntoEmptyStore(
  store: Store,
  /** The supported seasons (config.supportedSeasons). */
  seasons: readonly number[],
): Promise<{ token: string; summary: SyncSummary } | undefined> {
  return inOneTransaction(
    store,
    async (tx) => {
      // Checked inside the transaction: two first starts at once load the demo once.
      if (await hasUsers(tx.db)) return undefined;
      const summary = await loadDemo(tx, { seasons });
      const user = summary.accounts[0];
      if (!user) throw new Error('the demo load synced no account');
      const { token } = await issueToken(tx.db, {
        userId: user.userId,
        products: [...DEMO_TOKEN_PRODUCTS],
      });
      return { token, summary };
    },
    PG_DEMO_LOCK,
  );
}
