// A fresh demo store with two tokens: the demo user's (every product, so every operation answers it) and an intruder's (a user
// with no leagues), for the fuzzer and the soak.
import { loadConfig } from '../src/config.ts';
import { PRODUCTS } from '../src/domain/catalog.ts';
import type { Store } from '../src/storage/db.ts';
import { findLeaguesForUser } from '../src/storage/repositories/leagues.ts';
import { issueToken } from '../src/storage/repositories/tokens.ts';
import { createUser, findUserByName } from '../src/storage/repositories/users.ts';
import { loadDemo } from '../src/sync/demo.ts';

export interface DemoTokens {
  token: string;
  leagueIds: number[];
  intruderToken: string;
}

export async function prepareDemoStore(store: Store): Promise<DemoTokens> {
  // The seasons the service under test serves (SUPPORTED_SEASONS, default 2017-2021).
  await loadDemo(store, { seasons: loadConfig().supportedSeasons });
  const demo = await findUserByName(store.db, 'demo');
  if (!demo) throw new Error('the demo load made no demo user');
  const intruder = await createUser(store.db, 'intruder');
  const { token } = await issueToken(store.db, { userId: demo.id, products: [...PRODUCTS] });
  const { token: intruderToken } = await issueToken(store.db, {
    userId: intruder.id,
    products: [...PRODUCTS],
  });
  const leagues = await findLeaguesForUser(store.db, demo.id, { sports: [], seasons: [] });
  return { token, leagueIds: leagues.map((l) => l.leagueId), intruderToken };
}
