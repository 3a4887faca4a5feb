// The webhook relay: a loop that claims due deliveries from the store's outbox, POSTs each
// event's JSON with the Standard Webhooks headers (signed by the `standardwebhooks` library),
// and records the attempt: 2xx delivers it, anything else retries it on the schedule. The store
// holds the only copy of a delivery, claimed with a lease, so a process killed mid-delivery
// loses nothing: its lease lapses and the next relay posts it again (at least once).
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import { Webhook } from 'standardwebhooks';
import {
  DEFAULT_WEBHOOK_CONCURRENCY,
  DEFAULT_WEBHOOK_ENDPOINT_CONCURRENCY,
  DEFAULT_WEBHOOK_RETENTION_DAYS,
  WEBHOOK_RETRY_SCHEDULE_MS,
  nextAttemptDelayMs,
} from '../domain/webhooks.ts';
import type { WebhookSettings } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { SecretBox } from '../secrets.ts';
import type { Store } from '../storage/db.ts';
import {
  DEFAULT_CIRCUIT,
  claimDueDeliveries,
  recordAttempt,
  releaseDeliveries,
  stillClaimed,
} from '../storage/repositories/webhook-deliveries.ts';
import type { CircuitRule } from '../storage/repositories/webhook-deliveries.ts';
import { pruneWebhookEvents } from '../storage/repositories/webhooks.ts';
import type { ClaimedDelivery } from '../storage/repositories/webhook-deliveries.ts';
import { AddressGuard } from './address-guard.ts';
import { postWebhook } from './post.ts';
import type { PostResult } from './post.ts';

/** The longest an endpoint may take to answer one POST. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How often an idle relay looks for due deliveries. */
export const WEBHOOK_POLL_MS = 1_000;
/** How often a relay deletes the events past their retention. */
const PRUNE_EVERY_MS = 3_600_000;
const USER_AGENT = 'fantasy-data-webhooks/1';

export interface WebhookRelayOptions {
  store: Store;
  secrets: SecretBox;
  logger: Logger;
  /** Delays before each attempt (domain/webhooks.ts); tests use milliseconds. */
  scheduleMs?: readonly number[];
  pollMs?: number;
  timeoutMs?: number;
  /** Posts at once in all, and per endpoint. */
  concurrency?: number;
  endpointConcurrency?: number;
  /** CIDR ranges of private addresses webhooks may reach (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate?: readonly string[];
  /** Days an event is kept once none of its deliveries is pending (WEBHOOK_RETENTION_DAYS). */
  retentionDays?: number;
  /** How often old events are deleted; tests shorten it. */
  pruneEveryMs?: number;
  circuit?: CircuitRule;
}

/** The relay's options from the deployment's settings (config.ts). */
export function relaySettings(settings: WebhookSettings): Partial<WebhookRelayOptions> {
  return {
    allowPrivate: settings.allowPrivate,
    concurrency: settings.concurrency,
    endpointConcurrency: settings.endpointConcurrency,
    retentionDays: settings.retentionDays,
  };
}

export interface WebhookRelay {
  /** Stops claiming, aborts the posts in flight and gives their deliveries back. */
  close(): Promise<void>;
}

export function startWebhookRelay(options: WebhookRelayOptions): WebhookRelay {
  const { store, logger } = options;
  const schedule = options.scheduleMs ?? WEBHOOK_RETRY_SCHEDULE_MS;
  const pollMs = options.pollMs ?? WEBHOOK_POLL_MS;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  // An attempt ends within timeoutMs; the lease outlasts it so no other relay posts it meanwhile.
  const leaseMs = timeoutMs + 5_000;
  const concurrency = options.concurrency ?? DEFAULT_WEBHOOK_CONCURRENCY;
  const endpointConcurrency = options.endpointConcurrency ?? DEFAULT_WEBHOOK_ENDPOINT_CONCURRENCY;
  const circuit = options.circuit ?? DEFAULT_CIRCUIT;
  const guard = new AddressGuard(options.allowPrivate);
  const retentionMs = (options.retentionDays ?? DEFAULT_WEBHOOK_RETENTION_DAYS) * 86_400_000;
  const pruneEveryMs = options.pruneEveryMs ?? PRUNE_EVERY_MS;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const stop = new AbortController();
  // Every post in flight listens for the stop: as many as there are lanes.
  setMaxListeners(0, stop.signal);

  const post = async (delivery: ClaimedDelivery): Promise<void> => {
    // The endpoint may have been deleted since the claim: its deliveries are then failed, and
    // nothing more is posted to it (the claim itself never takes a deleted endpoint's).
    if (!(await stillClaimed(store.db, owner, delivery.id))) return;
    const at = new Date();
    const started = performance.now();
    const result = await attempt(delivery, at);
    if (stop.signal.aborted && result.stopped === true) {
      await releaseDeliveries(store.db, owner, [delivery.id]);
      return;
    }
    const attempts = delivery.attempts + 1;
    const delivered = result.outcome === 'delivered';
    const nextDelay = delivered ? undefined : nextAttemptDelayMs(attempts, schedule);
    const circuitOpened = await recordAttempt(
      store,
      owner,
      delivery,
      {
        at: at.toISOString(),
        outcome: result.outcome,
        ...(result.status !== undefined && { status: result.status }),
        ...(result.error !== undefined && { error: result.error }),
        durationMs: performance.now() - started,
      },
      delivered
        ? { delivered: true }
        : {
            delivered: false,
            ...(nextDelay !== undefined && {
              nextAttemptAt: new Date(Date.now() + nextDelay).toISOString(),
            }),
          },
      circuit,
    );
    if (!delivered) {
      logger.warn(
        {
          delivery: delivery.id,
          webhook: delivery.endpointId,
          attempts,
          outcome: result.outcome,
          error: result.error,
          retry: nextDelay !== undefined,
        },
        nextDelay === undefined
          ? 'a webhook delivery failed for good'
          : 'a webhook delivery failed; it is tried again later',
      );
    }
    if (circuitOpened !== undefined) {
      logger.warn(
        { webhook: delivery.endpointId, until: circuitOpened },
        'a webhook endpoint failed again and again; its deliveries wait until its circuit closes',
      );
    }
  };

  const attempt = async (delivery: ClaimedDelivery, at: Date): Promise<PostResult> => {
    let signature: string;
    try {
      signature = new Webhook(options.secrets.decrypt(delivery.secretEncrypted)).sign(
        delivery.messageId,
        at,
        delivery.payload,
      );
    } catch {
      return {
        outcome: 'secret_unreadable',
        error: "the endpoint's secret cannot be decrypted with the current secret key",
      };
    }
    return postWebhook(
      delivery.url,
      {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
      delivery.payload,
      { guard, timeoutMs, signal: stop.signal },
    );
  };

  let prunedAt = 0;
  const prune = async (): Promise<void> => {
    if (Date.now() - prunedAt < pruneEveryMs) return;
    prunedAt = Date.now();
    const before = new Date(Date.now() - retentionMs).toISOString();
    const pruned = await pruneWebhookEvents(store.db, before);
    if (pruned > 0) logger.info({ events: pruned }, 'old webhook events deleted');
  };

  // Posts run side by side, each endpoint in its own lanes: the claim takes at most
  // endpointConcurrency of an endpoint's deliveries at once (counting other relays' leases) and
  // the heads of every endpoint's queue before anyone's second, so a silent endpoint holds its
  // own lanes for at most timeoutMs and never the others'.
  const inFlight = new Set<Promise<void>>();
  let wake = (): void => undefined;
  /** Waits `ms`, or less: until a post ends (a lane frees) or the relay stops. */
  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        stop.signal.removeEventListener('abort', done);
        wake = () => undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      stop.signal.addEventListener('abort', done);
      wake = done;
    });
  const start = (delivery: ClaimedDelivery): void => {
    const posting = post(delivery)
      .catch((error: unknown) => {
        // The attempt could not be recorded (store down): its lease lapses and it is tried again.
        logger.warn({ err: error }, 'the webhook relay could not record an attempt');
      })
      .finally(() => {
        inFlight.delete(posting);
        wake();
      });
    inFlight.add(posting);
  };

  const loop = async (): Promise<void> => {
    while (!stop.signal.aborted) {
      const free = concurrency - inFlight.size;
      if (free > 0) {
        try {
          await prune();
          const claimed = await claimDueDeliveries(store, owner, {
            limit: free,
            leaseMs,
            perEndpoint: endpointConcurrency,
          });
          for (const delivery of claimed) start(delivery);
        } catch (error) {
          // The store is down or busy: the deliveries stay in it; try again at the next poll.
          logger.warn({ err: error }, 'the webhook relay could not read deliveries');
        }
      }
      await pause(pollMs);
    }
  };
  const running = loop();
  return {
    async close() {
      stop.abort();
      await running;
      // The posts in flight were aborted with the stop: they give their deliveries back.
      await Promise.all(inFlight);
    },
  };
}
