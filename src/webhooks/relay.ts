// The webhook relay: a loop that claims due deliveries from the store's outbox, POSTs each
// event's JSON with the Standard Webhooks headers (signed by the `standardwebhooks` library),
// and records the attempt: 2xx delivers it, anything else retries it on the schedule. The store
// holds the only copy of a delivery, claimed with a lease, so a process killed mid-delivery
// loses nothing: its lease lapses and the next relay posts it again (at least once).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_RETENTION_MS,
  WEBHOOK_RETRY_SCHEDULE_MS,
  nextAttemptDelayMs,
} from '../domain/webhooks.ts';
import type { Logger } from '../logger.ts';
import type { SecretBox } from '../secrets.ts';
import type { Store } from '../storage/db.ts';
import {
  claimDueDeliveries,
  recordAttempt,
  releaseDeliveries,
} from '../storage/repositories/webhook-deliveries.ts';
import { pruneWebhookEvents } from '../storage/repositories/webhooks.ts';
import type { ClaimedDelivery } from '../storage/repositories/webhook-deliveries.ts';

/** The longest an endpoint may take to answer one POST. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How often an idle relay looks for due deliveries. */
export const WEBHOOK_POLL_MS = 1_000;
/** How often a relay deletes the events past WEBHOOK_RETENTION_MS. */
const PRUNE_EVERY_MS = 3_600_000;
/**
 * Posts at once per relay. A relay claims only as many deliveries as it has free lanes, so each
 * is posted at once and ends well inside its lease (one waiting in line could outlast it).
 */
const CONCURRENCY = 4;
const USER_AGENT = 'fantasy-data-webhooks/1';

export interface WebhookRelayOptions {
  store: Store;
  secrets: SecretBox;
  logger: Logger;
  /** Delays before each attempt (domain/webhooks.ts); tests use milliseconds. */
  scheduleMs?: readonly number[];
  pollMs?: number;
  timeoutMs?: number;
  /** A `fetch`-shaped function (tests); the global fetch otherwise. */
  fetch?: typeof fetch;
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
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const stop = new AbortController();

  const post = async (delivery: ClaimedDelivery): Promise<void> => {
    const at = new Date();
    const started = performance.now();
    const result = await attempt(delivery, at);
    if (stop.signal.aborted && result.stopped) {
      await releaseDeliveries(store.db, owner, [delivery.id]);
      return;
    }
    const attempts = delivery.attempts + 1;
    const delivered = result.status !== undefined && result.status >= 200 && result.status < 300;
    const nextDelay = delivered ? undefined : nextAttemptDelayMs(attempts, schedule);
    await recordAttempt(
      store,
      owner,
      delivery.id,
      {
        at: at.toISOString(),
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
    );
    if (!delivered) {
      logger.warn(
        { delivery: delivery.id, attempts, error: result.error, retry: nextDelay !== undefined },
        nextDelay === undefined
          ? 'a webhook delivery failed for good'
          : 'a webhook delivery failed; it is tried again later',
      );
    }
  };

  const attempt = async (
    delivery: ClaimedDelivery,
    at: Date,
  ): Promise<{ status?: number; error?: string; stopped?: boolean }> => {
    let signature: string;
    try {
      signature = new Webhook(options.secrets.decrypt(delivery.secretEncrypted)).sign(
        delivery.messageId,
        at,
        delivery.payload,
      );
    } catch {
      return { error: "the endpoint's secret cannot be decrypted with the current secret key" };
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await (options.fetch ?? fetch)(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body: delivery.payload,
        // A redirect is not followed: the body and signature go only where the admin said.
        redirect: 'manual',
        signal: AbortSignal.any([timeout, stop.signal]),
      });
      // What the receiver answers is not kept: only its status counts.
      await response.body?.cancel().catch(() => undefined);
      const ok = response.status >= 200 && response.status < 300;
      return { status: response.status, ...(!ok && { error: `HTTP ${response.status}` }) };
    } catch (error) {
      if (stop.signal.aborted) return { stopped: true, error: 'the relay stopped' };
      if (timeout.aborted) return { error: `no answer within ${timeoutMs / 1000} s` };
      return { error: describeFetchError(error) };
    }
  };

  let prunedAt = 0;
  const prune = async (): Promise<void> => {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    const before = new Date(Date.now() - WEBHOOK_RETENTION_MS).toISOString();
    const pruned = await pruneWebhookEvents(store.db, before);
    if (pruned > 0) logger.info({ events: pruned }, 'old webhook events deleted');
  };

  // Posts run side by side, each in its own lane: a slow endpoint holds one lane for at most
  // timeoutMs and never holds up the others' deliveries.
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
      const free = CONCURRENCY - inFlight.size;
      if (free > 0) {
        try {
          await prune();
          const claimed = await claimDueDeliveries(store, owner, { limit: free, leaseMs });
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

/** Why a POST got no answer, without the receiver's address or anything it sent. */
function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code === undefined ? 'the request failed' : `the request failed: ${code}`;
}
