// Run as its own process by demo-crash.test.ts, which kills it with SIGKILL part-way: opens the
// store described by the JSON in argv[2] and does what `serve` does on its first start.
import { openStore } from '../../src/storage/db.ts';
import type { StoreOptions } from '../../src/storage/db.ts';
import { loadDemoIntoEmptyStore } from '../../src/sync/demo.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as StoreOptions;
const store = await openStore(options);
process.stdout.write('loading\n');
const loaded = await loadDemoIntoEmptyStore(store, seasonsBetween(2017, 2021));
process.stdout.write(`done ${loaded === undefined ? '-' : 'token'}\n`);
await store.close();
