// The admin API's webhook records as TypeBox schemas (beside schemas.ts, which holds the rest).
// An endpoint's secret appears once, in the create answer; a delivery shows the event's body.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { literals } from '../../serving/schemas.ts';
import {
  WEBHOOK_DELIVERED_TYPES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_OUTCOMES,
} from '../../domain/webhooks.ts';
import type {
  WebhookDelivery,
  WebhookAttempt,
} from '../../storage/repositories/webhook-deliveries.ts';
import type { WebhookEndpoint } from '../../storage/repositories/webhooks.ts';

const Id = (description: string) =>
  Type.Integer({ format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description });
const Time = (description: string) => Type.String({ format: 'date-time', description });

export const WebhookEventTypeSchema = literals(WEBHOOK_EVENT_TYPES, {
  description: 'An event type (docs/webhooks.md).',
});
const DeliveredTypeSchema = literals(WEBHOOK_DELIVERED_TYPES, {
  description: "The event type, or `webhook.test` for an operator's test event (docs/webhooks.md).",
});
const OutcomeSchema = literals(WEBHOOK_OUTCOMES, {
  description:
    'How the attempt ended: `delivered` (2xx), `http_3xx` (a redirect, not followed), ' +
    '`http_4xx`, `http_5xx`, `timeout`, `connection_refused`, `connection_reset`, ' +
    '`dns_failure`, `tls_error`, `blocked_address` (not a public address: nothing was sent), ' +
    '`network_error` or `secret_unreadable`.',
});
const CircuitSchema = Type.Object(
  {
    state: literals(['closed', 'open', 'half_open'] as const, {
      description:
        '`closed`: delivered as usual; `open`: failing again and again, left alone until ' +
        '`open_until`; `half_open`: the pause is over and one attempt probes it.',
    }),
    consecutive_failures: Type.Integer({ minimum: 0, description: 'Failed attempts in a row.' }),
    open_until: Type.Optional(Time('Until when it is (or was, when half-open) left alone.')),
  },
  { additionalProperties: false, description: "The endpoint's circuit (docs/webhooks.md)." },
);

export const DeliveryStatusSchema = literals(WEBHOOK_DELIVERY_STATUSES, {
  description: '`pending` (due now or later), `delivered` (a 2xx answer) or `failed` (for good).',
});

export const WebhookSchema = Type.Object(
  {
    webhook_id: Id('The webhook endpoint.'),
    url: Type.String({ description: 'Where events are POSTed.' }),
    events: Type.Array(WebhookEventTypeSchema),
    description: Type.Optional(Type.String()),
    created_at: Time('When it was created.'),
    circuit: CircuitSchema,
  },
  { additionalProperties: false },
);
export const WebhookListSchema = Type.Array(WebhookSchema);
export const CreatedWebhookSchema = Type.Object(
  {
    ...WebhookSchema.properties,
    secret: Type.String({
      description:
        'The signing secret (`whsec_` and base64), shown this once: verify each request with it.',
    }),
  },
  { additionalProperties: false },
);

const deliveryProperties = {
  delivery_id: Id('The delivery.'),
  webhook_id: Id('The endpoint it goes to.'),
  event_id: Id('The event.'),
  message_id: Type.String({ description: 'The `webhook-id` header: the same on every attempt.' }),
  type: DeliveredTypeSchema,
  user_id: Type.Optional(Id('Whose event it is (none for a test event).')),
  origin: literals(['event', 'replay', 'test'] as const, {
    description: 'Made with its event, or by an operator: a replay or a test event.',
  }),
  status: DeliveryStatusSchema,
  attempts: Type.Integer({ minimum: 0 }),
  next_attempt_at: Type.Optional(Time('When a pending delivery is next tried.')),
  last_status: Type.Optional(Type.Integer({ description: 'The last HTTP status received.' })),
  last_outcome: Type.Optional(OutcomeSchema),
  last_error: Type.Optional(
    Type.String({
      description:
        'Why the last attempt failed, in more detail than `last_outcome`: shown to keys with ' +
        'the `webhooks` or `full` scope only.',
    }),
  ),
  created_at: Time('When it was created (with its event, or by a replay).'),
  delivered_at: Type.Optional(Time('When the endpoint accepted it.')),
};
export const DeliverySchema = Type.Object(deliveryProperties, { additionalProperties: false });
export const DeliveryListSchema = Type.Array(DeliverySchema);
export const AttemptSchema = Type.Object(
  {
    at: Time('When the POST started.'),
    status: Type.Optional(Type.Integer({ description: 'The HTTP status, when one came.' })),
    outcome: Type.Optional(OutcomeSchema),
    error: Type.Optional(
      Type.String({
        description: 'Why it failed: shown to keys with the `webhooks` or `full` scope only.',
      }),
    ),
    duration_ms: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export const DeliveryDetailSchema = Type.Object(
  {
    ...deliveryProperties,
    payload: Type.Unknown({ description: 'The JSON body sent: { type, timestamp, data }.' }),
    attempt_list: Type.Array(AttemptSchema, { description: 'Its attempts, oldest first.' }),
  },
  { additionalProperties: false },
);

export function toWebhookBody(endpoint: WebhookEndpoint): Static<typeof WebhookSchema> {
  return {
    webhook_id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    ...(endpoint.description !== undefined && { description: endpoint.description }),
    created_at: endpoint.createdAt,
    circuit: {
      state:
        endpoint.circuitOpenUntil === undefined
          ? 'closed'
          : endpoint.circuitOpenUntil > new Date().toISOString()
            ? 'open'
            : 'half_open',
      consecutive_failures: endpoint.consecutiveFailures,
      ...(endpoint.circuitOpenUntil !== undefined && { open_until: endpoint.circuitOpenUntil }),
    },
  };
}

/**
 * `detailed`: whether the raw error text is shown (a key that may change webhooks). A read-only
 * key sees the outcome class only: the text would tell it how a port on some host answered.
 */
export function toDeliveryBody(
  d: WebhookDelivery,
  detailed: boolean,
): Static<typeof DeliverySchema> {
  return {
    delivery_id: d.id,
    webhook_id: d.endpointId,
    event_id: d.eventId,
    message_id: d.messageId,
    type: d.type as Static<typeof DeliveredTypeSchema>,
    ...(d.userId !== undefined && { user_id: d.userId }),
    origin: d.origin,
    status: d.status,
    attempts: d.attempts,
    ...(d.nextAttemptAt !== undefined && { next_attempt_at: d.nextAttemptAt }),
    ...(d.lastStatus !== undefined && { last_status: d.lastStatus }),
    ...(d.lastOutcome !== undefined && { last_outcome: d.lastOutcome }),
    ...(detailed && d.lastError !== undefined && { last_error: d.lastError }),
    created_at: d.createdAt,
    ...(d.deliveredAt !== undefined && { delivered_at: d.deliveredAt }),
  };
}

export function toAttemptBody(a: WebhookAttempt, detailed: boolean): Static<typeof AttemptSchema> {
  return {
    at: a.at,
    ...(a.status !== undefined && { status: a.status }),
    ...(a.outcome !== undefined && { outcome: a.outcome }),
    ...(detailed && a.error !== undefined && { error: a.error }),
    duration_ms: a.durationMs,
  };
}

export const WEBHOOK_NAMED_SCHEMAS = [
  ['AdminWebhook', WebhookSchema],
  ['AdminCreatedWebhook', CreatedWebhookSchema],
  ['AdminWebhookDelivery', DeliverySchema],
  ['AdminWebhookDeliveryDetail', DeliveryDetailSchema],
] as const;
