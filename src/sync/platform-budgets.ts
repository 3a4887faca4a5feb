// Where one process counts its platform calls, opened once by its composition root (serve, the
// CLI's link, a worker) and handed to every connector registry it builds: Redis with REDIS_URL,
// so links and every worker's syncs spend one budget per platform, else this process's memory.
// Two registries of one process (the links', the OAuth callback's) then share it as well.
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { MemoryBudgetStore } from '../platforms/request-budget.ts';
import type { BudgetStore } from '../platforms/request-budget.ts';

export interface PlatformBudgets {
  readonly store: BudgetStore;
  /** 'redis' when the deployment's processes share it. */
  readonly kind: 'redis' | 'memory';
  close(): Promise<void>;
}

export interface PlatformBudgetsOptions {
  logger: Logger;
  /** Prefix of the budgets' keys in Redis (tests and benchmarks isolate themselves). */
  keyPrefix?: string;
}

export async function openPlatformBudgets(
  config: Pick<Config, 'redisUrl'>,
  options: PlatformBudgetsOptions,
): Promise<PlatformBudgets> {
  if (config.redisUrl === undefined) {
    return { store: new MemoryBudgetStore(), kind: 'memory', close: async () => undefined };
  }
  // ioredis is loaded only when there is a Redis to share (the embedded default goes without).
  const { RedisBudgetStore } = await import('./budget-redis.ts');
  const store = new RedisBudgetStore(config.redisUrl, {
    logger: options.logger,
    ...(options.keyPrefix !== undefined && { keyPrefix: options.keyPrefix }),
  });
  // Calls made before Redis answers are counted here (fail open); the store keeps trying.
  await store.ready();
  return { store, kind: 'redis', close: () => store.close() };
}
