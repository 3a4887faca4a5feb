// Sync work in this process: what the service does with no Redis. `run` is the engine itself and
// the schedule is a timer (scheduler.ts) whose runs never overlap.
import type { Logger } from '../../logger.ts';
import type { SecretBox } from '../../secrets.ts';
import type { Store } from '../../storage/db.ts';
import { syncAccounts, syncAll } from '../engine.ts';
import { createScheduler } from '../scheduler.ts';
import type { Scheduler } from '../scheduler.ts';
import type { ConnectorRegistry, SyncOptions } from '../types.ts';
import type { SyncJobs } from './types.ts';

export interface InProcessDeps {
  store: Store;
  connectors: ConnectorRegistry;
  secrets?: SecretBox;
  logger: Logger;
  /** Told of each account the schedule synced (metrics). */
  onAccountSynced?: SyncOptions['onAccountSynced'];
  /** The configured seasons (SUPPORTED_SEASONS): what "every season" means. */
  supportedSeasons: readonly number[];
}

export function createInProcessSyncJobs(deps: InProcessDeps): SyncJobs {
  const { store, connectors, logger } = deps;
  const secrets = deps.secrets === undefined ? {} : { secrets: deps.secrets };
  let scheduler: Scheduler | undefined;
  return {
    kind: 'in-process',
    run: (accounts, request) =>
      syncAccounts(store, connectors, accounts, {
        ...request,
        ...secrets,
        supportedSeasons: deps.supportedSeasons,
      }),
    async schedule(intervalMs) {
      await scheduler?.stop();
      scheduler = createScheduler({
        intervalMinutes: intervalMs / 60_000,
        logger,
        run: async (signal) => {
          const summary = await syncAll(store, connectors, {
            sports: [],
            // The current season every time; finished ones until synced in full (sync/seasons.ts).
            seasons: [],
            supportedSeasons: deps.supportedSeasons,
            trigger: 'schedule',
            signal,
            ...secrets,
            ...(deps.onAccountSynced && { onAccountSynced: deps.onAccountSynced }),
          });
          logger.info(
            {
              outcome: summary.outcome,
              leaguesWritten: summary.leaguesWritten,
              leaguesFailed: summary.leaguesFailed,
            },
            'scheduled sync finished',
          );
        },
      });
      scheduler.start();
    },
    get scheduler() {
      return scheduler;
    },
    async close() {
      await scheduler?.stop();
    },
  };
}
