// The composition root: config -> store -> app -> listen, plus the demo-on-empty start-up and
// the re-sync schedule. `startServer` is what `fantasy-data serve` runs and what tests start
// in-process; it never installs signal handlers (the serve command does). It reads as its steps,
// each a function below in the order it runs them; what they open goes in one record (Opened),
// which one function closes, on stop or when a later step fails.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.ts';
import { ADMIN_ROUTES } from './http/admin/routes/index.ts';
import { createApp } from './http/app.ts';
import type { App } from './http/app.ts';
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
import type { SecretBox } from './secrets.ts';
import { checkSecretKey } from './secret-key-check.ts';
import { openStore } from './storage/db.ts';
import type { Store } from './storage/db.ts';
import { createAccountServices } from './sync/account-services.ts';
import { openAttemptStore } from './sync/attempts.ts';
import type { AttemptStores } from './sync/attempts.ts';
import type { AccountServices } from './sync/account-services.ts';
import { createConnectorRegistry } from './sync/connectors.ts';
import { loadDemoIntoEmptyStore } from './sync/demo.ts';
import { checkCanListen, listen } from './listen.ts';
import { hasUsers } from './storage/repositories/users.ts';
import { pseudonymizeStoredEmails } from './sync/legacy-links.ts';
import { openPlatformBudgets } from './sync/platform-budgets.ts';
import type { PlatformBudgets } from './sync/platform-budgets.ts';
import { openSyncJobs, startConfiguredWorker } from './sync/jobs/index.ts';
import type { SyncJobs, SyncWorker } from './sync/jobs/index.ts';
import type { Scheduler } from './sync/scheduler.ts';
import type { AccountSyncSummary, ConnectorRegistry } from './sync/types.ts';
import { sweepInterruptedRuns } from './sync/run-lease.ts';
import { startLiveRefreshes } from './sync/live/index.ts';
import type { LiveRefreshEvent, LiveScheduler } from './sync/live/index.ts';
import { relaySettings, startWebhookRelay } from './webhooks/relay.ts';
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

/**
 * Everything a start has opened so far: one place closes it, when the server stops or when a
 * later step of the start fails.
 */
interface Opened {
  store: Store;
  rateLimitStore?: RedisRateLimitStore;
  budgets?: PlatformBudgets;
  attempts?: AttemptStores;
  syncJobs?: SyncJobs;
  accounts?: AccountServices;
  worker?: SyncWorker;
  live?: LiveScheduler;
  relay?: WebhookRelay;
  app?: App;
  metricsServer?: Server;
  stopObservingUpstream?: () => void;
  server?: Server;
}

/** What every step of a start is handed: its inputs, and what it opened so far. */
interface Start {
  config: Config;
  options: StartOptions;
  logger: Logger;
  /** Where the syncs, the worker and the relay read and write credentials. */
  secrets: SecretBox;
  opened: Opened;
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
  const secrets = createSecretBox(config);
  const start: Start = { config, options, logger, secrets, opened: { store } };
  try {
    // Before anything is written or encrypted: a key that is not the store's is refused.
    await checkSecretKey(store, config);
    // Links stored with an e-mail address as their id get today's keyed one (sync/legacy-links.ts).
    await pseudonymizeStoredEmails(store, secrets);
    await openRateLimits(start);
    await markInterruptedRuns(start);
    const demoToken = await loadDemoIfEmpty(start);
    const { budgets, attempts } = await openSharedCounts(start);
    const metrics =
      config.metricsPort === undefined
        ? undefined
        : await createMetrics(store, config.supportedSeasons);
    const { syncJobs, accounts } = await startSyncs(start, budgets, attempts, metrics);
    startRelay(start);
    const { app, authThrottle } = buildApp(start, accounts, attempts, metrics);
    const metricsUrl = metrics && (await serveMetrics(start, metrics, authThrottle));
    const url = await listenForRequests(start, app);
    logListening(start, url, metricsUrl);
    const scheduler = syncJobs.scheduler;
    return {
      url,
      store,
      syncJobs,
      ...(scheduler && { scheduler }),
      ...(metricsUrl && { metricsUrl }),
      ...(demoToken === undefined ? {} : { demoToken }),
      close: stopOnce(start),
    };
  } catch (error) {
    await closeOpened(start.opened, 0);
    throw error;
  }
}

/**
 * Redis holds the rate-limit counters (not needed when the limit is off). Redis, metrics and the
 * queue are imported where the configuration asks for them: the embedded default (SQLite, no
 * REDIS_URL, no METRICS_PORT) is about 20 MB of RSS lighter without ioredis, BullMQ and
 * prom-client loaded (docs/performance.md, Memory).
 */
async function openRateLimits({ config, options, logger, opened }: Start): Promise<void> {
  if (config.redisUrl === undefined || config.rateLimitPerMinute <= 0) return;
  const { RedisRateLimitStore } = await import('./serving/rate-limit-redis.ts');
  opened.rateLimitStore = await RedisRateLimitStore.connect(config.redisUrl, {
    logger,
    ...(options.rateLimitKeyPrefix !== undefined && { keyPrefix: options.rateLimitKeyPrefix }),
  });
}

/** Runs a process killed mid-sync left behind are marked interrupted. */
async function markInterruptedRuns({ logger, opened }: Start): Promise<void> {
  const interrupted = await sweepInterruptedRuns(opened.store.db);
  if (interrupted > 0) logger.warn({ runs: interrupted }, 'sync runs found interrupted');
}

/** The demo on a store with no users: the token of its user, shown once. */
async function loadDemoIfEmpty({ config, logger, opened }: Start): Promise<string | undefined> {
  if (!config.demoOnEmpty) return undefined;
  // The token is printed once, after listening: a taken port found then would lose it.
  if (!(await hasUsers(opened.store.db))) await checkCanListen(config.port, config.host, 'PORT');
  const demo = await loadDemoIntoEmptyStore(opened.store, config.supportedSeasons);
  if (demo === undefined) return undefined;
  logger.info(
    { leagues: demo.summary.leaguesFound, outcome: demo.summary.outcome },
    'demo data loaded into the empty store',
  );
  return demo.token;
}

/**
 * The platforms' budgets, one store for every platform call of this process: links (the admin
 * API's, the connect page's, its OAuth callback's) and syncs; in Redis it is the workers' too.
 * And the link attempts and failed authentications, counted for the whole deployment in Redis.
 */
async function openSharedCounts({ config, options, logger, opened }: Start) {
  const budgets = await openPlatformBudgets(config, {
    logger,
    ...(options.budgetKeyPrefix !== undefined && { keyPrefix: options.budgetKeyPrefix }),
  });
  opened.budgets = budgets;
  const attempts = await openAttemptStore(config, {
    logger,
    ...(options.attemptKeyPrefix !== undefined && { keyPrefix: options.attemptKeyPrefix }),
  });
  opened.attempts = attempts;
  return { budgets, attempts };
}

/**
 * Where syncs run (this process, or the queue with REDIS_URL), the re-sync schedule, the links
 * and syncs asked for over HTTP, and the worker when serve runs one.
 */
async function startSyncs(
  { config, options, logger, secrets, opened }: Start,
  budgets: PlatformBudgets,
  attempts: AttemptStores,
  metrics: ServiceMetrics | undefined,
) {
  const { store } = opened;
  const budgetStore = budgets.store;
  const connectors = options.connectors ?? createConnectorRegistry(config, { budgetStore });
  const prefixes = {
    ...(options.queuePrefix !== undefined && { queuePrefix: options.queuePrefix }),
    ...(options.budgetKeyPrefix !== undefined && { budgetKeyPrefix: options.budgetKeyPrefix }),
  };
  // Syncs of this process (the schedule's without a queue, the worker's with one) are counted.
  const onAccountSynced =
    metrics &&
    ((account: AccountSyncSummary, durationMs: number) =>
      metrics.recordSync(account.platform, account.outcome, durationMs / 1000));
  const onLiveRefresh = metrics && ((event: LiveRefreshEvent) => metrics.recordLiveRefresh(event));
  const syncJobs = await openSyncJobs(config, {
    store,
    connectors,
    secrets,
    logger,
    ...(onAccountSynced && { onAccountSynced }),
    ...prefixes,
  });
  opened.syncJobs = syncJobs;
  // With a queue the schedule lives in Redis, one for every process: each serve sets it.
  await syncJobs.schedule(config.syncIntervalMinutes * 60_000);
  // Syncs asked for over HTTP go the same way as the rest (queued for the workers with Redis).
  const accounts = createAccountServices({
    store,
    config,
    logger,
    connectors,
    budgetStore,
    attemptStore: attempts.store,
    jobs: syncJobs,
  });
  opened.accounts = accounts;
  if (config.redisUrl !== undefined && config.syncWorkerInServe) {
    opened.worker = await startConfiguredWorker(
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
    opened.live = startLiveRefreshes(config, {
      store,
      connectors,
      secrets,
      logger,
      ...(onLiveRefresh && { onRefresh: onLiveRefresh }),
    });
  }
  return { syncJobs, accounts };
}

/**
 * Webhooks are posted where the syncs run: here without a queue (or with the worker in serve),
 * by the workers with one. Relays in several processes share the work safely.
 */
function startRelay({ config, options, logger, secrets, opened }: Start): void {
  if (config.redisUrl !== undefined && !config.syncWorkerInServe) return;
  opened.relay = startWebhookRelay({
    store: opened.store,
    secrets,
    logger,
    ...relaySettings(config.webhooks),
    ...options.webhooks,
  });
}

/** The app (the API, the admin API, the connect page), and the failed-authentication throttle. */
function buildApp(
  { config, logger, opened }: Start,
  accounts: AccountServices,
  attempts: AttemptStores,
  metrics: ServiceMetrics | undefined,
) {
  const { rateLimitStore } = opened;
  const authThrottle = new AuthThrottle(attempts.store, config.authFailuresPerMinute);
  const app = createApp({
    store: opened.store,
    config,
    logger,
    accounts,
    authThrottle,
    ...(rateLimitStore && { rateLimitStore }),
    ...(metrics && { observer: metrics.requests }),
  });
  opened.app = app;
  return { app, authThrottle };
}

/** /metrics on its own port (METRICS_PORT); returns its address. */
async function serveMetrics(
  { config, logger, opened }: Start,
  metrics: ServiceMetrics,
  authThrottle: AuthThrottle,
): Promise<string> {
  const redis = opened.rateLimitStore;
  if (redis !== undefined) metrics.watchRedis(() => redis.isShared());
  metrics.watchAuthentication(authThrottle);
  opened.stopObservingUpstream = observeUpstreamCalls((call) =>
    metrics.recordUpstreamCall(call.platform, call.status),
  );
  const { createMetricsServer } = await import('./metrics/server.ts');
  const metricsServer = createMetricsServer(metrics, { key: config.metricsKey, logger });
  opened.metricsServer = metricsServer;
  await listen(metricsServer, config.metricsPort as number, config.metricsHost, 'METRICS_PORT');
  return `${serverUrl(metricsServer)}/metrics`;
}

/** Warms the caches first when WARM_UP asks, then listens; returns the address. */
async function listenForRequests({ config, logger, opened }: Start, app: App): Promise<string> {
  if (config.warmUp) await warmUp({ app, store: opened.store, config, logger });
  const server = createHttpServer(app);
  opened.server = server;
  await listen(server, config.port, config.host, 'PORT');
  return serverUrl(server);
}

function logListening({ config, logger, opened }: Start, url: string, metricsUrl?: string): void {
  logger.info(
    {
      url,
      store: opened.store.location,
      rateLimits: opened.rateLimitStore ? 'redis' : 'memory',
      platformBudgets: opened.budgets?.kind,
      syncIntervalMinutes: config.syncIntervalMinutes,
      syncs: opened.syncJobs?.kind,
      syncWorker: opened.worker !== undefined,
      liveRefresh:
        opened.live !== undefined || opened.worker !== undefined ? config.liveRefresh : false,
      webhookRelay: opened.relay !== undefined,
      ...(metricsUrl && { metrics: metricsUrl }),
    },
    'listening',
  );
}

/** The running server's close(): once, however often it is called. */
function stopOnce({ options, logger, opened }: Start): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= (async () => {
      logger.info('shutting down');
      await closeOpened(opened, options.shutdownTimeoutMs ?? 10_000);
      logger.info('stopped');
    })());
}

/**
 * Closes what a start opened, the listeners first: in-flight requests get `graceMs` to finish.
 * Syncs asked for over HTTP and run here (no queue) are stopped and end 'interrupted'.
 */
async function closeOpened(opened: Opened, graceMs: number): Promise<void> {
  if (opened.server !== undefined) await stopAccepting(opened.server, graceMs);
  if (opened.metricsServer !== undefined) await stopAccepting(opened.metricsServer, 1000);
  opened.stopObservingUpstream?.();
  await opened.accounts?.close();
  await opened.live?.stop();
  await opened.syncJobs?.close();
  await opened.worker?.close();
  await opened.relay?.close();
  await opened.app?.close();
  await opened.rateLimitStore?.close();
  await opened.budgets?.close();
  await opened.attempts?.close();
  await opened.store.close();
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
