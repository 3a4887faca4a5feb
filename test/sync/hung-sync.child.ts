// Run as its own process by interrupted-runs.test.ts, which kills it with SIGKILL: opens the
// store described by the JSON in argv[2] and syncs user argv[3] with a connector whose league
// list never comes, so the run is in progress when the process dies.
import { openStore } from '../../src/storage/db.ts';
import type { StoreOptions } from '../../src/storage/db.ts';
import { syncUser } from '../../src/sync/engine.ts';
import { createScriptedConnector } from './scripted-connector.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as StoreOptions;
const store = await openStore(options);
const connector = createScriptedConnector('sleeper');
connector.listLeagues = async () => {
  process.stdout.write('running\n');
  return new Promise(() => {});
};
await syncUser(
  store,
  { sleeper: connector },
  {
    userId: Number(process.argv[3]),
    sports: [],
    seasons: [],
    supportedSeasons: seasonsBetween(2017, 2021),
    trigger: 'cli',
  },
);
