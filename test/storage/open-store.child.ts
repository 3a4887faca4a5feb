// Run as its own process by migrate.test.ts: opens (and so migrates) the store described by the
// JSON in argv[2] and creates the user named in argv[3], as a second server or CLI would.
import { openStore } from '../../src/storage/db.ts';
import type { StoreOptions } from '../../src/storage/db.ts';
import { createUser } from '../../src/storage/repositories/users.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as StoreOptions;
const store = await openStore(options);
try {
  await createUser(store.db, process.argv[3] ?? 'child');
} finally {
  await store.close();
}
