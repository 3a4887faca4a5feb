// /admin/webhooks and /admin/webhook-deliveries: an application's webhook endpoints (URL, event
// types, signing secret) and the deliveries of events to them, with their attempts; a delivery
// can be sent again (a replay: POST to its replays, whose GET lists them). The relay (src/webhooks/relay.ts) does the posting; docs/webhooks.md.
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { createSecretBox } from '../../../secrets.ts';
import { HttpProblem } from '../../../serving/problems.ts';
import type { Store } from '../../../storage/db.ts';
import {
  findDelivery,
  listDeliveries,
  replayDelivery,
} from '../../../storage/repositories/webhook-deliveries.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookEndpoints,
} from '../../../storage/repositories/webhooks.ts';
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

/** An absolute http(s) URL, or the 400 naming `url`. */
function checkedUrl(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    const reason = 'must be an absolute http or https URL';
    throw new HttpProblem('invalid_body', `url: ${reason}`, {
      invalid_params: [{ name: 'url', in: 'body', reason }],
    });
  }
  return url.toString();
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
    'encrypted). Several endpoints may take the same events; each gets its own delivery.',
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
  errors: ['invalid_body'],
  example: {
    path: '/admin/webhooks',
    body: {
      url: 'https://app.example/hooks/fantasy',
      events: ['link.completed', 'sync.finished'],
    },
  },
  async handler({ body, services, header }) {
    const url = checkedUrl(body.url);
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const endpoint = await createWebhookEndpoint(services.store.db, {
      url,
      events: body.events,
      secretEncrypted: createSecretBox(services.config).encrypt(secret),
      ...(body.description !== undefined && { description: body.description }),
    });
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
    if (!(await deleteWebhookEndpoint(services.store.db, params.webhook_id))) {
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
  async handler({ params, query, services }) {
    await webhookOrNotFound(services.store, params.webhook_id);
    const deliveries = await listDeliveries(services.store.db, params.webhook_id, {
      ...(query.status !== undefined && { status: query.status }),
      limit: query.limit ?? 50,
    });
    return deliveries.map(toDeliveryBody);
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
  async handler({ params, services }) {
    const delivery = await deliveryOrNotFound(services.store, params.delivery_id);
    const { payload, attemptList, ...rest } = delivery;
    return {
      ...toDeliveryBody(rest),
      payload: JSON.parse(payload) as unknown,
      attempt_list: attemptList.map(toAttemptBody),
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
  async handler({ params, services }) {
    const delivery = await deliveryOrNotFound(services.store, params.delivery_id);
    const all = await listDeliveries(services.store.db, delivery.endpointId, {
      eventId: delivery.eventId,
      limit: 200,
    });
    return all.map(toDeliveryBody);
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
    '`webhook-id` (receivers that already have it can drop it). Its endpoint must still exist.',
  params: DeliveryParams,
  query: NoQuery,
  body: Type.Object({}, { additionalProperties: false }),
  response: DeliverySchema,
  status: 202,
  responseDescription: 'The new delivery, pending.',
  errors: ['invalid_parameter', 'invalid_body', 'delivery_not_found', 'webhook_not_found'],
  example: { path: '/admin/webhook-deliveries/1/replays', body: {} },
  async handler({ params, services, header }) {
    const { store } = services;
    const original = await deliveryOrNotFound(store, params.delivery_id);
    await webhookOrNotFound(store, original.endpointId);
    const id = (await replayDelivery(store.db, params.delivery_id)) as number;
    const replayed = await deliveryOrNotFound(store, id);
    header('Location', `/admin/webhook-deliveries/${id}`);
    const { payload: _payload, attemptList: _attempts, ...delivery } = replayed;
    return toDeliveryBody(delivery);
  },
});
