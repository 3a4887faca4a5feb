// The webhook relay: a loop that claims due deliveries from the store's outbox, POSTs each
// event's JSON with the Standard Webhooks headers (signed by the `standardwebhooks` library),
// and records the attempt: 2xx delivers it, anything else retries it on the schedule. The store
// holds the only copy of a delivery, claimed with a lease, so a process killed mid-delivery
// loses nothing: its lease lapses and the next relay posts it again (at least once).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
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
const BATCH_SIZE = 10;
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

  const loop = async (): Promise<void> => {
    while (!stop.signal.aborted) {
      let claimed: ClaimedDelivery[] = [];
      try {
        await prune();
        claimed = await claimDueDeliveries(store, owner, { limit: BATCH_SIZE, leaseMs });
        await inParallel(claimed, CONCURRENCY, post);
      } catch (error) {
        // The store is down or busy: the deliveries stay in it; try again at the next poll.
        logger.warn({ err: error }, 'the webhook relay could not read or record deliveries');
      }
      // A full batch: more may be due at once.
      if (claimed.length === BATCH_SIZE) continue;
      await delay(pollMs, undefined, { signal: stop.signal }).catch(() => undefined);
    }
  };
  const running = loop();
  return {
    async close() {
      stop.abort();
      await running;
    },
  };
}

/** Runs `work` over `items`, at most `limit` at once. */
async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** Why a POST got no answer, without the receiver's address or anything it sent. */
function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code === undefined ? 'the request failed' : `the request failed: ${code}`;
}
