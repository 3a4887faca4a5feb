// The connectors this build can run, built from Config. Platforms missing here cannot be linked
// or synced yet; the CLI says so. Each platform gets one request budget (calls per minute, all
// its accounts together), counted where `budgetStore` says: this process, or Redis for the
// whole deployment (sync/budget-redis.ts).
import type { Config } from '../config.ts';
import type { Platform } from '../domain/catalog.ts';
import { createDemoConnector } from '../platforms/demo/index.ts';
import { createEspnConnector } from '../platforms/espn/index.ts';
import {
  FLEAFLICKER_REQUESTS_PER_MINUTE,
  createFleaflickerConnector,
} from '../platforms/fleaflicker/index.ts';
import { RequestBudget } from '../platforms/request-budget.ts';
import type { BudgetStore } from '../platforms/request-budget.ts';
import { MFL_REQUESTS_PER_MINUTE, createMflConnector } from '../platforms/mfl/index.ts';
import { createSleeperConnector } from '../platforms/sleeper/index.ts';
import { createYahooConnector } from '../platforms/yahoo/index.ts';
import type { ConnectorRegistry } from './types.ts';

export type { ConnectorRegistry } from './types.ts';

/** ESPN publishes no limit; the HTTP client's default, which has served well. */
const ESPN_REQUESTS_PER_MINUTE = 900;

export interface RegistryOptions {
  /** Where the platforms' calls are counted; each process's memory when absent. */
  budgetStore?: BudgetStore;
  /** The budgets' window; a minute (benchmarks and tests shorten it to see several). */
  budgetWindowMs?: number;
  /** How the budgets wait for room: real time, unless a test moves a fake clock. */
  budgetSleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function createConnectorRegistry(
  config: Pick<Config, 'platforms'>,
  options: RegistryOptions = {},
): ConnectorRegistry {
  const p = config.platforms;
  const budget = (platform: Platform, perMinute: number): RequestBudget =>
    new RequestBudget({
      perMinute,
      key: platform,
      ...(options.budgetStore && { store: options.budgetStore }),
      ...(options.budgetWindowMs !== undefined && { windowMs: options.budgetWindowMs }),
      ...(options.budgetSleep && { sleep: options.budgetSleep }),
    });
  return Object.freeze({
    demo: createDemoConnector(),
    sleeper: createSleeperConnector({
      baseUrl: p.sleeperBaseUrl,
      budget: budget('sleeper', p.sleeperRequestsPerMinute),
    }),
    espn: createEspnConnector({
      baseUrl: p.espnBaseUrl,
      fanBaseUrl: p.espnFanBaseUrl,
      budget: budget('espn', ESPN_REQUESTS_PER_MINUTE),
    }),
    fleaflicker: createFleaflickerConnector({
      baseUrl: p.fleaflickerBaseUrl,
      budget: budget('fleaflicker', FLEAFLICKER_REQUESTS_PER_MINUTE),
    }),
    yahoo: createYahooConnector({
      ...yahooOptions(p),
      budget: budget('yahoo', p.yahooRequestsPerMinute),
    }),
    mfl: createMflConnector({
      baseUrl: p.mflBaseUrl,
      budget: budget('mfl', MFL_REQUESTS_PER_MINUTE),
    }),
  });
}

/** Yahoo's connector options from config; without the application's keys it only explains. */
function yahooOptions(p: Config['platforms']): Parameters<typeof createYahooConnector>[0] {
  return {
    baseUrl: p.yahooBaseUrl,
    authBaseUrl: p.yahooAuthBaseUrl,
    clientId: p.yahooClientId,
    clientSecret: p.yahooClientSecret,
    redirectUri: p.yahooRedirectUri,
    requestsPerMinute: p.yahooRequestsPerMinute,
    accountRequestsPerMinute: p.yahooAccountRequestsPerMinute,
    throttleBackoffMs: p.yahooThrottleBackoffMinutes * 60_000,
  };
}
