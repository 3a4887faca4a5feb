// Issue 40's webhook hardening on a real app and store: no post to an address that is not public
// unless the operator allows its range (checked on the address connected to, names resolved
// first), read keys seeing outcome classes only, URLs with credentials refused, endpoints and
// replays bounded with 429 and Retry-After, an operator's test event, and the circuit of an
// endpoint failing again and again, visible on the endpoint.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, describe, it } from 'node:test';
import { silentLogger } from '../../src/logger.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { writeTransaction } from '../../src/storage/db.ts';
import { recordWebhookEvent } from '../../src/storage/repositories/webhooks.ts';
import { startWebhookRelay } from '../../src/webhooks/relay.ts';
import type { WebhookRelay, WebhookRelayOptions } from '../../src/webhooks/relay.ts';
import {
  DeliveryDetailSchema,
  DeliverySchema,
  WebhookSchema,
} from '../../src/http/admin/webhook-schemas.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/eventually.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { assertSchema, expectProblem } from '../http/expect.ts';
import { startReceiver, verified } from './receiver.ts';
import type { Receiver } from './receiver.ts';

const FAST_SCHEDULE = [0, 50, 100, ...Array.from({ length: 20 }, () => 200)];
const LOOPBACK = ['127.0.0.0/8', '::1/128'];

interface Created {
  webhook_id: number;
  secret: string;
}
interface Delivery {
  delivery_id: number;
  type: string;
  origin: string;
  status: string;
  attempts: number;
  user_id?: number;
  last_outcome?: string;
  last_error?: string;
}
interface Detail extends Delivery {
  payload: { type: string; data: Record<string, unknown> };
  attempt_list: Array<{ status?: number; error?: string; outcome?: string }>;
}

for (const dialect of testBackends()) {
  describe(`webhook hardening (${dialect})`, () => {
    const secretKey = randomBytes(32).toString('hex');
    const relays: WebhookRelay[] = [];
    const receivers: Receiver[] = [];
    let t: TestApp;
    let admin: AdminClient;
    let reader: AdminClient;

    before(async () => {
      t = await startTestApp({
        dialect,
        config: {
          secretKey,
          webhooks: {
            // The API accepts endpoints on 127.0.0.1 (the test receivers); each relay below is
            // given its own allow-list, so the check made at every attempt is tried alone.
            allowPrivate: ['127.0.0.0/8'],
            concurrency: 16,
            endpointConcurrency: 2,
            maxEndpoints: 6,
            replaysPerMinute: 3,
            retentionDays: 7,
          },
        },
      });
      admin = await adminClient(t);
      reader = await adminClient(t, 'reader', { scopes: ['read'] });
    });
    afterEach(async () => {
      for (const relay of relays.splice(0)) await relay.close();
      for (const receiver of receivers.splice(0)) await receiver.close();
      for (const endpoint of (await admin.json<Created[]>('GET', '/admin/webhooks')).body) {
        await admin.call('DELETE', `/admin/webhooks/${endpoint.webhook_id}`);
      }
    });
    after(async () => {
      await t?.close();
    });

    const relay = (options: Partial<WebhookRelayOptions> = {}): void => {
      relays.push(
        startWebhookRelay({
          store: t.store,
          secrets: createSecretBox({ secretKey, dataDir: '/nonexistent' }),
          logger: silentLogger(),
          scheduleMs: FAST_SCHEDULE,
          pollMs: 20,
          timeoutMs: 1000,
          ...options,
        }),
      );
    };
    const receive = async (): Promise<Receiver> => {
      const receiver = await startReceiver();
      receivers.push(receiver);
      return receiver;
    };
    const create = async (url: string, events = ['link.needs_relink']): Promise<Created> => {
      const created = await admin.json<Created>('POST', '/admin/webhooks', { url, events });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return created.body;
    };
    const relinkEvent = () =>
      writeTransaction(t.store, (tx) =>
        recordWebhookEvent(tx, {
          type: 'link.needs_relink',
          userId: 1,
          data: { user_id: 1, platform: 'sleeper', account_id: 1, problem: 'refused' },
        }),
      );
    const deliveries = async (client: AdminClient, webhookId: number) =>
      (await client.json<Delivery[]>('GET', `/admin/webhooks/${webhookId}/deliveries`)).body;
    const detail = async (client: AdminClient, deliveryId: number) => {
      const got = await client.json<Detail>('GET', `/admin/webhook-deliveries/${deliveryId}`);
      assert.equal(got.status, 200);
      assertSchema(DeliveryDetailSchema, got.body);
      return got.body;
    };

    it('posts nothing to loopback without the allow-list, by address or by name', async () => {
      relay();
      const receiver = await receive();
      const byAddress = await create(receiver.url);
      const byName = await create(receiver.url.replace('127.0.0.1', 'localhost'));
      await relinkEvent();
      for (const endpoint of [byAddress, byName]) {
        await eventually('the attempt is blocked', async () => {
          const [one] = await deliveries(admin, endpoint.webhook_id);
          return one?.last_outcome === 'blocked_address';
        });
      }
      // Given time for more attempts, still nothing reached the receiver.
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(receiver.received.length, 0);

      const [blocked] = await deliveries(admin, byName.webhook_id);
      const full = await detail(admin, blocked?.delivery_id as number);
      assert.equal(full.attempt_list[0]?.outcome, 'blocked_address');
      assert.match(full.attempt_list[0]?.error ?? '', /WEBHOOK_ALLOW_PRIVATE/);
      // A read-only key sees the outcome class, never the error text.
      const read = await detail(reader, blocked?.delivery_id as number);
      assert.equal(read.attempt_list[0]?.outcome, 'blocked_address');
      assert.equal(read.last_outcome, 'blocked_address');
      assert.ok(read.attempt_list.every((a) => a.error === undefined));
      assert.equal(read.last_error, undefined);
      const listed = await deliveries(reader, byAddress.webhook_id);
      assert.ok(listed.every((d) => d.last_error === undefined && d.last_outcome !== undefined));
    });

    it('posts to loopback once its range is allowed', async () => {
      relay({ allowPrivate: LOOPBACK });
      const receiver = await receive();
      const endpoint = await create(receiver.url.replace('127.0.0.1', 'localhost'));
      await relinkEvent();
      await eventually('received', () => receiver.received.length === 1);
      verified(endpoint.secret, receiver.received[0] as never);
    });

    it('shows read keys a refused connection as its class', async () => {
      relay({ allowPrivate: LOOPBACK });
      const receiver = await receive();
      await receiver.down();
      const endpoint = await create(receiver.url);
      await relinkEvent();
      await eventually('refused', async () => {
        const [one] = await deliveries(reader, endpoint.webhook_id);
        return one?.last_outcome === 'connection_refused';
      });
      const [one] = await deliveries(reader, endpoint.webhook_id);
      assert.equal(one?.last_error, undefined);
      const [full] = await deliveries(admin, endpoint.webhook_id);
      assert.match(full?.last_error ?? '', /ECONNREFUSED/);
    });

    it('refuses a URL with a user name or password, naming url', async () => {
      for (const url of ['https://user:pass@app.example/hooks', 'https://user@app.example/h']) {
        const answer = await admin.call('POST', '/admin/webhooks', {
          url,
          events: ['sync.finished'],
        });
        const body = (await expectProblem(answer, 'invalid_body')) as {
          invalid_params: Array<{ name: string }>;
        };
        assert.deepEqual(
          body.invalid_params.map((p) => p.name),
          ['url'],
        );
      }
      assert.deepEqual((await admin.json<unknown[]>('GET', '/admin/webhooks')).body, []);
    });

    it('refuses an endpoint at an address that is not public, naming url, adding nothing', async () => {
      for (const url of [
        'http://10.1.2.3/hooks',
        'http://[::1]:8080/hooks',
        'http://169.254.169.254/latest/meta-data',
        'http://0xa9.254.169.254/latest',
        'http://[::ffff:a9fe:a9fe]/',
        'http://[2002:a9fe:a9fe::1]/',
      ]) {
        const answer = await admin.call('POST', '/admin/webhooks', {
          url,
          events: ['sync.finished'],
        });
        const body = (await expectProblem(answer, 'invalid_body')) as {
          invalid_params: Array<{ name: string; reason: string }>;
        };
        assert.equal(body.invalid_params[0]?.name, 'url', url);
        assert.match(body.invalid_params[0]?.reason ?? '', /WEBHOOK_ALLOW_PRIVATE/);
      }
      assert.deepEqual((await admin.json<unknown[]>('GET', '/admin/webhooks')).body, []);
    });

    it('holds the bound when endpoints are created at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          admin.call('POST', '/admin/webhooks', {
            url: `https://app.example/at-once/${i}`,
            events: ['sync.finished'],
          }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      assert.deepEqual(statuses, [201, 201, 201, 201, 201, 201, 429, 429, 429, 429]);
      assert.equal((await admin.json<unknown[]>('GET', '/admin/webhooks')).body.length, 6);
    });

    it('bounds the endpoints of the deployment: 429 with Retry-After past them', async () => {
      for (let i = 0; i < 6; i++) await create(`https://app.example/hooks/${i}`);
      const answer = await admin.call('POST', '/admin/webhooks', {
        url: 'https://app.example/hooks/7',
        events: ['sync.finished'],
      });
      assert.equal(answer.headers.get('retry-after'), '60');
      await expectProblem(answer, 'webhook_endpoints_exceeded');
      assert.equal((await admin.json<unknown[]>('GET', '/admin/webhooks')).body.length, 6);
    });

    it('sends a test event to one endpoint, signed, listed in its deliveries', async () => {
      relay({ allowPrivate: LOOPBACK });
      const receiver = await receive();
      const endpoint = await create(receiver.url, ['sync.finished']);
      const other = await create(`${receiver.url}/other`, ['sync.finished']);
      const sent = await admin.json<Delivery>(
        'POST',
        `/admin/webhooks/${endpoint.webhook_id}/deliveries`,
        { type: 'webhook.test' },
      );
      assert.equal(sent.status, 202, JSON.stringify(sent.body));
      assertSchema(DeliverySchema, sent.body);
      assert.equal(sent.body.origin, 'test');
      assert.equal(sent.body.user_id, undefined);
      await eventually('received', () => receiver.received.length === 1);
      const body = verified(endpoint.secret, receiver.received[0] as never);
      assert.equal(body.type, 'webhook.test');
      assert.deepEqual(body.data, { webhook_id: endpoint.webhook_id });
      assert.equal(receiver.received[0]?.headers['user-agent'], 'fantasy-data-webhooks/1');
      await eventually('delivered', async () => {
        const [one] = await deliveries(reader, endpoint.webhook_id);
        return one?.status === 'delivered' && one.type === 'webhook.test';
      });
      assert.deepEqual(await deliveries(admin, other.webhook_id), [], 'only the one asked');
      await expectProblem(
        await admin.call('POST', '/admin/webhooks/999999/deliveries', { type: 'webhook.test' }),
        'webhook_not_found',
      );
      await expectProblem(
        await admin.call('POST', `/admin/webhooks/${endpoint.webhook_id}/deliveries`, {
          type: 'sync.finished',
        }),
        'invalid_body',
      );
      await expectProblem(
        await reader.call('POST', `/admin/webhooks/${endpoint.webhook_id}/deliveries`, {
          type: 'webhook.test',
        }),
        'admin_scope_missing',
      );
    });

    it('bounds replays and test events per endpoint per minute: 429 with Retry-After', async () => {
      const endpoint = await create('https://app.example/hooks/bounded');
      await relinkEvent();
      const [original] = await deliveries(admin, endpoint.webhook_id);
      const replay = () =>
        admin.call('POST', `/admin/webhook-deliveries/${original?.delivery_id}/replays`, {});
      const test = () =>
        admin.call('POST', `/admin/webhooks/${endpoint.webhook_id}/deliveries`, {
          type: 'webhook.test',
        });
      assert.equal((await replay()).status, 202);
      assert.equal((await test()).status, 202);
      assert.equal((await replay()).status, 202);
      for (const answer of [await replay(), await test()]) {
        const retryAfter = Number(answer.headers.get('retry-after'));
        assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
        await expectProblem(answer, 'webhook_replays_exceeded');
      }
      assert.equal((await deliveries(admin, endpoint.webhook_id)).length, 4, 'nothing added');
      // Another endpoint has its own count.
      const fresh = await create('https://app.example/hooks/fresh');
      const answer = await admin.call('POST', `/admin/webhooks/${fresh.webhook_id}/deliveries`, {
        type: 'webhook.test',
      });
      assert.equal(answer.status, 202);
    });

    it('opens the circuit of an endpoint failing again and again, shown on the endpoint', async () => {
      relay({
        allowPrivate: LOOPBACK,
        circuit: { failures: 3, pauseMs: 60_000, maxPauseMs: 60_000 },
      });
      const receiver = await receive();
      receiver.answer = () => 500;
      const endpoint = await create(receiver.url);
      await relinkEvent();
      const got = async () => {
        const one = await reader.json<Record<string, unknown>>(
          'GET',
          `/admin/webhooks/${endpoint.webhook_id}`,
        );
        assertSchema(WebhookSchema, one.body);
        return one.body.circuit as { state: string; consecutive_failures: number };
      };
      await eventually('the circuit opens', async () => (await got()).state === 'open');
      assert.equal((await got()).consecutive_failures, 3);
      const posts = receiver.received.length;
      assert.equal(posts, 3);
      // While it is open nothing more is posted, though retries are due every 200 ms.
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal(receiver.received.length, posts);
      const pending = await deliveries(admin, endpoint.webhook_id);
      assert.ok(pending.every((d) => d.status === 'pending'));
    });
  });
}
