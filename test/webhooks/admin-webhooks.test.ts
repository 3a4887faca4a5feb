// Webhooks end to end on a real app: endpoints made over the admin API, events of a real link
// and sync (the fake Sleeper) posted by the relay to a receiver on 127.0.0.1, whose signatures
// the library's own verifier accepts; a receiver answering 500, or down, gets every event once it
// answers again; deliveries and their attempts read and replayed over the admin API.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, describe, it } from 'node:test';
import { createSecretBox } from '../../src/secrets.ts';
import { findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { startWebhookRelay } from '../../src/webhooks/relay.ts';
import type { WebhookRelay } from '../../src/webhooks/relay.ts';
import {
  CreatedWebhookSchema,
  DeliveryDetailSchema,
  DeliveryListSchema,
  WebhookListSchema,
} from '../../src/http/admin/webhook-schemas.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/eventually.ts';
import type { FakeSleeper } from '../helpers/fake-platform.ts';
import { SYNTHETIC_SLEEPER, SYNTHETIC_SLEEPER_USER } from '../helpers/sleeper-data.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { assertSchema, expectProblem } from '../http/expect.ts';
import { startReceiver, verified } from './receiver.ts';
import type { Receiver, WebhookBody } from './receiver.ts';

/** Retries in milliseconds, as many as a receiver down for a while needs (about 20 s in all). */
const FAST_SCHEDULE = [0, 50, 100, ...Array.from({ length: 40 }, () => 500)];

interface Created {
  webhook_id: number;
  secret: string;
  url: string;
  events: string[];
}
interface Delivery {
  delivery_id: number;
  message_id: string;
  type: string;
  status: string;
  attempts: number;
  last_status?: number;
}
interface Detail extends Delivery {
  payload: WebhookBody;
  attempt_list: Array<{ status?: number; error?: string }>;
}

for (const dialect of testBackends()) {
  describe(`webhooks (${dialect})`, () => {
    const secretKey = randomBytes(32).toString('hex');
    let t: TestApp;
    let fake: FakeSleeper;
    let admin: AdminClient;
    let relay: WebhookRelay;
    let receiver: Receiver;
    let userId: number;

    before(async () => {
      fake = await SYNTHETIC_SLEEPER.start();
      t = await startTestApp({
        dialect,
        config: { secretKey },
        platforms: { sleeperBaseUrl: fake.baseUrl },
      });
      admin = await adminClient(t);
      userId = (await t.createUser('alice')).id;
      relay = startWebhookRelay({
        store: t.store,
        secrets: createSecretBox({ secretKey, dataDir: '/nonexistent' }),
        logger: (await import('../../src/logger.ts')).silentLogger(),
        scheduleMs: FAST_SCHEDULE,
        pollMs: 20,
        // A receiver that has not answered in 1 s has failed the attempt (10 s in production).
        timeoutMs: 1000,
        // The receivers are on loopback, which webhooks may reach only when allowed.
        allowPrivate: ['127.0.0.0/8', '::1/128'],
        // A receiver down a while is left alone for 200 ms at a time, not minutes.
        circuit: { failures: 5, pauseMs: 200, maxPauseMs: 400 },
      });
    });
    afterEach(async () => {
      await receiver?.close();
    });
    after(async () => {
      await relay?.close();
      await t?.close();
      await fake?.close();
    });

    const createEndpoint = async (events: string[]): Promise<Created> => {
      const created = await admin.json<Created>('POST', '/admin/webhooks', {
        url: receiver.url,
        events,
        description: 'the application',
      });
      assert.equal(created.status, 201);
      assertSchema(CreatedWebhookSchema, created.body);
      return created.body;
    };
    const deliveries = async (webhookId: number, query = '') => {
      const listed = await admin.json<Delivery[]>(
        'GET',
        `/admin/webhooks/${webhookId}/deliveries${query}`,
      );
      assert.equal(listed.status, 200);
      assertSchema(DeliveryListSchema, listed.body);
      return listed.body;
    };
    const detail = async (deliveryId: number) => {
      const got = await admin.json<Detail>('GET', `/admin/webhook-deliveries/${deliveryId}`);
      assert.equal(got.status, 200);
      assertSchema(DeliveryDetailSchema, got.body);
      return got.body;
    };
    const link = (username: string) =>
      admin.call('POST', `/admin/users/${userId}/links/sleeper`, { username });

    it('creates an endpoint with its secret shown once; refuses a bad URL or no events', async () => {
      receiver = await startReceiver();
      const created = await createEndpoint(['sync.finished']);
      assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      const listed = await admin.json<unknown[]>('GET', '/admin/webhooks');
      assertSchema(WebhookListSchema, listed.body);
      assert.ok(!JSON.stringify(listed.body).includes(created.secret), 'never listed');
      const one = await admin.json<Record<string, unknown>>(
        'GET',
        `/admin/webhooks/${created.webhook_id}`,
      );
      assert.deepEqual(Object.keys(one.body).sort(), [
        'circuit',
        'created_at',
        'description',
        'events',
        'url',
        'webhook_id',
      ]);
      for (const body of [
        { url: 'ftp://127.0.0.1/x', events: ['sync.finished'] },
        { url: '/relative', events: ['sync.finished'] },
        { url: receiver.url, events: [] },
        { url: receiver.url, events: ['league.deleted'] },
      ]) {
        await expectProblem(await admin.call('POST', '/admin/webhooks', body), 'invalid_body');
      }
      assert.equal(
        (await admin.call('DELETE', `/admin/webhooks/${created.webhook_id}`)).status,
        204,
      );
      await expectProblem(
        await admin.call('GET', `/admin/webhooks/${created.webhook_id}`),
        'webhook_not_found',
      );
    });

    it('posts the events of a link, a refused link and a sync, signed', async () => {
      receiver = await startReceiver();
      const endpoint = await createEndpoint(['link.completed', 'link.failed', 'sync.finished']);
      assert.equal((await link(SYNTHETIC_SLEEPER_USER.username)).status, 200);
      await expectProblem(await link('nobody-by-this-name'), 'link_refused');
      const started = await admin.json<{ sync_id: number }>('POST', `/admin/users/${userId}/syncs`);
      const done = await admin.waitForSync(started.body.sync_id);
      assert.equal(done.status, 'ok', done.error);

      await eventually('three events received', () => receiver.received.length >= 3, 15_000);
      const bodies = receiver.received.map((request) => verified(endpoint.secret, request));
      assert.deepEqual(bodies.map((b) => b.type).sort(), [
        'link.completed',
        'link.failed',
        'sync.finished',
      ]);
      const leagueIds = (await findLeaguesForUser(t.store.db, userId, { sports: [], seasons: [] }))
        .map((l) => l.leagueId)
        .sort((a, b) => a - b);
      assert.ok(leagueIds.length > 0);
      // A refused link's event says why as a code, never what was typed (the username).
      const failed = bodies.find((b) => b.type === 'link.failed');
      assert.deepEqual(failed?.data, { user_id: userId, platform: 'sleeper', reason: 'not_found' });
      assert.ok(!receiver.received.some((r) => r.body.includes('nobody-by-this-name')));
      const finished = bodies.find((b) => b.type === 'sync.finished');
      assert.deepEqual(finished?.data.changed_league_ids, leagueIds);
      assert.equal(finished?.data.leagues_written, leagueIds.length);
      assert.equal(finished?.data.user_id, userId);
      // Another secret does not verify: the signature is the endpoint's own.
      const other = `whsec_${randomBytes(32).toString('base64')}`;
      assert.throws(() => verified(other, receiver.received[0] as never), /signature/i);
      for (const request of receiver.received) {
        assert.match(request.headers['webhook-id'] ?? '', /^msg_/);
        assert.equal(request.headers['content-type'], 'application/json');
      }

      await eventually('all three delivered', async () => {
        const listed = await deliveries(endpoint.webhook_id, '?status=delivered');
        return listed.length === 3;
      });
      const [newest] = await deliveries(endpoint.webhook_id);
      const one = await detail(newest?.delivery_id as number);
      assert.equal(one.status, 'delivered');
      assert.deepEqual(
        one.attempt_list.map((a) => a.status),
        [200],
      );
      assert.equal(one.payload.type, newest?.type);
      await admin.call('DELETE', `/admin/webhooks/${endpoint.webhook_id}`);
    });

    it('retries a receiver answering 500 until it answers 200, and replays a delivery', async () => {
      receiver = await startReceiver();
      let failures = 2;
      receiver.answer = () => (failures-- > 0 ? 500 : 200);
      const endpoint = await createEndpoint(['link.completed']);
      assert.equal((await link(SYNTHETIC_SLEEPER_USER.username)).status, 200);
      await eventually('delivered on the third attempt', async () => {
        const [delivery] = await deliveries(endpoint.webhook_id);
        return delivery?.status === 'delivered';
      });
      const [delivery] = await deliveries(endpoint.webhook_id);
      const one = await detail(delivery?.delivery_id as number);
      assert.deepEqual(
        one.attempt_list.map((a) => [a.status, a.error]),
        [
          [500, 'HTTP 500'],
          [500, 'HTTP 500'],
          [200, undefined],
        ],
      );
      assert.equal(receiver.received.length, 3);
      const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
      assert.equal(ids.size, 1, 'every attempt carries the same webhook-id');
      for (const request of receiver.received) verified(endpoint.secret, request);

      const replayed = await admin.json<Delivery>(
        'POST',
        `/admin/webhook-deliveries/${delivery?.delivery_id}/replays`,
        {},
      );
      assert.equal(replayed.status, 202);
      assert.equal(replayed.body.status, 'pending');
      assert.equal(replayed.body.message_id, delivery?.message_id);
      await eventually('the replay received', () => receiver.received.length === 4);
      assert.equal(receiver.received[3]?.headers['webhook-id'], delivery?.message_id);
      const replays = await admin.json<Delivery[]>(
        'GET',
        `/admin/webhook-deliveries/${delivery?.delivery_id}/replays`,
      );
      assert.deepEqual(
        replays.body.map((d) => d.delivery_id),
        [replayed.body.delivery_id, delivery?.delivery_id],
      );
      await expectProblem(
        await admin.call('GET', '/admin/webhook-deliveries/999999'),
        'delivery_not_found',
      );
      await expectProblem(
        await admin.call('POST', '/admin/webhook-deliveries/999999/replays', {}),
        'delivery_not_found',
      );
      await admin.call('DELETE', `/admin/webhooks/${endpoint.webhook_id}`);
      await expectProblem(
        await admin.call('POST', `/admin/webhook-deliveries/${delivery?.delivery_id}/replays`, {}),
        'webhook_not_found',
      );
      assert.equal((await detail(delivery?.delivery_id as number)).status, 'delivered');
    });

    it('tries again when the receiver does not answer in time', async () => {
      receiver = await startReceiver();
      let first = true;
      receiver.answer = () => (first ? ((first = false), 'hang') : 204);
      const endpoint = await createEndpoint(['link.completed']);
      assert.equal((await link(SYNTHETIC_SLEEPER_USER.username)).status, 200);
      await eventually('delivered on the second attempt', async () => {
        const [delivery] = await deliveries(endpoint.webhook_id);
        return delivery?.status === 'delivered';
      });
      const [delivery] = await deliveries(endpoint.webhook_id);
      const one = await detail(delivery?.delivery_id as number);
      assert.deepEqual(
        one.attempt_list.map((a) => [a.status, a.error]),
        [
          [undefined, 'no answer within 1 s'],
          [204, undefined],
        ],
      );
      await admin.call('DELETE', `/admin/webhooks/${endpoint.webhook_id}`);
    });

    it('delivers every event to a receiver that was down once it is back', async () => {
      receiver = await startReceiver();
      const endpoint = await createEndpoint(['link.completed', 'sync.finished']);
      await receiver.down();
      assert.equal((await link(SYNTHETIC_SLEEPER_USER.username)).status, 200);
      const started = await admin.json<{ sync_id: number }>('POST', `/admin/users/${userId}/syncs`);
      await admin.waitForSync(started.body.sync_id);
      await eventually(
        'each delivery refused at least twice',
        async () => {
          const listed = await deliveries(endpoint.webhook_id);
          return listed.length === 2 && listed.every((d) => d.attempts >= 2);
        },
        15_000,
      );
      const [refused] = await deliveries(endpoint.webhook_id);
      const refusedDetail = await detail(refused?.delivery_id as number);
      assert.match(refusedDetail.attempt_list[0]?.error ?? '', /ECONNREFUSED/);
      assert.equal(refusedDetail.status, 'pending');
      assert.equal(receiver.received.length, 0);

      await receiver.up();
      await eventually(
        'both delivered',
        async () => (await deliveries(endpoint.webhook_id)).every((d) => d.status === 'delivered'),
        15_000,
      );
      assert.deepEqual(receiver.received.map((r) => verified(endpoint.secret, r).type).sort(), [
        'link.completed',
        'sync.finished',
      ]);
    });
  });
}
