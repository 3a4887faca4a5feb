// The connectors this build runs, one per platform module (platforms/registry.ts), built from
// Config. Each platform gets one request budget (calls per minute, all its accounts together, as
// its module says), counted where `budgetStore` says: this process, or Redis for the whole
// deployment (sync/budget-redis.ts).
import type { Config } from '../config.ts';
import type { Platform } from '../domain/catalog.ts';
import type { PlatformConnector } from '../platforms/connector.ts';
import { RequestBudget } from '../platforms/request-budget.ts';
import type { BudgetStore } from '../platforms/request-budget.ts';
import type { PlatformModule } from '../platforms/module.ts';
import { MODULES } from '../platforms/registry.ts';
import type { ConnectorRegistry } from './types.ts';

export type { ConnectorRegistry } from './types.ts';

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
  const settings = config.platforms;
  const budget = (platform: Platform, perMinute: number): RequestBudget =>
    new RequestBudget({
      perMinute,
      key: platform,
      ...(options.budgetStore && { store: options.budgetStore }),
      ...(options.budgetWindowMs !== undefined && { windowMs: options.budgetWindowMs }),
      ...(options.budgetSleep && { sleep: options.budgetSleep }),
    });
  const connector = (module: PlatformModule): PlatformConnector => {
    const perMinute = module.requestsPerMinute?.(settings);
    return module.createConnector(
      settings,
      perMinute === undefined ? undefined : budget(module.id, perMinute),
    );
  };
  return Object.freeze(Object.fromEntries(MODULES.map((module) => [module.id, connector(module)])));
}
