// The /metrics listener, apart from the API's port: on 127.0.0.1 by default (METRICS_HOST), and
// behind a bearer key when METRICS_KEY is set (for a scraper on another machine).
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { API_SECURITY } from '../http/security-headers.ts';
import type { ServiceMetrics } from './registry.ts';

export function createMetricsServer(
  metrics: ServiceMetrics,
  options: { key: string | undefined; logger: Logger },
): Server {
  const expected = options.key === undefined ? undefined : digest(`Bearer ${options.key}`);
  return createServer((req, res) => {
    // The API's security fields on every answer of this listener too (http/security-headers.ts).
    for (const [name, value] of Object.entries(API_SECURITY.fields)) res.setHeader(name, value);
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('only /metrics is served here\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end();
      return;
    }
    // Hashes compared in constant time: how much of a wrong key matched never shows in timing.
    if (
      expected !== undefined &&
      !timingSafeEqual(digest(req.headers.authorization ?? ''), expected)
    ) {
      res
        .writeHead(401, {
          'WWW-Authenticate': 'Bearer realm="metrics"',
          'Content-Type': 'text/plain',
        })
        .end('send Authorization: Bearer <METRICS_KEY>\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics scrape failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
