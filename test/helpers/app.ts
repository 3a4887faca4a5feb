// A real app on a real http.Server (127.0.0.1, random port) over a throwaway store, with seed
// helpers and captured log lines. On close it also checks that every status the app answered a
// GET or HEAD with is documented for that operation in the served OpenAPI document.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import { PRODUCTS } from '../../src/domain/catalog.ts';
import type { Product } from '../../src/domain/catalog.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot } from '../../src/domain/records.ts';
import { hashToken } from '../../src/domain/tokens.ts';
import { apiDocuments, createApp } from '../../src/http/app.ts';
import type { App, AppDeps, ResponseEvent } from '../../src/http/app.ts';
import { createHttpServer } from '../../src/http/wire/server.ts';
import type { RateLimitStore } from '../../src/serving/rate-limit.ts';
import { createStoreReadModel } from '../../src/serving/read-model.ts';
import type { ReadModel } from '../../src/serving/read-model.ts';
import { nowIso } from '../../src/storage/db.ts';
import type { Dialect } from '../../src/storage/db.ts';
import {
  getDataSeq,
  writeLeagueSnapshot,
  writePlayerPool,
} from '../../src/storage/repositories/snapshots.ts';
import { issueToken, revokeTokenByHash } from '../../src/storage/repositories/tokens.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import type { User } from '../../src/storage/repositories/users.ts';
import { createAccountServices } from '../../src/sync/account-services.ts';
import type { AccountServices } from '../../src/sync/account-services.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { createConnectorRegistry } from '../../src/sync/connectors.ts';
import { createInProcessSyncJobs } from '../../src/sync/jobs/in-process.ts';
import type { SyncJobs } from '../../src/sync/jobs/index.ts';
import type { ConnectorRegistry } from '../../src/sync/types.ts';
import { captureLogLines } from './log-lines.ts';
import { createTestStore } from './store.ts';
import type { TestStore } from './store.ts';
import { TEST_SEASONS } from './seasons.ts';

export interface TestAppOptions {
  dialect: Dialect;
  config?: Partial<Config>;
  /** Platform settings over the defaults: the addresses of the fakes the test started. */
  platforms?: Partial<Config['platforms']>;
  /** Wraps the default read model, e.g. to make one method fail. */
  readModel?: (defaults: ReadModel) => ReadModel;
  rateLimitStore?: RateLimitStore;
  /** Response cache options (the app's default: on, polling every 500 ms), or false for none. */
  cache?: AppDeps['cache'];
  /** Connectors for the admin API and the hosted page (default: built from the config). */
  connectors?: ConnectorRegistry;
  /**
   * Where the syncs asked for over HTTP go (default: run in this process with `connectors`, as
   * without REDIS_URL); a queue's are the test's to close.
   */
  syncJobs?: SyncJobs;
  callbackConnectors?: ConnectorRegistry;
  /** Listen on this port (a test that must know its address before the app starts). */
  port?: number;
}

export interface IssueOptions {
  products?: readonly Product[];
  /** ISO time; in the past for an expired token. */
  expiresAt?: string;
  revoked?: boolean;
}

export interface TestApp {
  baseUrl: string;
  store: TestStore;
  app: App;
  /** Linking and background syncs, as the app was handed them. */
  accounts: AccountServices;
  /** Parsed log lines, in order. */
  logs: Array<Record<string, unknown>>;
  /** fetch against the app; `token` goes in X-Auth-Token. */
  request(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  createUser(name: string): Promise<User>;
  /** Issues a token for the user and returns it (the store keeps only its hash). */
  issueToken(userId: number, options?: IssueOptions): Promise<string>;
  revokeToken(token: string): Promise<void>;
  /** Writes the league with the user as member; returns its league_id. */
  addLeague(snapshot: LeagueSnapshot, userId: number): Promise<number>;
  addPool(pool: PlayerPoolSnapshot): Promise<void>;
  dataSeq(): Promise<number>;
  close(): Promise<void>;
}

/** Every product the API knows: a default test token reaches every endpoint. */
export const ALL_PRODUCTS: readonly Product[] = PRODUCTS;

const LOOPBACK_RANGES = Object.freeze(['127.0.0.0/8', '::1/128']);

export async function startTestApp(options: TestAppOptions): Promise<TestApp> {
  const store = await createTestStore(options.dialect);
  const base = loadConfig({ SUPPORTED_SEASONS: TEST_SEASONS });
  const config: Config = Object.freeze({
    ...base,
    // Tests read the request lines right after an answer: each turn's lines are written at its end.
    accessLogFlushMs: 0,
    // A key of the test's own: never a key file in the working folder.
    secretKey: randomBytes(32).toString('hex'),
    ...options.config,
    platforms: { ...base.platforms, ...options.config?.platforms, ...options.platforms },
    // The tests' webhook receivers listen on loopback, which an endpoint may name only when allowed.
    webhooks: { ...base.webhooks, allowPrivate: LOOPBACK_RANGES, ...options.config?.webhooks },
  });
  const { logger, lines: logs } = captureLogLines();
  const events: ResponseEvent[] = [];
  const defaults = createStoreReadModel(store, config.supportedSeasons);
  const connectors = options.connectors ?? createConnectorRegistry(config);
  const jobs =
    options.syncJobs ??
    createInProcessSyncJobs({
      store,
      connectors,
      secrets: createSecretBox(config),
      logger,
      supportedSeasons: config.supportedSeasons,
    });
  const accounts = createAccountServices({
    store,
    config,
    logger,
    connectors,
    jobs,
    ...(options.callbackConnectors && { callbackConnectors: options.callbackConnectors }),
  });
  const app = createApp({
    accounts,
    store,
    config,
    logger,
    // Without a wrapper the app reads as in production (through its snapshots when caching).
    ...(options.readModel && { readModel: options.readModel(defaults) }),
    ...(options.rateLimitStore && { rateLimitStore: options.rateLimitStore }),
    ...(options.cache !== undefined && { cache: options.cache }),
    onResponse: (event) => events.push(event),
  });
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    store,
    app,
    accounts,
    logs,
    request(path, init = {}) {
      const { token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token !== undefined) headers.set('X-Auth-Token', token);
      return fetch(baseUrl + path, { ...rest, headers });
    },
    createUser: (name) => createUser(store.db, name),
    async issueToken(userId, issue = {}) {
      const { token } = await issueToken(store.db, {
        userId,
        products: [...(issue.products ?? ALL_PRODUCTS)],
        ...(issue.expiresAt !== undefined && { expiresAt: issue.expiresAt }),
      });
      if (issue.revoked) await revokeTokenByHash(store.db, hashToken(token), nowIso());
      return token;
    },
    async revokeToken(token) {
      await revokeTokenByHash(store.db, hashToken(token), nowIso());
    },
    async addLeague(snapshot, userId) {
      const { leagueId } = await writeLeagueSnapshot(store, snapshot, { userId, accountId: null });
      return leagueId;
    },
    async addPool(pool) {
      await writePlayerPool(store, pool);
    },
    dataSeq: () => getDataSeq(store.db),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await accounts.close();
      if (jobs !== options.syncJobs) await jobs.close();
      await app.close();
      await store.destroy();
      assertStatusesDocumented(events, config.supportedSeasons);
    },
  };
}

/** Every (operation, status) answered to a documented method must appear in its responses. */
function assertStatusesDocumented(
  events: readonly ResponseEvent[],
  seasons: readonly number[],
): void {
  const { openapi } = apiDocuments(seasons);
  const documented = new Map<string, Set<string>>();
  const methods = new Map<string, Set<string>>();
  for (const item of Object.values(openapi.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation === undefined) continue;
      documented.set(operation.operationId, new Set(Object.keys(operation.responses)));
      const upper = method.toUpperCase();
      methods.set(operation.operationId, new Set(upper === 'GET' ? ['GET', 'HEAD'] : [upper]));
    }
  }
  const missing = new Set<string>();
  for (const { operationId, method, status } of events) {
    if (operationId === undefined || methods.get(operationId)?.has(method) !== true) continue;
    if (!documented.get(operationId)?.has(String(status))) missing.add(`${operationId} ${status}`);
  }
  if (missing.size > 0) {
    throw new Error(
      `statuses answered but not documented in /openapi.json: ${[...missing].join(', ')}`,
    );
  }
}

/** A port free on 127.0.0.1 right now (for an app whose address must be known beforehand). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
