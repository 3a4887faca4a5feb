// The admin and connect fuzz's short version (npm run fuzz runs the long one): 3,000 hostile
// requests against the real server (SQLite, and PostgreSQL with TEST_DATABASE_URL), its platforms a fake on 127.0.0.1. No 5xx, no
// dropped connection, no admin answer without a valid key, no forged form accepted, no refused
// request that changed the store, no secret in an answer or in the log. And those checks fail a
// service that breaks each rule.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { generateAdminKey, generateConnectToken, generateToken } from '../../src/domain/tokens.ts';
import { createLogger } from '../../src/logger.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import { openStore } from '../../src/storage/db.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { assertLoopbackPlatforms, startFuzzPlatforms } from '../../reliability/fuzz-platforms.ts';
import type { FuzzPlatforms } from '../../reliability/fuzz-platforms.ts';
import {
  ONLY_REFUSED,
  SURFACE_OPERATIONS,
  checkLog,
  formatSurfacesReport,
  runSurfacesFuzz,
} from '../../reliability/fuzz-surfaces.ts';
import { missingOperations, unansweredOperations } from '../../reliability/fuzz-report.ts';
import { CONNECT_ROUTES } from '../../src/http/connect/routes.ts';
import { freePort } from '../../reliability/service.ts';
import { TEST_DATABASE_URL, adminQuery, testBackends } from '../helpers/store.ts';
import { SURFACES_ENV, prepareSurfaces } from '../../reliability/surfaces-target.ts';
import type { SurfacesTarget } from '../../reliability/surfaces-target.ts';

for (const dialect of testBackends()) {
  describe(`fuzz of the admin API and the connect page (short, ${dialect})`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-fuzz-surfaces-'));
    let schema: string | undefined;
    const log: string[] = [];
    let platforms: FuzzPlatforms;
    let server: RunningServer;
    let port: number;
    const secretKey = randomBytes(32).toString('hex');
    before(async () => {
      platforms = await startFuzzPlatforms();
      port = await freePort();
      let databaseUrl: string | undefined;
      if (dialect === 'postgres') {
        schema = `fuzz_${randomBytes(5).toString('hex')}`;
        await adminQuery(`create schema ${schema}`);
        const url = new URL(TEST_DATABASE_URL as string);
        url.searchParams.set('options', `-c search_path=${schema}`);
        databaseUrl = url.toString();
      }
      const config = loadConfig({
        ...(databaseUrl !== undefined && { DATABASE_URL: databaseUrl }),
        ...platforms.env,
        ...SURFACES_ENV,
        FANTASY_DATA_DIR: dir,
        FANTASY_SECRET_KEY: secretKey,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
        FANTASY_DEMO_ON_EMPTY: 'false',
        RATE_LIMIT_PER_MINUTE: '100000000',
      });
      assertLoopbackPlatforms(config.platforms);
      const logger = createLogger({
        level: 'info',
        destination: { write: (line: string) => void log.push(line) },
      });
      server = await startServer(config, { logger });
    });
    after(async () => {
      await server?.close();
      await platforms?.close();
      if (schema !== undefined) await adminQuery(`drop schema ${schema} cascade`);
      rmSync(dir, { recursive: true, force: true });
    });

    it('answers 3,000 hostile admin and connect requests as it should', async () => {
      const target = await prepareSurfaces(server.store, { host: '127.0.0.1', port }, [
        ...platforms.secrets,
        secretKey,
      ]);
      const report = await runSurfacesFuzz(target, server.store, {
        count: 3000,
        maxSeconds: 120,
        seed: 20261124,
        concurrency: 8,
      });
      await new Promise((resolve) => setTimeout(resolve, 200)); // ACCESS_LOG_FLUSH_MS: 25 ms
      checkLog(report, target, log.join(''));
      const text = formatSurfacesReport(report);
      assert.equal(report.failures.length, 0, text);
      // Every operation of the admin API and of the connect page answered some of them.
      for (const surface of ['admin', 'connect'] as const) {
        assert.deepEqual(missingOperations(report, SURFACE_OPERATIONS[surface]), [], text);
      }
      // And every one was carried out at least once, not only refused (but Yahoo's callback).
      const all = [...SURFACE_OPERATIONS.admin, ...SURFACE_OPERATIONS.connect];
      assert.deepEqual(unansweredOperations(report, all), ONLY_REFUSED, text);
      // The run reached every kind of answer it is meant to provoke, and compared the store often.
      const expected = {
        admin: ['200', '201', '204', '400', '401', '404', '405', '413', '415', '431'],
        connect: ['200', '303', '403', '404', '405', '410', '415', '422'],
      } as const;
      for (const surface of ['admin', 'connect'] as const) {
        for (const status of expected[surface]) {
          assert.ok(
            (report.bySurface[surface][status] ?? 0) > 0,
            `no ${surface} ${status}: ${text}`,
          );
        }
      }
      assert.ok(report.storeChecks.alone > 100 && report.storeChecks.together > 20, text);
    });
  });
}

describe("the admin and connect fuzz's operations", () => {
  it("are every route of the connect page's table", () => {
    assert.deepEqual(
      [...SURFACE_OPERATIONS.connect].sort(),
      CONNECT_ROUTES.map((route) => route.operationId).sort(),
    );
  });
});

describe("the admin and connect fuzz's checks", () => {
  it('fail a service that answers without a key, echoes secrets, writes on refusal or logs tokens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-fuzz-liar-'));
    const store = await openStore({ dataDir: dir });
    let written = 0;
    // Answers everything 200 with the key it was sent, and adds a user to the store each time.
    const liar = createServer((req, res) => {
      createUser(store.db, `liar-${++written}`)
        .then(() => {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end(`${req.headers.authorization ?? ''} ${req.url ?? ''}`);
        })
        .catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
    try {
      const port = (liar.address() as AddressInfo).port;
      const session = () => ({ token: generateConnectToken(), csrf: 'c'.repeat(32) });
      const target: SurfacesTarget = {
        host: '127.0.0.1',
        port,
        origin: `http://127.0.0.1:${port}`,
        adminKey: generateAdminKey(),
        otherAdminKey: generateAdminKey(),
        revokedAdminKey: generateAdminKey(),
        readOnlyAdminKey: generateAdminKey(),
        tokensAdminKey: generateAdminKey(),
        expiredAdminKey: generateAdminKey(),
        unknownAdminKey: generateAdminKey(),
        userToken: generateToken(),
        unknownUserToken: generateToken(),
        userIds: [1],
        deletableUserIds: [2],
        tokenIds: [1],
        keptWebhookId: 1,
        deliveryIds: [1],
        liveSessions: [session()],
        finishableSessions: [session()],
        deadSessions: [session()],
        yahooStates: ['a', 'b'].map((c) => ({
          state: `1.${c.repeat(32)}.${c.repeat(43)}`,
          cookie: `fd-connect-oauth=${c.repeat(43)}`,
        })),
        cookieSecret: 'AEcookie-secret-of-the-liar-test',
        passwordSecret: 'password-secret-of-the-liar-test',
        secrets: [],
      };
      target.secrets = [
        target.adminKey,
        target.revokedAdminKey,
        target.userToken,
        target.cookieSecret,
      ];
      const report = await runSurfacesFuzz(target, store, {
        count: 300,
        maxSeconds: 60,
        seed: 7,
        concurrency: 4,
      });
      checkLog(report, target, `{"path":"/x/${generateToken()}","msg":"request"}\n`);
      const kinds = new Set(report.failures.map((failure) => failure.kind));
      for (const kind of ['unauthenticated', 'changed', 'echoed', 'logged']) {
        assert.ok(
          kinds.has(kind as never),
          `no ${kind} failure in ${formatSurfacesReport(report)}`,
        );
      }
    } finally {
      liar.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
