// At least once across `kill -9`: a real `fantasy-data serve` is killed while its relay waits on
// the receiver's answers; a second serve delivers every event afterwards, the ones in flight
// included (their leases lapse), because the store's outbox holds the only copy of each delivery.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createSecretBox } from '../../src/secrets.ts';
import { openStore, writeTransaction } from '../../src/storage/db.ts';
import type { Store } from '../../src/storage/db.ts';
import {
  createWebhookEndpoint,
  listWebhookEvents,
  recordWebhookEvent,
} from '../../src/storage/repositories/webhooks.ts';
import { eventually } from '../helpers/eventually.ts';
import { TEST_DATABASE_URL, createStoreLocation, testBackends } from '../helpers/store.ts';
import type { StoreLocation } from '../helpers/store.ts';
import { CLI_ENTRY, REPO_ROOT, cliEnv, tempDataDir } from '../cli/run-cli.ts';
import type { TempDir } from '../cli/run-cli.ts';
import { startReceiver, verified } from './receiver.ts';
import type { Receiver } from './receiver.ts';

const EXTRA_EVENTS = 6;

for (const dialect of testBackends())
  describe(`webhooks across kill -9 of serve (${dialect})`, () => {
    const secretKey = randomBytes(32).toString('hex');
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    let dir: TempDir;
    let location: StoreLocation | undefined;
    let receiver: Receiver;
    const children: ChildProcess[] = [];

    before(async () => {
      dir = tempDataDir();
      if (dialect === 'postgres') location = await createStoreLocation('postgres');
      receiver = await startReceiver();
    });
    after(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await receiver?.close();
      await location?.remove();
      dir?.remove();
    });

    /** The store serve uses: SQLite in the data dir, or the test's PostgreSQL schema. */
    const storeEnv = (): Record<string, string> => {
      if (location === undefined) return {};
      const url = new URL(TEST_DATABASE_URL as string);
      url.searchParams.set('options', `-c search_path=${location.options.pgSchema as string}`);
      return { DATABASE_URL: url.toString() };
    };

    /** `serve` on a free port over the data dir; resolves once it listens. */
    async function serve(): Promise<ChildProcess> {
      const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, 'serve'], {
        cwd: REPO_ROOT,
        env: cliEnv({
          FANTASY_DATA_DIR: dir.path,
          ...storeEnv(),
          FANTASY_SECRET_KEY: secretKey,
          // The first start loads the demo: its sync reports sync.finished like any other.
          FANTASY_DEMO_ON_EMPTY: 'true',
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'warn',
          // The receiver is on loopback, which webhooks may reach only when allowed.
          WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8,::1/128',
        }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      children.push(child);
      let stderr = '';
      await new Promise<void>((resolve, reject) => {
        child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          if (stderr.includes('listening on ')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
      });
      return child;
    }

    async function withStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
      const store = await openStore(location?.options ?? { dataDir: dir.path });
      try {
        return await work(store);
      } finally {
        await store.close();
      }
    }

    it('delivers every event, those in flight at the kill included', async () => {
      // The endpoint and a few events are in the store before serve starts; the demo load adds one.
      await withStore(async (store) => {
        await createWebhookEndpoint(store.db, {
          url: receiver.url,
          events: ['link.needs_relink', 'sync.finished'],
          secretEncrypted: createSecretBox({ secretKey, dataDir: dir.path }).encrypt(secret),
        });
        for (let i = 1; i <= EXTRA_EVENTS; i++) {
          await writeTransaction(store, (tx) =>
            recordWebhookEvent(tx, {
              type: 'link.needs_relink',
              userId: 1000 + i,
              data: { user_id: 1000 + i, platform: 'sleeper', account_id: i, problem: 'refused' },
            }),
          );
        }
      });
      // The receiver takes the requests and answers none: serve is killed mid-delivery.
      receiver.answer = () => 'hang';
      const first = await serve();
      await eventually('posts in flight', () => receiver.received.length >= 2, 60_000, 20);
      const exited = once(first, 'exit');
      first.kill('SIGKILL');
      await exited;
      const postedBeforeKill = receiver.received.length;
      const inFlight = new Set(receiver.received.map((r) => r.headers['webhook-id']));

      const events = await withStore((store) => listWebhookEvents(store.db));
      assert.equal(events.length, EXTRA_EVENTS + 1, 'the demo sync reported sync.finished');
      assert.ok(events.some((e) => e.type === 'sync.finished'));
      const pending = await withStore((store) =>
        store.db
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('status', '=', 'pending')
          .execute(),
      );
      assert.equal(pending.length, events.length, 'nothing was delivered before the kill');
      assert.ok(
        pending.some((d) => d.lease_owner !== null),
        'the killed relay held leases on the deliveries in flight',
      );

      receiver.answer = () => 200;
      const second = await serve();
      // The killed relay's leases lapse (10 s timeout + 5 s), then the second relay posts them.
      await eventually(
        'every delivery delivered',
        async () =>
          (
            await withStore((store) =>
              store.db
                .selectFrom('webhook_deliveries')
                .select('id')
                .where('status', '!=', 'delivered')
                .execute(),
            )
          ).length === 0,
        90_000,
        250,
      );
      const answered = receiver.received.slice(postedBeforeKill);
      const got = new Set(answered.map((r) => verified(secret, r) && r.headers['webhook-id']));
      assert.deepEqual([...got].sort(), events.map((e) => e.messageId).sort(), 'every event');
      for (const id of inFlight) assert.ok(got.has(id), `${id} was posted again after the kill`);

      const stopped = once(second, 'exit');
      second.kill('SIGTERM');
      assert.equal(((await stopped) as [number | null])[0], 0);
    });
  });
