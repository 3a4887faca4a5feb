// The service's Prometheus metrics (prom-client): the request figures the app counts itself
// (requests.ts, read at scrape time), syncs by platform and outcome, upstream calls by platform
// and status, store and Redis health, and Node's own process metrics. Labels are fixed words
// (route operationIds, statuses, platforms, outcomes): never an id, a name or a token.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Metric } from 'prom-client';
import { LATENCY_BUCKETS, RequestMetrics } from './requests.ts';
import { withTimeout } from '../timeout.ts';

export const REQUEST_DURATION = 'fantasy_http_request_duration_seconds';
const HEALTH_TIMEOUT_MS = 1000;

export interface MetricsSources {
  /** The operationIds the app serves (the route label's values, with "unmatched"). */
  operationIds: readonly string[];
  /** Resolves when the store answers a trivial query. */
  storePing(): Promise<void>;
}

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly requests: RequestMetrics;
  private readonly syncs: Histogram<'platform' | 'outcome'>;
  private readonly upstream: Counter<'platform' | 'status'>;
  private readonly liveRefreshes: Counter<'platform' | 'outcome'>;
  private readonly liveLag: Histogram<'platform'>;

  constructor(sources: MetricsSources) {
    const { registry } = this;
    const requests = new RequestMetrics(sources.operationIds);
    this.requests = requests;
    collectDefaultMetrics({ register: registry });
    registry.registerMetric(requestDurationMetric(requests));
    new Counter({
      name: 'fantasy_response_cache_lookups_total',
      help: 'API requests answered from the response cache (hit) or by running the handler (miss).',
      labelNames: ['result'],
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ result: 'hit' }, requests.cacheCount(true));
        this.inc({ result: 'miss' }, requests.cacheCount(false));
      },
    });
    new Counter({
      name: 'fantasy_rate_limit_refusals_total',
      help: "Requests refused (429) because their token's per-minute limit was used up.",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(requests.rateLimitRefusalCount());
      },
    });
    this.syncs = new Histogram({
      name: 'fantasy_sync_duration_seconds',
      help: 'Account syncs run by this process, by platform and outcome (ok, unchanged, partial, failed).',
      labelNames: ['platform', 'outcome'],
      buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800],
      registers: [registry],
    });
    this.liveRefreshes = new Counter({
      name: 'fantasy_live_refreshes_total',
      help: 'Live refreshes of a league by this process, by platform and outcome (written, unchanged, failed).',
      labelNames: ['platform', 'outcome'],
      registers: [registry],
    });
    this.liveLag = new Histogram({
      name: 'fantasy_live_refresh_lag_seconds',
      help: 'How old a live league was when refreshed (since its previous refresh), by platform.',
      labelNames: ['platform'],
      buckets: [5, 10, 15, 30, 45, 60, 90, 120, 300, 600],
      registers: [registry],
    });
    this.upstream = new Counter({
      name: 'fantasy_upstream_requests_total',
      help: 'Calls to platform APIs by platform and HTTP status (or timeout, network_error).',
      labelNames: ['platform', 'status'],
      registers: [registry],
    });
    const storeSeconds = new Gauge({
      name: 'fantasy_store_ping_seconds',
      help: 'How long the store took to answer a trivial query at the last scrape.',
      registers: [registry],
    });
    new Gauge({
      name: 'fantasy_store_up',
      help: `1 when the store answered a trivial query within ${HEALTH_TIMEOUT_MS} ms at this scrape.`,
      registers: [registry],
      async collect() {
        const started = performance.now();
        const up = await withTimeout(sources.storePing(), HEALTH_TIMEOUT_MS, 'no answer').then(
          () => true,
          () => false,
        );
        storeSeconds.set((performance.now() - started) / 1000);
        this.set(up ? 1 : 0);
      },
    });
  }

  /** Adds fantasy_redis_up, for a process sharing its rate limit through Redis. */
  watchRedis(answering: () => boolean): void {
    new Gauge({
      name: 'fantasy_redis_up',
      help: '1 while the shared rate-limit counters in Redis answer; 0 while counting locally.',
      registers: [this.registry],
      collect() {
        this.set(answering() ? 1 : 0);
      },
    });
  }

  /** Adds the failed and the refused (429) authentications by surface (serving/auth-throttle.ts). */
  watchAuthentication(counts: {
    readonly failures: Readonly<Record<string, number>>;
    readonly throttled: Readonly<Record<string, number>>;
  }): void {
    const counter = (name: string, help: string, read: () => Readonly<Record<string, number>>) =>
      new Counter({
        name,
        help,
        labelNames: ['surface'],
        registers: [this.registry],
        collect() {
          this.reset();
          for (const [surface, count] of Object.entries(read())) this.inc({ surface }, count);
        },
      });
    counter(
      'fantasy_auth_failures_total',
      'Unknown, revoked or expired keys, links and tokens (and forged forms) answered as such, by surface (api, admin, connect, connect_form).',
      () => counts.failures,
    );
    counter(
      'fantasy_auth_throttled_total',
      "Requests answered 429 because their address's failed authentications passed AUTH_FAILURES_PER_MINUTE, by surface.",
      () => counts.throttled,
    );
  }

  recordSync(platform: string, outcome: string, seconds: number): void {
    this.syncs.labels(platform, outcome).observe(seconds);
  }

  recordLiveRefresh(event: { platform: string; outcome: string; lagSeconds?: number }): void {
    this.liveRefreshes.labels(event.platform, event.outcome).inc();
    if (event.lagSeconds !== undefined)
      this.liveLag.labels(event.platform).observe(event.lagSeconds);
  }

  recordUpstreamCall(platform: string, status: string): void {
    this.upstream.labels(platform, status).inc();
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/**
 * The request latency histogram as a registry metric over RequestMetrics' arrays: prom-client's
 * Histogram cannot take counts in bulk, and observing through it costs too much per request.
 */
function requestDurationMetric(requests: RequestMetrics): Metric {
  const help = 'API requests by route (operationId, or unmatched) and status, with their latency.';
  const metric = {
    name: REQUEST_DURATION,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get() {
      const values: Array<{
        labels: Record<string, string | number>;
        value: number;
        metricName: string;
      }> = [];
      for (const cell of requests.latencyCells()) {
        const labels = { route: cell.route, status: cell.status };
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((bound, index) => {
          cumulative += cell.buckets[index] ?? 0;
          values.push({
            labels: { ...labels, le: bound },
            value: cumulative,
            metricName: `${REQUEST_DURATION}_bucket`,
          });
        });
        values.push(
          {
            labels: { ...labels, le: '+Inf' },
            value: cell.count,
            metricName: `${REQUEST_DURATION}_bucket`,
          },
          { labels, value: cell.sum, metricName: `${REQUEST_DURATION}_sum` },
          { labels, value: cell.count, metricName: `${REQUEST_DURATION}_count` },
        );
      }
      return { name: REQUEST_DURATION, help, type: 'histogram', aggregator: 'sum', values };
    },
  };
  return metric as unknown as Metric;
}
