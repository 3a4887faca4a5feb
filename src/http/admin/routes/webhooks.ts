// /admin/webhooks and /admin/webhook-deliveries: an application's webhook endpoints (URL, event
// types, signing secret) and the deliveries of events to them, with their attempts; a delivery
// can be sent again (a replay: POST to its replays, whose GET lists them), and an endpoint sent
// a test event. The relay (src/webhooks/relay.ts) does the posting; docs/webhooks.md.
// Endpoints are bounded per deployment and operators' replays and tests per endpoint per
// minute (WEBHOOK_MAX_ENDPOINTS, WEBHOOK_REPLAYS_PER_MINUTE): 429 with Retry-After past them.
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { scopesAllow } from '../../../domain/admin-scopes.ts';
import { WEBHOOK_TEST_EVENT_TYPE } from '../../../domain/webhooks.ts';
import { createSecretBox } from '../../../secrets.ts';
import { AddressGuard } from '../../../webhooks/address-guard.ts';
import { HttpProblem } from '../../../serving/problems.ts';
import { inOneTransaction, writeTransaction } from '../../../storage/db.ts';
import type { Store } from '../../../storage/db.ts';
import {
  findDelivery,
  listDeliveries,
  operatorDeliveriesSince,
  replayDelivery,
} from '../../../storage/repositories/webhook-deliveries.ts';
import {
  countWebhookEndpoints,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookEndpoints,
  recordTestEvent,
} from '../../../storage/repositories/webhooks.ts';
import type { AdminPrincipal } from '../auth.ts';
import type { AdminServices } from '../services.ts';
import type { WebhookEndpoint } from '../../../storage/repositories/webhooks.ts';
import { defineAdminRoute } from '../route.ts';
import {
  CreatedWebhookSchema,
  DeliveryDetailSchema,
  DeliveryListSchema,
  DeliverySchema,
  DeliveryStatusSchema,
  WebhookEventTypeSchema,
  WebhookListSchema,
  WebhookSchema,
  toAttemptBody,
  toDeliveryBody,
  toWebhookBody,
} from '../webhook-schemas.ts';
import { IdParam, NoQuery } from './common.ts';

const WebhookParams = Type.Object({ webhook_id: IdParam('The webhook endpoint.') });
const DeliveryParams = Type.Object({ delivery_id: IdParam('The delivery.') });

const notFound = {
  webhook: (id: number) => new HttpProblem('webhook_not_found', `no webhook ${id}`),
  delivery: (id: number) => new HttpProblem('delivery_not_found', `no webhook delivery ${id}`),
};

async function webhookOrNotFound(store: Store, id: number): Promise<WebhookEndpoint> {
  const endpoint = await findWebhookEndpoint(store.db, id);
  if (endpoint === undefined) throw notFound.webhook(id);
  return endpoint;
}

async function deliveryOrNotFound(store: Store, id: number) {
  const delivery = await findDelivery(store.db, id);
  if (delivery === undefined) throw notFound.delivery(id);
  return delivery;
}

/** Any fixed number: the PostgreSQL lock that makes counting and adding endpoints one step. */
const PG_WEBHOOK_ENDPOINTS_LOCK = 7_302_114_563;

/**
 * An absolute http(s) URL without credentials, to an address the relay may post to, or the 400
 * naming `url`.
 */
function checkedUrl(text: string, guard: AddressGuard): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  const refuse = (reason: string): never => {
    throw new HttpProblem('invalid_body', `url: ${reason}`, {
      invalid_params: [{ name: 'url', in: 'body', reason }],
    });
  };
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return refuse('must be an absolute http or https URL');
  }
  if (url.username !== '' || url.password !== '') {
    return refuse(
      "must not carry a user name or password (user:pass@host); the requests are signed with the endpoint's secret, verify that instead",
    );
  }
  if (!guard.permitsHost(url.hostname)) {
    return refuse(
      'is loopback, private, link-local or otherwise not a public address; webhooks are posted ' +
        'to the public internet unless the operator allows the range with WEBHOOK_ALLOW_PRIVATE',
    );
  }
  return url.toString();
}

/** Whether the key may see the raw error text of attempts (it may change webhooks). */
function seesErrors(admin: AdminPrincipal): boolean {
  return scopesAllow(admin.scopes, 'webhooks', false);
}

/**
 * 429 when the endpoint had WEBHOOK_REPLAYS_PER_MINUTE replays and test events in the last
 * minute, with Retry-After until the oldest of them is a minute old. Counted in the store, so
 * every instance shares the bound.
 */
async function checkReplayBound(services: AdminServices, endpointId: number): Promise<void> {
  const limit = services.config.webhooks.replaysPerMinute;
  if (limit === 0) return;
  const now = Date.now();
  const recent = await operatorDeliveriesSince(
    services.store.db,
    endpointId,
    new Date(now - 60_000).toISOString(),
  );
  if (recent.length < limit) return;
  const oldest = Date.parse(recent[recent.length - limit] as string);
  const retryAfter = Math.max(1, Math.ceil((oldest + 60_000 - now) / 1000));
  throw new HttpProblem(
    'webhook_replays_exceeded',
    `webhook ${endpointId} had ${limit} replays and test events in the last minute ` +
      `(WEBHOOK_REPLAYS_PER_MINUTE); try again in ${retryAfter} s`,
    {},
    { 'Retry-After': String(retryAfter) },
  );
}

export const createWebhookRoute = defineAdminRoute({
  operationId: 'adminCreateWebhook',
  method: 'POST',
  path: '/admin/webhooks',
  tag: 'admin-webhooks',
  summary: 'Create a webhook endpoint',
  description:
    'Events of the listed types are POSTed to `url` from now on, signed by the Standard ' +
    'Webhooks scheme with the secret in the answer, shown this once (the service keeps it ' +
    'encrypted). Several endpoints may take the same events; each gets its own delivery. ' +
    'A URL with a user name or password is refused; one whose address is not public ' +
    '(loopback, private, link-local) is accepted but never posted to unless WEBHOOK_ALLOW_PRIVATE ' +
    'allows its range: its attempts end `blocked_address`. At most WEBHOOK_MAX_ENDPOINTS ' +
    'endpoints (100 unless set) are in use at once.',
  params: Type.Object({}),
  query: NoQuery,
  body: Type.Object(
    {
      url: Type.String({ minLength: 1, maxLength: 2000 }),
      events: Type.Array(WebhookEventTypeSchema, { minItems: 1 }),
      description: Type.Optional(Type.String({ maxLength: 500 })),
    },
    { additionalProperties: false },
  ),
  response: CreatedWebhookSchema,
  status: 201,
  responseDescription: 'The endpoint and its secret.',
  errors: ['invalid_body', 'webhook_endpoints_exceeded'],
  example: {
    path: '/admin/webhooks',
    body: {
      url: 'https://app.example/hooks/fantasy',
      events: ['link.completed', 'sync.finished'],
    },
  },
  async handler({ body, services, header }) {
    const url = checkedUrl(body.url, new AddressGuard(services.config.webhooks.allowPrivate));
    const limit = services.config.webhooks.maxEndpoints;
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    // Counted and added in one write transaction (PostgreSQL: under a lock), so creations at
    // once on several instances never pass the bound together.
    const endpoint = await inOneTransaction(
      services.store,
      async (tx) => {
        if ((await countWebhookEndpoints(tx.db)) >= limit) {
          throw new HttpProblem(
            'webhook_endpoints_exceeded',
            `this deployment already has ${limit} webhook endpoints (WEBHOOK_MAX_ENDPOINTS); ` +
              'delete one it no longer needs, or raise the setting',
            {},
            { 'Retry-After': '60' },
          );
        }
        return createWebhookEndpoint(tx.db, {
          url,
          events: body.events,
          secretEncrypted: createSecretBox(services.config).encrypt(secret),
          ...(body.description !== undefined && { description: body.description }),
        });
      },
      PG_WEBHOOK_ENDPOINTS_LOCK,
    );
    header('Location', `/admin/webhooks/${endpoint.id}`);
    return { ...toWebhookBody(endpoint), secret };
  },
});

export const listWebhooksRoute = defineAdminRoute({
  operationId: 'adminListWebhooks',
  method: 'GET',
  path: '/admin/webhooks',
  tag: 'admin-webhooks',
  summary: 'List webhook endpoints',
  description: 'Every endpoint in use, oldest first; never their secrets.',
  params: Type.Object({}),
  query: NoQuery,
  response: WebhookListSchema,
  status: 200,
  responseDescription: 'The endpoints.',
  errors: ['invalid_parameter'],
  example: { path: '/admin/webhooks' },
  async handler({ services }) {
    return (await listWebhookEndpoints(services.store.db)).map(toWebhookBody);
  },
});

export const getWebhookRoute = defineAdminRoute({
  operationId: 'adminGetWebhook',
  method: 'GET',
  path: '/admin/webhooks/{webhook_id}',
  tag: 'admin-webhooks',
  summary: 'Get one webhook endpoint',
  description: 'The endpoint as in the list; a deleted one answers 404.',
  params: WebhookParams,
  query: NoQuery,
  response: WebhookSchema,
  status: 200,
  responseDescription: 'The endpoint.',
  errors: ['invalid_parameter', 'webhook_not_found'],
  example: { path: '/admin/webhooks/1' },
  async handler({ params, services }) {
    return toWebhookBody(await webhookOrNotFound(services.store, params.webhook_id));
  },
});

export const deleteWebhookRoute = defineAdminRoute({
  operationId: 'adminDeleteWebhook',
  method: 'DELETE',
  path: '/admin/webhooks/{webhook_id}',
  tag: 'admin-webhooks',
  summary: 'Delete a webhook endpoint',
  description:
    'No more events go to it, and its pending deliveries end `failed`. Its deliveries stay ' +
    'readable by their ids.',
  params: WebhookParams,
  query: NoQuery,
  status: 204,
  responseDescription: 'Deleted.',
  errors: ['invalid_parameter', 'webhook_not_found'],
  example: { path: '/admin/webhooks/1' },
  async handler({ params, services }) {
    const { store } = services;
    if (!(await writeTransaction(store, (tx) => deleteWebhookEndpoint(tx, params.webhook_id)))) {
      throw notFound.webhook(params.webhook_id);
    }
    return undefined;
  },
});

export const listDeliveriesRoute = defineAdminRoute({
  operationId: 'adminListWebhookDeliveries',
  method: 'GET',
  path: '/admin/webhooks/{webhook_id}/deliveries',
  tag: 'admin-webhooks',
  summary: "List an endpoint's deliveries",
  description: 'Newest first (`limit`, 50 unless given), of one `status` when given.',
  params: WebhookParams,
  query: Type.Object(
    {
      status: Type.Optional(DeliveryStatusSchema),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    },
    { additionalProperties: false },
  ),
  response: DeliveryListSchema,
  status: 200,
  responseDescription: 'The deliveries.',
  errors: ['invalid_parameter', 'webhook_not_found'],
  example: { path: '/admin/webhooks/1/deliveries?status=failed' },
  async handler({ params, query, services, admin }) {
    await webhookOrNotFound(services.store, params.webhook_id);
    const deliveries = await listDeliveries(services.store.db, params.webhook_id, {
      ...(query.status !== undefined && { status: query.status }),
      limit: query.limit ?? 50,
    });
    return deliveries.map((d) => toDeliveryBody(d, seesErrors(admin)));
  },
});

export const getDeliveryRoute = defineAdminRoute({
  operationId: 'adminGetWebhookDelivery',
  method: 'GET',
  path: '/admin/webhook-deliveries/{delivery_id}',
  tag: 'admin-webhooks',
  summary: 'Get a delivery with its attempts',
  description: "The delivery, the event's body as sent, and each attempt with its outcome.",
  params: DeliveryParams,
  query: NoQuery,
  response: DeliveryDetailSchema,
  status: 200,
  responseDescription: 'The delivery.',
  errors: ['invalid_parameter', 'delivery_not_found'],
  example: { path: '/admin/webhook-deliveries/1' },
  async handler({ params, services, admin }) {
    const delivery = await deliveryOrNotFound(services.store, params.delivery_id);
    const { payload, attemptList, ...rest } = delivery;
    const detailed = seesErrors(admin);
    return {
      ...toDeliveryBody(rest, detailed),
      payload: JSON.parse(payload) as unknown,
      attempt_list: attemptList.map((a) => toAttemptBody(a, detailed)),
    };
  },
});

export const listReplaysRoute = defineAdminRoute({
  operationId: 'adminListWebhookReplays',
  method: 'GET',
  path: '/admin/webhook-deliveries/{delivery_id}/replays',
  tag: 'admin-webhooks',
  summary: 'List the deliveries of the same event',
  description:
    "Every delivery of this delivery's event to its endpoint (the original and its replays), " +
    'newest first.',
  params: DeliveryParams,
  query: NoQuery,
  response: DeliveryListSchema,
  status: 200,
  responseDescription: 'The deliveries.',
  errors: ['invalid_parameter', 'delivery_not_found'],
  example: { path: '/admin/webhook-deliveries/1/replays' },
  async handler({ params, services, admin }) {
    const delivery = await deliveryOrNotFound(services.store, params.delivery_id);
    const all = await listDeliveries(services.store.db, delivery.endpointId, {
      eventId: delivery.eventId,
      limit: 200,
    });
    return all.map((d) => toDeliveryBody(d, seesErrors(admin)));
  },
});

export const replayDeliveryRoute = defineAdminRoute({
  operationId: 'adminReplayWebhookDelivery',
  method: 'POST',
  path: '/admin/webhook-deliveries/{delivery_id}/replays',
  tag: 'admin-webhooks',
  summary: 'Send a delivery again',
  description:
    'A new delivery of the same event to the same endpoint, due at once, with the same ' +
    '`webhook-id` (receivers that already have it can drop it). Its endpoint must still exist. ' +
    'At most WEBHOOK_REPLAYS_PER_MINUTE replays and test events per endpoint a minute ' +
    '(10 unless set): 429 with Retry-After past it.',
  params: DeliveryParams,
  query: NoQuery,
  body: Type.Object({}, { additionalProperties: false }),
  response: DeliverySchema,
  status: 202,
  responseDescription: 'The new delivery, pending.',
  errors: [
    'invalid_parameter',
    'invalid_body',
    'delivery_not_found',
    'webhook_not_found',
    'webhook_replays_exceeded',
  ],
  example: { path: '/admin/webhook-deliveries/1/replays', body: {} },
  async handler({ params, services, header }) {
    const { store } = services;
    const original = await deliveryOrNotFound(store, params.delivery_id);
    await webhookOrNotFound(store, original.endpointId);
    await checkReplayBound(services, original.endpointId);
    // The insert checks the endpoint again: one deleted since the line above gets nothing.
    const id = await replayDelivery(store.db, params.delivery_id);
    if (id === undefined) throw notFound.webhook(original.endpointId);
    return pendingDelivery(store, id, header);
  },
});

export const testWebhookRoute = defineAdminRoute({
  operationId: 'adminTestWebhook',
  method: 'POST',
  path: '/admin/webhooks/{webhook_id}/deliveries',
  tag: 'admin-webhooks',
  summary: 'Send a test event to an endpoint',
  description:
    'A new delivery of a `webhook.test` event, `data: { webhook_id }`, to this endpoint only (whatever ' +
    'types it takes) the way every event is: signed, retried, listed in its deliveries. It ' +
    'belongs to no user. Counted with the replays: at most WEBHOOK_REPLAYS_PER_MINUTE a ' +
    'minute per endpoint.',
  params: WebhookParams,
  query: NoQuery,
  body: Type.Object(
    {
      type: Type.Literal(WEBHOOK_TEST_EVENT_TYPE, {
        description: 'The event to send: `webhook.test`, the one an operator may send.',
      }),
    },
    { additionalProperties: false },
  ),
  response: DeliverySchema,
  status: 202,
  responseDescription: 'The test delivery, pending.',
  errors: ['invalid_parameter', 'invalid_body', 'webhook_not_found', 'webhook_replays_exceeded'],
  example: { path: '/admin/webhooks/1/deliveries', body: { type: WEBHOOK_TEST_EVENT_TYPE } },
  async handler({ params, services, header }) {
    const { store } = services;
    await webhookOrNotFound(store, params.webhook_id);
    await checkReplayBound(services, params.webhook_id);
    const id = await writeTransaction(store, (tx) => recordTestEvent(tx, params.webhook_id));
    if (id === undefined) throw notFound.webhook(params.webhook_id);
    return pendingDelivery(store, id, header);
  },
});

async function pendingDelivery(
  store: Store,
  id: number,
  header: (name: string, value: string) => void,
) {
  const delivery = await deliveryOrNotFound(store, id);
  header('Location', `/admin/webhook-deliveries/${id}`);
  const { payload: _payload, attemptList: _attempts, ...rest } = delivery;
  // Nothing was attempted yet: there is no error text to hide.
  return toDeliveryBody(rest, false);
}
