// The fakes' loopback servers, one per platform: each answers what its fake knows (404 for the
// rest) and counts its requests: in all, unanswered, and the most in any minute.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKES } from './index.ts';
import type { Clock, PlatformFake } from './world.ts';

export interface FakeCounts {
  requests: number;
  /** Requests no fake route answered (404): a call the bench's fakes do not know. */
  missed: number;
  /** The most requests in any 60 s window (per-second buckets). */
  peakPerMinute: number;
  /** The first unanswered paths, to fix a fake. */
  missedPaths: string[];
}

export interface FakeServers {
  baseUrls: Record<string, string>;
  counts(): Record<string, FakeCounts>;
  /** Every request's path and query so far, by platform (kept only when asked: `keepPaths`). */
  paths: Record<string, string[]>;
  close(): Promise<void>;
}

function peakPerMinute(perSecond: ReadonlyMap<number, number>): number {
  let peak = 0;
  for (const start of perSecond.keys()) {
    let sum = 0;
    for (let s = start; s < start + 60; s++) sum += perSecond.get(s) ?? 0;
    peak = Math.max(peak, sum);
  }
  return peak;
}

async function serve(fake: PlatformFake, clock: Clock, paths: string[] | undefined) {
  const counts = { requests: 0, missed: 0, missedPaths: [] as string[] };
  const perSecond = new Map<number, number>();
  const server: Server = createServer((req, res) => {
    counts.requests += 1;
    const second = Math.floor(Date.now() / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    const url = new URL(req.url ?? '/', 'http://fake');
    paths?.push(`${url.pathname}${url.search}`);
    const body = fake.answer(url, clock);
    res.setHeader('content-type', 'application/json');
    if (body === undefined) {
      counts.missed += 1;
      if (counts.missedPaths.length < 5) counts.missedPaths.push(`${url.pathname}${url.search}`);
      res.statusCode = 404;
      return res.end('{}');
    }
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: (): FakeCounts => ({ ...counts, peakPerMinute: peakPerMinute(perSecond) }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function serveFakes(clock: Clock, keepPaths = false): Promise<FakeServers> {
  const paths: Record<string, string[]> = {};
  const served = await Promise.all(
    FAKES.map(async (fake) => {
      const kept = keepPaths ? (paths[fake.platform] = []) : undefined;
      return [fake.platform, await serve(fake, clock, kept)] as const;
    }),
  );
  return {
    baseUrls: Object.fromEntries(served.map(([platform, s]) => [platform, s.baseUrl])),
    counts: () => Object.fromEntries(served.map(([platform, s]) => [platform, s.counts()])),
    paths,
    close: async () => {
      await Promise.all(served.map(([, s]) => s.close()));
    },
  };
}
