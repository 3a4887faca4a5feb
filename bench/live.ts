// Game day, Sleeper only for now (issue 42): LEAGUES live Sleeper leagues against a loopback fake
// whose stats and scores change every second, the live scheduler at Sleeper's documented budget
// (900 a minute) and LIVE_REFRESH_SECONDS (30), for DURATION seconds. The fake answers the week's
// stats (the shared read: every player's passing yards grow by 25 a second, one point under the
// leagues' 0.04 a yard) and each league's matchups (the same points, Sleeper's own). Prints the
// freshness lag (from the fake's change to the store's answer, sampled every 2 s from the 65th
// second of the scheduler, two shared reads in), the requests a minute against the budget, and this process's CPU
// and memory.
//   npm run bench:live                 (LEAGUES=200 DURATION=120)
//   LEAGUES=1667 DURATION=600 npm run bench:live
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSleeperConnector } from '../src/platforms/sleeper/index.ts';
import { sleeper as sleeperModule } from '../src/platforms/sleeper/module.ts';
import { RequestBudget } from '../src/platforms/request-budget.ts';
import { openStore } from '../src/storage/db.ts';
import { linkAccount } from '../src/storage/repositories/accounts.ts';
import { writeLeagueSnapshot } from '../src/storage/repositories/snapshots.ts';
import { createUser } from '../src/storage/repositories/users.ts';
import { mapScoringRule } from '../src/platforms/sleeper/game.ts';
import { createLiveScheduler, liveIntervalMs } from '../src/sync/live/scheduler.ts';
import type { LiveRefreshEvent } from '../src/sync/live/scheduler.ts';

const LEAGUES = Number(process.env.LEAGUES ?? 200);
const DURATION_S = Number(process.env.DURATION ?? 120);
const LIVE_SECONDS = 30;
const PER_MINUTE = 900;
/** Players in the fake's week: each league's two teams start two of them. */
const PLAYERS = 400;
const SEASON = new Date().getUTCFullYear();
const t0 = Date.now();
/** The fake's score at `at`: one point a second, so a stored score says when it was read. */
const scoreAt = (at: number): number => Math.floor((at - t0) / 1000);
const starterOf = (league: number, roster: number): string =>
  `P${(league * 2 + roster - 1) % PLAYERS}`;

const requests = { stats: 0, matchups: 0, other: 0 };
const server = createServer((req, res) => {
  const path = req.url ?? '/';
  if (path.startsWith('/stats/')) requests.stats += 1;
  else if (path.includes('/matchups/')) requests.matchups += 1;
  else requests.other += 1;
  const send = (body: unknown) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  if (path === '/state/nfl')
    return send({ season: String(SEASON), season_type: 'regular', week: 1, leg: 1 });
  if (path === `/stats/nfl/regular/${SEASON}/1`) {
    const passYd = 25 * scoreAt(Date.now());
    const stats: Record<string, { pass_yd: number }> = {};
    for (let i = 0; i < PLAYERS; i++) stats[`P${i}`] = { pass_yd: passYd };
    return send(stats);
  }
  const match = /^\/league\/L(\d+)(\/rosters|\/matchups\/1)?$/.exec(path);
  if (match === null) {
    res.statusCode = 404;
    return res.end('null');
  }
  if (match[2] === '/rosters') return send([]);
  if (match[2] === '/matchups/1') {
    const points = scoreAt(Date.now());
    return send(
      [1, 2].map((roster) => {
        const starter = starterOf(Number(match[1]), roster);
        return {
          roster_id: roster,
          matchup_id: 1,
          points,
          starters: [starter],
          players: [starter],
          players_points: { [starter]: points },
        };
      }),
    );
  }
  return send({
    league_id: `L${match[1]}`,
    name: `L${match[1]}`,
    sport: 'nfl',
    season: String(SEASON),
    status: 'in_season',
    settings: { num_teams: 2 },
    roster_positions: ['QB'],
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const dir = mkdtempSync(join(tmpdir(), 'bench-live-'));
const store = await openStore({ dataDir: dir });
const user = await createUser(store.db, 'fan');
const account = await linkAccount(store.db, {
  userId: user.id,
  platform: 'sleeper',
  externalUserId: 'u',
});
for (let i = 0; i < LEAGUES; i++) {
  await writeLeagueSnapshot(
    store,
    {
      platform: 'sleeper',
      platformLeagueKey: `L${i}`,
      season: SEASON,
      sport: 'football',
      name: `L${i}`,
      teams: [{ rosterId: '1' }, { rosterId: '2' }],
      rosterEntries: [1, 2].map((roster) => ({
        rosterId: String(roster),
        playerId: starterOf(i, roster),
      })),
      players: [1, 2].map((roster) => ({
        playerId: starterOf(i, roster),
        fullName: starterOf(i, roster),
        position: 'QB',
        active: true,
      })),
      activity: {
        currentPeriod: 1,
        matchups: [{ period: 1, matchupId: '1', sides: [{ rosterId: '1' }, { rosterId: '2' }] }],
        transactions: [],
        drafts: [],
        futurePicks: [],
      },
      game: {
        rules: {
          scoringType: 'head_to_head_points',
          scoring: [mapScoringRule('pass_yd', 0.04), mapScoringRule('pass_td', 4)],
          rosterSlots: [{ slot: 'QB', platformSlot: 'QB', count: 1 }],
        },
        lineups: [1, 2].map((roster) => ({
          period: 1,
          rosterId: String(roster),
          entries: [{ playerId: starterOf(i, roster), slot: 'QB' as const, platformSlot: 'QB' }],
        })),
      },
    },
    { userId: user.id, accountId: account.id },
  );
}

const sleeper = createSleeperConnector({
  baseUrl,
  budget: new RequestBudget({ perMinute: PER_MINUTE, key: 'sleeper' }),
});
// A Sunday afternoon: the clock's date, moved to 18:00 UTC on the Sunday after, for the schedule.
const sunday = new Date(t0);
sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7));
sunday.setUTCHours(18, 0, 0, 0);
const offset = sunday.getTime() - t0;
const platform = { perMinute: PER_MINUTE, ...(sleeperModule.live && { live: sleeperModule.live }) };
const refreshes = { own: 0, shared: 0 };
const scheduler = createLiveScheduler({
  store,
  connectors: { sleeper },
  platforms: { sleeper: platform },
  liveSeconds: LIVE_SECONDS,
  now: () => Date.now() + offset,
  onRefresh: (event: LiveRefreshEvent) => {
    refreshes[event.via] += 1;
  },
});
// Everything from here on: the seeding above is not the worker's.
const started = Date.now();
const cpuStart = process.cpuUsage();
scheduler.start();
const lags: number[] = [];
let peakRss = 0;
// The own reads' interval with the one shared read (football, this season, week 1).
const interval = liveIntervalMs(platform, LEAGUES, LIVE_SECONDS, 1) / 1000;
// Sampled once two shared reads have scored every league (the seeded matchups have no score).
const sampleFrom = started + (2 * LIVE_SECONDS + 5) * 1000;
while (Date.now() - started < DURATION_S * 1000) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (Date.now() < sampleFrom) continue;
  const now = scoreAt(Date.now());
  const rows = await store.db
    .selectFrom('matchups')
    .select('teams')
    .where('week', '=', 1)
    .execute();
  for (const row of rows) {
    const score = (JSON.parse(row.teams) as Array<{ score?: number }>)[0]?.score;
    if (score !== undefined) lags.push(now - score);
  }
}
await scheduler.stop();
const cpu = process.cpuUsage(cpuStart);
const elapsedMin = (Date.now() - started) / 60_000;
lags.sort((a, b) => a - b);
const pct = (p: number) =>
  lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? NaN;
const perMin = (count: number): string => (count / elapsedMin).toFixed(0);
const total = requests.stats + requests.matchups + requests.other;
console.log(
  `sleeper: ${LEAGUES} live leagues, ${DURATION_S} s, own reads every ${interval.toFixed(0)} s, shared read every ${LIVE_SECONDS} s`,
);
console.log(`  freshness lag p50 ${pct(50)} s, p95 ${pct(95)} s (${lags.length} samples)`);
console.log(
  `  requests ${perMin(total)}/min against a budget of ${PER_MINUTE}/min (stats ${perMin(requests.stats)}, matchups ${perMin(requests.matchups)}, state ${perMin(requests.other)})`,
);
console.log(
  `  refreshes: ${perMin(refreshes.shared)}/min rescored by the shared read, ${perMin(refreshes.own)}/min own reads`,
);
console.log(
  `  worker CPU ${(((cpu.user + cpu.system) / 1e6 / (elapsedMin * 60)) * 100).toFixed(1)}% of a core, peak RSS ${(peakRss / 1e6).toFixed(0)} MB`,
);
server.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
