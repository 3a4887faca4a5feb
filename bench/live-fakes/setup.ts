// The service's side of the Sunday bench, shared with its test: configuration pointing every
// platform at its fake, the leagues written as full syncs would have, and the live scheduler as
// a worker builds it (each module's connector, budget and live read) on a Sunday afternoon.
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import type { Platform } from '../../src/domain/catalog.ts';
import type { Logger } from '../../src/logger.ts';
import { platformModule } from '../../src/platforms/registry.ts';
import type { SecretBox } from '../../src/secrets.ts';
import type { Store } from '../../src/storage/db.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { createConnectorRegistry } from '../../src/sync/connectors.ts';
import { livePlatforms } from '../../src/sync/live/index.ts';
import { createLiveScheduler } from '../../src/sync/live/scheduler.ts';
import type { LiveRefreshEvent, LiveScheduler } from '../../src/sync/live/scheduler.ts';
import { FAKES } from './index.ts';
import { storedLeague } from './world.ts';
import type { Clock } from './world.ts';

/** Leagues each bench user follows on each platform (one account per user and platform). */
export const LEAGUES_PER_ACCOUNT = 4;

/**
 * Each module's URL settings pointed at its platform's fake, its optional ones (an application's
 * keys: Yahoo's) set, the rest as by default.
 */
export function benchConfig(baseUrls: Readonly<Record<string, string>>): Config {
  const env: Record<string, string> = {};
  for (const fake of FAKES) {
    for (const spec of Object.values(platformModule(fake.platform).settings)) {
      if (spec.kind === 'url') env[spec.env] = baseUrls[fake.platform] as string;
      if (spec.kind === 'optional') env[spec.env] = 'bench';
    }
  }
  return loadConfig(env);
}

/** Every platform's `leaguesOf(index)` leagues written as a full sync would, a few per user. */
export async function seedLeagues(
  store: Store,
  secrets: SecretBox,
  clock: Clock,
  leaguesOf: (index: number) => number,
): Promise<void> {
  const users: number[] = [];
  for (const [index, fake] of FAKES.entries()) {
    const leagues = leaguesOf(index);
    for (let u = 0; u * LEAGUES_PER_ACCOUNT < leagues; u++) {
      users[u] ??= (await createUser(store.db, `fan${u}`)).id;
      const { credentials, externalUserId } = fake.account(u, clock);
      const account = await linkAccount(store.db, {
        userId: users[u] as number,
        platform: fake.platform,
        externalUserId,
        ...(credentials !== undefined && { credentialsEncrypted: secrets.encrypt(credentials) }),
      });
      const first = u * LEAGUES_PER_ACCOUNT;
      for (let i = first; i < Math.min(leagues, first + LEAGUES_PER_ACCOUNT); i++) {
        await writeLeagueSnapshot(store, storedLeague(fake, fake.leagueKey(i), clock), {
          userId: users[u] as number,
          accountId: account.id,
        });
      }
    }
  }
}

/** ms from `t0` to 18:00 UTC on its Sunday or the next one: the sports' schedules say games on. */
export function sundayOffset(t0: number): number {
  const sunday = new Date(t0);
  sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7));
  sunday.setUTCHours(18, 0, 0, 0);
  return sunday.getTime() - t0;
}

export interface BenchSchedulerOptions {
  store: Store;
  secrets: SecretBox;
  config: Config;
  clock: Clock;
  /** Refreshes of a platform under way at once; the scheduler's default when absent. */
  concurrency?: number;
  /** The platforms refreshed; all the fakes' when absent. */
  platforms?: readonly Platform[];
  logger?: Logger;
  onRefresh?: (event: LiveRefreshEvent) => void;
}

/** The live scheduler over the fakes' platforms, as startLiveRefreshes builds it in a worker. */
export function benchScheduler(options: BenchSchedulerOptions): LiveScheduler {
  const { config } = options;
  const platforms = options.platforms ?? FAKES.map((fake) => fake.platform);
  const registry = createConnectorRegistry(config);
  const budgets = livePlatforms(config);
  const offset = sundayOffset(options.clock.t0);
  return createLiveScheduler({
    store: options.store,
    connectors: Object.fromEntries(platforms.map((p) => [p, registry[p]])),
    platforms: Object.fromEntries(platforms.map((p) => [p, budgets[p] ?? {}])),
    liveSeconds: config.liveRefreshSeconds,
    secrets: options.secrets,
    now: () => Date.now() + offset,
    ...(options.concurrency !== undefined && { concurrency: options.concurrency }),
    ...(options.logger && { logger: options.logger }),
    ...(options.onRefresh && { onRefresh: options.onRefresh }),
  });
}
