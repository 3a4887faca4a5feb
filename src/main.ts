// The composition root: config -> store -> app -> listen, plus the demo-on-empty start-up and
// the re-sync schedule. `startServer` is what `fantasy-data serve` runs and what tests start
// in-process; it never installs signal handlers (the serve command does).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.ts';
import { ADMIN_ROUTES } from './http/admin/routes/index.ts';
import { createApp } from './http/app.ts';
import { AuthThrottle } from './serving/auth-throttle.ts';
import { CONNECT_OPERATIONS } from './http/connect/surface.ts';
import { createStoreReadModel } from './serving/read-model.ts';
import { apiRoutes } from './http/routes/index.ts';
import { OPERATIONS } from './http/routes/operations.ts';
import type { ServiceMetrics } from './metrics/registry.ts';
import { observeUpstreamCalls } from './platforms/http-client.ts';
import { createHttpServer } from './http/wire/server.ts';
import type { RedisRateLimitStore } from './serving/rate-limit-redis.ts';
import { warmUp } from './http/warm.ts';
import { silentLogger } from './logger.ts';
import type { Logger } from './logger.ts';
import { createSecretBox } from './secrets.ts';
import { checkSecretKey } from './secret-key-check.ts';
import { openStore } from './storage/db.ts';
import type { Store } from './storage/db.ts';
import { createAccountServices } from './sync/account-services.ts';
import { openAttemptStore } from './sync/attempts.ts';
import type { AttemptStores } from './sync/attempts.ts';
import type { AccountServices } from './sync/account-services.ts';
import { createConnectorRegistry } from './sync/connectors.ts';
import { loadDemoIntoEmptyStore } from './sync/demo.ts';
import { openPlatformBudgets } from './sync/platform-budgets.ts';
import type { PlatformBudgets } from './sync/platform-budgets.ts';
import { openSyncJobs, startConfiguredWorker } from './sync/jobs/index.ts';
import type { SyncJobs, SyncWorker } from './sync/jobs/index.ts';
import type { Scheduler } from './sync/scheduler.ts';
import type { AccountSyncSummary, ConnectorRegistry } from './sync/types.ts';
import { sweepInterruptedRuns } from './sync/run-lease.ts';
import { startLiveRefreshes } from './sync/live/index.ts';
import type { LiveRefreshEvent, LiveScheduler } from './sync/live/index.ts';
import { startWebhookRelay } from './webhooks/relay.ts';
import type { WebhookRelay, WebhookRelayOptions } from './webhooks/relay.ts';

export { DEMO_TOKEN_PRODUCTS } from './sync/demo.ts';

export interface StartOptions {
  logger?: Logger;
  connectors?: ConnectorRegistry;
  /** How long close() lets in-flight requests finish before cutting connections. */
  shutdownTimeoutMs?: number;
  /** Prefix of the shared rate-limit keys in Redis (tests isolate themselves with it). */
  rateLimitKeyPrefix?: string;
  /** Prefixes of the sync queue and the platforms' budgets in Redis (tests). */
  queuePrefix?: string;
  budgetKeyPrefix?: string;
  /** Prefix of the link and authentication attempt counts in Redis (tests). */
  attemptKeyPrefix?: string;
  /** The webhook relay's timings (tests: a retry schedule in milliseconds). */
  webhooks?: Pick<WebhookRelayOptions, 'scheduleMs' | 'pollMs' | 'timeoutMs'>;
}

export interface RunningServer {
  url: string;
  store: Store;
  /** Where syncs go: this process, or the queue (REDIS_URL). */
  syncJobs: SyncJobs;
  /** The re-sync timer when syncs run in this process (no REDIS_URL). */
  scheduler?: Scheduler;
  /** The /metrics address, when METRICS_PORT is set. */
  metricsUrl?: string;
  /** Set only when this start loaded the demo into an empty store: shown once, never stored. */
  demoToken?: string;
  close(): Promise<void>;
}

export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const logger = options.logger ?? silentLogger();
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger,
  });
  // Redis holds the rate-limit counters (not needed when the limit is off), the sync queue and
  // the platforms' budgets (shared by this process's links and every worker's syncs).
  let rateLimitStore: RedisRateLimitStore | undefined;
  let budgets: PlatformBudgets | undefined;
  let attempts: AttemptStores | undefined;
  let accounts: AccountServices | undefined;
  let syncJobs: SyncJobs | undefined;
  let worker: SyncWorker | undefined;
  let live: LiveScheduler | undefined;
  let relay: WebhookRelay | undefined;
  let metricsServer: Server | undefined;
  let stopObservingUpstream = (): void => undefined;
  try {
    // Before anything is written or encrypted: a key that is not the store's is refused.
    await checkSecretKey(store, config);
    // Redis, metrics and the queue are imported where the configuration asks for them: the
    // embedded default (SQLite, no REDIS_URL, no METRICS_PORT) is about 20 MB of RSS lighter
    // without ioredis, BullMQ and prom-client loaded (docs/performance.md, Memory).
    if (config.redisUrl !== undefined && config.rateLimitPerMinute > 0) {
      const { RedisRateLimitStore } = await import('./serving/rate-limit-redis.ts');
      rateLimitStore = await RedisRateLimitStore.connect(config.redisUrl, {
        logger,
        ...(options.rateLimitKeyPrefix !== undefined && { keyPrefix: options.rateLimitKeyPrefix }),
      });
    }
    const interrupted = await sweepInterruptedRuns(store.db);
    if (interrupted > 0) logger.warn({ runs: interrupted }, 'sync runs found interrupted');
    const demo = config.demoOnEmpty
      ? await loadDemoIntoEmptyStore(store, config.supportedSeasons)
      : undefined;
    if (demo !== undefined) {
      logger.info(
        { leagues: demo.summary.leaguesFound, outcome: demo.summary.outcome },
        'demo data loaded into the empty store',
      );
    }
    const demoToken = demo?.token;
    // One store for every platform call of this process: links (the admin API's, the connect
    // page's, its OAuth callback's) and syncs; in Redis it is the workers' too.
    budgets = await openPlatformBudgets(config, {
      logger,
      ...(options.budgetKeyPrefix !== undefined && { keyPrefix: options.budgetKeyPrefix }),
    });
    const budgetStore = budgets.store;
    // Link attempts and failed authentications, counted for the whole deployment in Redis.
    attempts = await openAttemptStore(config, {
      logger,
      ...(options.attemptKeyPrefix !== undefined && { keyPrefix: options.attemptKeyPrefix }),
    });
    const connectors = options.connectors ?? createConnectorRegistry(config, { budgetStore });
    const metrics =
      config.metricsPort === undefined
        ? undefined
        : await createMetrics(store, config.supportedSeasons);
    const secrets = createSecretBox(config);
    const prefixes = {
      ...(options.queuePrefix !== undefined && { queuePrefix: options.queuePrefix }),
      ...(options.budgetKeyPrefix !== undefined && { budgetKeyPrefix: options.budgetKeyPrefix }),
    };
    // Syncs of this process (the schedule's without a queue, the worker's with one) are counted.
    const onAccountSynced =
      metrics &&
      ((account: AccountSyncSummary, durationMs: number) =>
        metrics.recordSync(account.platform, account.outcome, durationMs / 1000));
    const onLiveRefresh =
      metrics && ((event: LiveRefreshEvent) => metrics.recordLiveRefresh(event));
    syncJobs = await openSyncJobs(config, {
      store,
      connectors,
      secrets,
      logger,
      ...(onAccountSynced && { onAccountSynced }),
      ...prefixes,
    });
    // With a queue the schedule lives in Redis, one for every process: each serve sets it.
    await syncJobs.schedule(config.syncIntervalMinutes * 60_000);
    // Syncs asked for over HTTP go the same way as the rest (queued for the workers with Redis).
    accounts = createAccountServices({
      store,
      config,
      logger,
      connectors,
      budgetStore,
      attemptStore: attempts.store,
      jobs: syncJobs,
    });
    if (config.redisUrl !== undefined && config.syncWorkerInServe) {
      worker = await startConfiguredWorker(
        { ...config, redisUrl: config.redisUrl },
        {
          store,
          secrets,
          logger,
          concurrency: config.syncWorkerConcurrency,
          connectors,
          ...(onAccountSynced && { onAccountSynced }),
          ...(onLiveRefresh && { onLiveRefresh }),
          ...prefixes,
        },
      );
    }
    // Without a queue this process runs the syncs, so it refreshes the live periods too.
    if (config.redisUrl === undefined) {
      live = startLiveRefreshes(config, {
        store,
        connectors,
        secrets,
        logger,
        ...(onLiveRefresh && { onRefresh: onLiveRefresh }),
      });
    }
    // Webhooks are posted where the syncs run: here without a queue (or with the worker in
    // serve), by the workers with one. Relays in several processes share the work safely.
    if (config.redisUrl === undefined || config.syncWorkerInServe) {
      relay = startWebhookRelay({ store, secrets, logger, ...options.webhooks });
    }
    const redis = rateLimitStore;
    const authThrottle = new AuthThrottle(attempts.store, config.authFailuresPerMinute);
    const app = createApp({
      store,
      config,
      logger,
      accounts,
      authThrottle,
      ...(rateLimitStore && { rateLimitStore }),
      ...(metrics && { observer: metrics.requests }),
    });
    let metricsUrl: string | undefined;
    if (metrics !== undefined) {
      if (redis !== undefined) metrics.watchRedis(() => redis.isShared());
      metrics.watchAuthentication(authThrottle);
      stopObservingUpstream = observeUpstreamCalls((call) =>
        metrics.recordUpstreamCall(call.platform, call.status),
      );
      const { createMetricsServer } = await import('./metrics/server.ts');
      metricsServer = createMetricsServer(metrics, { key: config.metricsKey, logger });
      await listen(metricsServer, config.metricsPort as number, config.metricsHost);
      metricsUrl = `${serverUrl(metricsServer)}/metrics`;
    }
    if (config.warmUp) await warmUp({ app, store, config, logger });
    const server = createHttpServer(app);
    await listen(server, config.port, config.host);
    const url = serverUrl(server);
    logger.info(
      {
        url,
        store: store.location,
        rateLimits: rateLimitStore ? 'redis' : 'memory',
        platformBudgets: budgets.kind,
        syncIntervalMinutes: config.syncIntervalMinutes,
        syncs: syncJobs.kind,
        syncWorker: worker !== undefined,
        liveRefresh: live !== undefined || worker !== undefined ? config.liveRefresh : false,
        webhookRelay: relay !== undefined,
        ...(metricsUrl && { metrics: metricsUrl }),
      },
      'listening',
    );

    let closing: Promise<void> | undefined;
    const close = (): Promise<void> =>
      (closing ??= (async () => {
        logger.info('shutting down');
        await stopAccepting(server, options.shutdownTimeoutMs ?? 10_000);
        if (metricsServer !== undefined) await stopAccepting(metricsServer, 1000);
        stopObservingUpstream();
        // Syncs asked for over HTTP and run here (no queue) are stopped and end 'interrupted'.
        await accounts?.close();
        await live?.stop();
        await syncJobs?.close();
        await worker?.close();
        await relay?.close();
        await app.close();
        await rateLimitStore?.close();
        await budgets?.close();
        await attempts?.close();
        await store.close();
        logger.info('stopped');
      })());
    const scheduler = syncJobs.scheduler;
    return {
      url,
      store,
      syncJobs,
      ...(scheduler && { scheduler }),
      ...(metricsUrl && { metricsUrl }),
      ...(demoToken === undefined ? {} : { demoToken }),
      close,
    };
  } catch (error) {
    await accounts?.close();
    await live?.stop();
    stopObservingUpstream();
    metricsServer?.close();
    await worker?.close();
    await relay?.close();
    await syncJobs?.close();
    await rateLimitStore?.close();
    await budgets?.close();
    await attempts?.close();
    await store.close();
    throw error;
  }
}

/**
 * The metrics of this process: every route the app serves (the admin API's operations and the
 * connect page's too), and the store's health.
 */
async function createMetrics(store: Store, seasons: readonly number[]): Promise<ServiceMetrics> {
  const { ServiceMetrics } = await import('./metrics/registry.ts');
  const read = createStoreReadModel(store, seasons);
  return new ServiceMetrics({
    operationIds: [
      ...apiRoutes(seasons).map((route) => route.doc.operationId),
      ...OPERATIONS.map((operation) => operation.operationId),
      ...ADMIN_ROUTES.map((route) => route.doc.operationId),
      ...CONNECT_OPERATIONS,
    ],
    storePing: () => read.ping(),
  });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function serverUrl(server: Server): string {
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Stops accepting connections and lets in-flight requests finish; idle keep-alive connections
 * close at once, and whatever is still open at the deadline is cut.
 */
function stopAccepting(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
    deadline.unref();
    server.close(() => {
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
