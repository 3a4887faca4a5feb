// Starts the live scheduler where syncs run (a worker; serve without REDIS_URL), from Config:
// each platform's budgets and live capability are its module's (platforms/registry.ts).
import type { Config } from '../../config.ts';
import type { Platform } from '../../domain/catalog.ts';
import type { Logger } from '../../logger.ts';
import { MODULES } from '../../platforms/registry.ts';
import type { SecretBox } from '../../secrets.ts';
import type { Store } from '../../storage/db.ts';
import type { ConnectorRegistry } from '../types.ts';
import { createLiveScheduler } from './scheduler.ts';
import type { LivePlatform, LiveRefreshEvent, LiveScheduler } from './scheduler.ts';

export type { LiveRefreshEvent, LiveScheduler } from './scheduler.ts';

export interface LiveRefreshDeps {
  store: Store;
  connectors: ConnectorRegistry;
  secrets?: SecretBox;
  logger?: Logger;
  onRefresh?: (event: LiveRefreshEvent) => void;
}

/** Each platform's budgets (its own and any account's) and live capability, as its module says. */
export function livePlatforms(
  config: Pick<Config, 'platforms'>,
): Partial<Record<Platform, LivePlatform>> {
  return Object.fromEntries(
    MODULES.map((module) => {
      const perMinute = module.requestsPerMinute?.(config.platforms);
      const accountPerMinute = module.accountRequestsPerMinute?.(config.platforms);
      return [
        module.id,
        {
          ...(perMinute !== undefined && { perMinute }),
          ...(accountPerMinute !== undefined && { accountPerMinute }),
          ...(module.live !== undefined && { live: module.live }),
        },
      ];
    }),
  );
}

/** The running live scheduler, or undefined when LIVE_REFRESH is off. */
export function startLiveRefreshes(
  config: Pick<Config, 'platforms' | 'liveRefresh' | 'liveRefreshSeconds'>,
  deps: LiveRefreshDeps,
): LiveScheduler | undefined {
  if (!config.liveRefresh) return undefined;
  const scheduler = createLiveScheduler({
    ...deps,
    platforms: livePlatforms(config),
    liveSeconds: config.liveRefreshSeconds,
  });
  scheduler.start();
  return scheduler;
}
