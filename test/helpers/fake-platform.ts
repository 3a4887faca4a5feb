// A real HTTP server on 127.0.0.1 standing in for a fantasy platform: a route table from path to
// reply, faults on demand (5xx, 429, hanging, reset, truncated or malformed JSON) and hit counts.
// `startFakeSleeper` fills the table from the recorded Sleeper responses in ../shared/fixtures.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request body as text ('' for a GET). */
  body: string;
  /** 1 for the first request to this path, 2 for the second... */
  hit: number;
}

export type FakeReply =
  | { status?: number; headers?: Record<string, string>; body?: string | Buffer }
  /** Never answers; the client's timeout has to fire. */
  | { fault: 'hang' }
  /** Closes the connection without an answer (a network error for the client). */
  | { fault: 'reset' };

/**
 * A reply, a sequence (one per hit since the route was set, the last one repeating) or a
 * function of the request.
 */
export type FakeRoute =
  FakeReply | readonly FakeReply[] | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

export const reply = {
  json(value: unknown, status = 200, headers: Record<string, string> = {}): FakeReply {
    return { status, headers, body: JSON.stringify(value) };
  },
  /** Bytes as given (recorded files are served this way, so ids stay exactly as recorded). */
  raw(body: string | Buffer, status = 200, headers: Record<string, string> = {}): FakeReply {
    return { status, headers, body };
  },
  status(status: number, headers: Record<string, string> = {}): FakeReply {
    return { status, headers, body: JSON.stringify({ error: `fake status ${status}` }) };
  },
  /** 429; `retryAfter` is sent verbatim (seconds or an HTTP date). */
  rateLimited(retryAfter?: string): FakeReply {
    return reply.status(429, retryAfter === undefined ? {} : { 'retry-after': retryAfter });
  },
  hang(): FakeReply {
    return { fault: 'hang' };
  },
  reset(): FakeReply {
    return { fault: 'reset' };
  },
  /** The first half of a JSON body, with a Content-Length that matches what is sent. */
  truncated(body: string): FakeReply {
    return { status: 200, body: body.slice(0, Math.floor(body.length / 2)) };
  },
  malformed(): FakeReply {
    return { status: 200, body: '{"league_id": "1", "name": Sleeper}' };
  },
};

export interface FakePlatformServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  readonly url: string;
  /** Replaces (or adds) the route for a path. */
  route(path: string, route: FakeRoute): void;
  hits(path: string): number;
  totalHits(): number;
  readonly requests: readonly FakeRequest[];
  /** Requests being answered right now, and the most there ever were at once. */
  inFlight(): number;
  maxInFlight(): number;
  close(): Promise<void>;
}

export interface FakePlatformOptions {
  /** Answers paths with no route; default 404. */
  fallback?: (request: FakeRequest) => FakeReply | Promise<FakeReply>;
  /** Milliseconds to wait before each answer (crash trials spread their kill points with it). */
  latencyMs?: () => number;
}

export async function startFakePlatform(
  routes: Record<string, FakeRoute> = {},
  options: FakePlatformOptions = {},
): Promise<FakePlatformServer> {
  const table = new Map<string, FakeRoute>(Object.entries(routes));
  const hitCounts = new Map<string, number>();
  /** Hits since each route was (re)set: sequences start over when a route is replaced. */
  const routeHits = new Map<string, number>();
  const requests: FakeRequest[] = [];
  let current = 0;
  let most = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const hit = (hitCounts.get(url.pathname) ?? 0) + 1;
      hitCounts.set(url.pathname, hit);
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        hit,
      };
      requests.push(request);
      current++;
      most = Math.max(most, current);
      res.on('close', () => current--);
      const route = table.get(url.pathname);
      const routeHit = (routeHits.get(url.pathname) ?? 0) + 1;
      routeHits.set(url.pathname, routeHit);
      let answer: FakeReply;
      if (route === undefined) {
        answer = options.fallback ? await options.fallback(request) : reply.status(404);
      } else if (typeof route === 'function') {
        answer = await route(request);
      } else if (Array.isArray(route)) {
        answer = route[Math.min(routeHit, route.length) - 1] as FakeReply;
      } else {
        answer = route as FakeReply;
      }
      const latency = options.latencyMs?.() ?? 0;
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      if ('fault' in answer) {
        if (answer.fault === 'reset') req.socket.destroy();
        return; // 'hang': the socket stays open until the client gives up or close() runs
      }
      const body = answer.body ?? '';
      res.writeHead(answer.status ?? 200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        ...answer.headers,
      });
      res.end(body);
    })().catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    route(path, route) {
      table.set(path, route);
      routeHits.delete(path);
    },
    hits: (path) => hitCounts.get(path) ?? 0,
    totalHits: () => requests.length,
    requests,
    inFlight: () => current,
    maxInFlight: () => most,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// ---- Sleeper ---------------------------------------------------------------------------------

/** Recorded Sleeper responses live beside the project, never in it (third-party data). */
export const SLEEPER_FIXTURES_DIR = fileURLToPath(
  new URL('../../../shared/fixtures/sleeper/', import.meta.url),
);
/** For node:test's `skip` option: false when the recordings are there, else the reason. */
export const SLEEPER_FIXTURES_SKIP: false | string = existsSync(SLEEPER_FIXTURES_DIR)
  ? false
  : '../shared/fixtures/sleeper not found: recorded-response tests skipped';
/** The project's own small files in Sleeper's shape (player dumps, which the recordings lack). */
export const SLEEPER_OWN_FIXTURES_DIR = fileURLToPath(
  new URL('../fixtures/sleeper/', import.meta.url),
);

/** The user in the recordings: solarpool, in leagues of the 2020 nfl list. */
export const RECORDED_SLEEPER_USER = { username: 'solarpool', userId: '202892038360801280' };

export interface FakeSleeperOptions {
  /** Recorded responses; default ../shared/fixtures/sleeper. */
  fixturesDir?: string;
  /** Player dumps (players-nfl.json...); default test/fixtures/sleeper. */
  playersDir?: string;
  /** Routes that replace or add to the recorded ones, by Sleeper path ("/league/<id>/rosters"). */
  overrides?: Record<string, FakeRoute>;
  /**
   * Trim each "leagues of a user" list to leagues whose league, rosters and users are all
   * recorded; otherwise the list is served as recorded and the others answer 404.
   */
  onlyRecordedLeagues?: boolean;
  /** Milliseconds to wait before each answer. */
  latencyMs?: () => number;
}

export interface FakeSleeper extends FakePlatformServer {
  /** What to pass as the connector's baseUrl (the fake serves Sleeper's paths at its root). */
  readonly baseUrl: string;
  /** A fresh parse of the body served for a path, to alter and serve again with `route`. */
  recorded(path: string): unknown;
}

/** Recorded file name -> Sleeper path (relative to https://api.sleeper.app/v1). */
export function sleeperPathFor(fileName: string): string | undefined {
  const rules: Array<[RegExp, (m: RegExpExecArray) => string]> = [
    [/^user-(\d+)-leagues-(\w+)-(\d{4})\.json$/, (m) => `/user/${m[1]}/leagues/${m[2]}/${m[3]}`],
    [/^user-([^-]+)\.json$/, (m) => `/user/${m[1]}`],
    [/^league-(\d+)\.json$/, (m) => `/league/${m[1]}`],
    [/^league-(\d+)-matchups-week(\d+)\.json$/, (m) => `/league/${m[1]}/matchups/${m[2]}`],
    [/^league-(\d+)-transactions-week(\d+)\.json$/, (m) => `/league/${m[1]}/transactions/${m[2]}`],
    [/^state-([a-z]+)\.json$/, (m) => `/state/${m[1]}`],
    [/^league-(\d+)-([a-z_]+)\.json$/, (m) => `/league/${m[1]}/${m[2]}`],
    [/^draft-(\d+)-picks\.json$/, (m) => `/draft/${m[1]}/picks`],
    [/^players-([a-z]+)\.json$/, (m) => `/players/${m[1]}`],
  ];
  for (const [pattern, toPath] of rules) {
    const match = pattern.exec(fileName);
    if (match) return toPath(match);
  }
  return undefined;
}

export async function startFakeSleeper(options: FakeSleeperOptions = {}): Promise<FakeSleeper> {
  const bodies = new Map<string, string>();
  for (const dir of [
    options.fixturesDir ?? SLEEPER_FIXTURES_DIR,
    options.playersDir ?? SLEEPER_OWN_FIXTURES_DIR,
  ]) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const path = sleeperPathFor(name);
      if (path !== undefined) bodies.set(path, readFileSync(join(dir, name), 'utf8'));
    }
  }
  // Sleeper answers GET /user/<user_id> as well as GET /user/<username>.
  for (const [path, body] of [...bodies]) {
    const user = /^\/user\/[^/]+$/.test(path) ? (JSON.parse(body) as { user_id?: unknown }) : {};
    if (typeof user.user_id === 'string') bodies.set(`/user/${user.user_id}`, body);
  }
  if (options.onlyRecordedLeagues) {
    const complete = (id: string): boolean =>
      ['', '/rosters', '/users'].every((part) => bodies.has(`/league/${id}${part}`));
    for (const [path, body] of [...bodies]) {
      if (!/^\/user\/\d+\/leagues\//.test(path)) continue;
      const leagues = JSON.parse(body) as Array<{ league_id: string }>;
      bodies.set(path, JSON.stringify(leagues.filter((league) => complete(league.league_id))));
    }
  }

  const routes: Record<string, FakeRoute> = {};
  // Each sport's state where the data set has none: this year's off-season, so a league still
  // marked in_season from an earlier year counts as finished (as on Sleeper today).
  for (const sport of ['nfl', 'nba']) {
    const state = {
      season: String(new Date().getUTCFullYear()),
      season_type: 'off',
      week: 0,
      leg: 0,
    };
    routes[`/state/${sport}`] = reply.json(state);
  }
  for (const [path, body] of bodies) routes[path] = reply.raw(body);
  Object.assign(routes, options.overrides);
  const knownUsers = new Set(
    [...bodies.keys()].flatMap((path) => /^\/user\/(\d+)$/.exec(path)?.slice(1) ?? []),
  );
  const server = await startFakePlatform(routes, {
    ...(options.latencyMs && { latencyMs: options.latencyMs }),
    // A known user's season with no recording gets what Sleeper sends for "no leagues": [].
    fallback: (request) => {
      const match = /^\/user\/(\d+)\/leagues\/[a-z]+\/\d{4}$/.exec(request.path);
      return match && knownUsers.has(match[1] as string) ? reply.json([]) : reply.status(404);
    },
  });
  return {
    ...server,
    baseUrl: server.url,
    recorded(path) {
      const body = bodies.get(path);
      if (body === undefined) throw new Error(`no recorded Sleeper response for ${path}`);
      return JSON.parse(body) as unknown;
    },
  };
}
