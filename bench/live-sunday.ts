// Game day over six platforms (issue 42): LEAGUES followed leagues split evenly across Sleeper,
// ESPN, Yahoo, MFL, Fleaflicker and Fantrax, each platform's connector pointed at its own loopback
// fake (bench/live-fakes/, in a process of their own) whose scores move every second, and the live
// scheduler as a worker runs it (each module's budget and live read, LIVE_REFRESH_SECONDS) in this
// one process on one SQLite store, for DURATION seconds. Prints per platform the freshness lag of
// live scores (p50, p95: from the fake's change to the store's answer, every league sampled every
// SAMPLE seconds once the platform's every league was refreshed once), requests a minute
// against the budget, and this process's CPU and memory (the sampling's own time left out).
//   npm run bench:sunday                       (LEAGUES=10000 DURATION=300)
//   LEAGUES=1200 DURATION=120 npm run bench:sunday
//   PLATFORMS=sleeper,espn LEAGUES=400 npm run bench:sunday   (some platforms alone)
//   CONCURRENCY=32 npm run bench:sunday        (refreshes of a platform at once; default 8)
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { Platform } from '../src/domain/catalog.ts';
import { createLogger } from '../src/logger.ts';
import { createSecretBox } from '../src/secrets.ts';
import { openStore } from '../src/storage/db.ts';
import type { Store } from '../src/storage/db.ts';
import { livePlatforms } from '../src/sync/live/index.ts';
import type { LiveRefreshEvent } from '../src/sync/live/scheduler.ts';
import { FAKES } from './live-fakes/index.ts';
import type { FakesMessage } from './live-fakes/serve.ts';
import type { FakeCounts } from './live-fakes/servers.ts';
import { benchConfig, benchScheduler, seedLeagues } from './live-fakes/setup.ts';
import { WEEK, scoreAt, seasonOf } from './live-fakes/world.ts';
import type { Clock, PlatformFake } from './live-fakes/world.ts';

const LEAGUES = Number(process.env.LEAGUES ?? 10_000);
const DURATION_S = Number(process.env.DURATION ?? 300);
const SAMPLE_S = Number(process.env.SAMPLE ?? 5);
/** Refreshes of a platform under way at once (the scheduler's option); its default when unset. */
const CONCURRENCY =
  process.env.CONCURRENCY === undefined ? undefined : Number(process.env.CONCURRENCY);
/** Some of the platforms only (comma-separated ids), to see one without the others. */
const PLAYED = FAKES.filter(
  (fake) =>
    process.env.PLATFORMS === undefined || process.env.PLATFORMS.split(',').includes(fake.platform),
);

const t0 = Date.now();
const clock: Clock = { t0, season: seasonOf(new Date(t0)) };

/** Starts the fakes' process; resolves with each platform's base URL. */
async function startFakes(): Promise<{ child: ChildProcess; baseUrls: Record<string, string> }> {
  const child = fork(new URL('./live-fakes/serve.ts', import.meta.url), {
    env: { ...process.env, SUNDAY_T0: String(clock.t0), SUNDAY_SEASON: String(clock.season) },
  });
  const baseUrls = await new Promise<Record<string, string>>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the fakes exited (${code})`)));
    child.once('message', (message: FakesMessage) => {
      if (message.type === 'ready') resolve(message.baseUrls);
    });
  });
  return { child, baseUrls };
}

function fakeCounts(child: ChildProcess): Promise<Record<string, FakeCounts>> {
  return new Promise((resolve) => {
    const listen = (message: FakesMessage) => {
      if (message.type !== 'counts') return;
      child.off('message', listen);
      resolve(message.counts);
    };
    child.on('message', listen);
    child.send('counts');
  });
}

/** Leagues per platform: LEAGUES split evenly, the remainder to the first ones. */
const leaguesOf = (index: number): number => {
  const at = PLAYED.indexOf(FAKES[index] as PlatformFake);
  if (at < 0) return 0;
  return Math.floor(LEAGUES / PLAYED.length) + (at < LEAGUES % PLAYED.length ? 1 : 0);
};

/** A league's stored score of week 1 by platform: one game of each league (all move together). */
async function storedScores(
  store: Store,
): Promise<Array<{ platform: string; score: number | undefined }>> {
  const rows = await store.db
    .selectFrom('matchups')
    .innerJoin('leagues', 'leagues.id', 'matchups.league_id')
    .select(['leagues.platform as platform', sql<string>`min(matchups.teams)`.as('teams')])
    .where('matchups.week', '=', WEEK)
    .groupBy('matchups.league_id')
    .execute();
  return rows.map((row) => ({
    platform: row.platform,
    score: (JSON.parse(row.teams) as Array<{ score?: number }>)[0]?.score,
  }));
}

const dir = mkdtempSync(join(tmpdir(), 'bench-sunday-'));
const { child, baseUrls } = await startFakes();
const config = benchConfig(baseUrls);
const store = await openStore({ dataDir: dir });
const secrets = createSecretBox({ secretKey: randomBytes(32).toString('hex'), dataDir: dir });
const seedStart = Date.now();
await seedLeagues(store, secrets, clock, leaguesOf);
console.log(
  `seeded ${LEAGUES} leagues in ${((Date.now() - seedStart) / 1000).toFixed(0)} s; season ${clock.season}, week ${WEEK}`,
);

const platforms = PLAYED.map((fake) => fake.platform);
const budgets = livePlatforms(config);
/** The scheduler's warnings: how many, and the first of each platform's. */
const warnings = new Map<string, string>();
let warningCount = 0;
let stopping = false;
const logger = createLogger({
  level: 'warn',
  destination: new Writable({
    write(chunk: Buffer, _encoding, done) {
      // The refreshes the stop cancels (waiting for their budget) are no platform's failure.
      if (stopping) return done();
      warningCount += 1;
      const line = JSON.parse(chunk.toString()) as { platform?: string; err?: unknown };
      const platform = line.platform ?? '-';
      if (!warnings.has(platform)) warnings.set(platform, JSON.stringify(line.err).slice(0, 300));
      done();
    },
  }),
});
const outcomes = new Map<Platform, Record<LiveRefreshEvent['outcome'], number>>();
/** The time between two refreshes of a league, as it was (the plan's interval is the least). */
const gaps = new Map<string, number[]>(FAKES.map((fake) => [fake.platform, []]));
/** The leagues refreshed so far: once all are, the platform's lag is sampled (its first round). */
const refreshed = new Map<string, Set<number>>(FAKES.map((fake) => [fake.platform, new Set()]));
const scheduler = benchScheduler({
  store,
  secrets,
  config,
  clock,
  platforms,
  ...(CONCURRENCY !== undefined && { concurrency: CONCURRENCY }),
  logger,
  onRefresh: (event) => {
    if (stopping) return;
    const counts = outcomes.get(event.platform) ?? { written: 0, unchanged: 0, failed: 0 };
    counts[event.outcome] += 1;
    outcomes.set(event.platform, counts);
    if (event.lagSeconds !== undefined) gaps.get(event.platform)?.push(event.lagSeconds);
    refreshed.get(event.platform)?.add(event.leagueId);
  },
});

const startedAt = Date.now();
const cpuStart = process.cpuUsage();
scheduler.start();
const lags = new Map<string, number[]>(platforms.map((p) => [p, []]));
const lastLags = new Map<string, number[]>();
let peakRss = 0;
let samplingMs = 0;
const intervalOf = (platform: string): number | undefined =>
  scheduler.plan().find((league) => league.platform === platform)?.intervalMs;
while (Date.now() - startedAt < DURATION_S * 1000) {
  await new Promise((resolve) => setTimeout(resolve, SAMPLE_S * 1000));
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const began = performance.now();
  const now = scoreAt(clock);
  lastLags.clear();
  for (const { platform, score } of await storedScores(store)) {
    const list = lastLags.get(platform) ?? [];
    list.push(now - (score ?? 0));
    lastLags.set(platform, list);
  }
  for (const platform of platforms) {
    const leagues = scheduler.plan().filter((league) => league.platform === platform).length;
    if (leagues === 0 || (refreshed.get(platform)?.size ?? 0) < leagues) continue;
    lags.get(platform)?.push(...(lastLags.get(platform) ?? []));
  }
  samplingMs += performance.now() - began;
}
stopping = true;
await scheduler.stop();
const cpu = process.cpuUsage(cpuStart);
const elapsedS = (Date.now() - startedAt) / 1000;
const counts = await fakeCounts(child);

const pct = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
console.log(
  `${LEAGUES} live leagues over ${platforms.length} platforms, ${elapsedS.toFixed(0)} s, LIVE_REFRESH_SECONDS ${config.liveRefreshSeconds}, concurrency ${CONCURRENCY ?? 'default'}`,
);
console.log(
  'platform     leagues  interval  actual  lag p50  lag p95  (samples)  req/min  peak/min  budget  refreshes ok/failed  404s',
);
for (const [index, platform] of FAKES.map((fake) => fake.platform).entries()) {
  if (!platforms.includes(platform)) continue;
  const sampled = lags.get(platform) ?? [];
  // Not one round in the run: the lag at the end, a floor of the steady state's.
  const values = sampled.length > 0 ? sampled : (lastLags.get(platform) ?? []);
  const mark = sampled.length > 0 ? ' ' : '>';
  const interval = intervalOf(platform);
  const gap = gaps.get(platform) ?? [];
  const c = counts[platform];
  const o = outcomes.get(platform) ?? { written: 0, unchanged: 0, failed: 0 };
  const cells = [
    platform.padEnd(12),
    String(leaguesOf(index)).padStart(7),
    `${interval === undefined ? '-' : (interval / 1000).toFixed(0)} s`.padStart(9),
    `${gap.length === 0 ? '-' : pct(gap, 50).toFixed(0)} s`.padStart(7),
    `${mark}${pct(values, 50)} s`.padStart(8),
    `${mark}${pct(values, 95)} s`.padStart(8),
    `(${sampled.length})`.padStart(10),
    ((c?.requests ?? 0) / (elapsedS / 60)).toFixed(0).padStart(8),
    String(c?.peakPerMinute ?? 0).padStart(9),
    String(budgets[platform]?.perMinute ?? '-').padStart(7),
    `${o.written + o.unchanged}/${o.failed}`.padStart(20),
    String(c?.missed ?? 0).padStart(5),
  ];
  console.log(cells.join(' '));
  if ((c?.missed ?? 0) > 0) console.log(`  unanswered: ${c?.missedPaths.join(', ')}`);
}
console.log(
  "  interval: the plan's; actual: p50 of the time between two refreshes of a league; peak/min: the\n" +
    "  most requests in any 60 s; '>': the run ended before the platform's every league was\n" +
    '  refreshed once: the lag at the end, a floor of the steady one',
);
const busyS = (cpu.user + cpu.system) / 1e6 - samplingMs / 1000;
console.log(
  `worker CPU ${((busyS / elapsedS) * 100).toFixed(1)}% of a core (sampling's ${(samplingMs / 1000).toFixed(1)} s left out), peak RSS ${(peakRss / 1e6).toFixed(0)} MB`,
);
if (warningCount > 0) {
  console.log(`${warningCount} warnings; the first of each platform:`);
  for (const [platform, err] of warnings) console.log(`  ${platform}: ${err}`);
}
child.disconnect();
await store.close();
rmSync(dir, { recursive: true, force: true });
