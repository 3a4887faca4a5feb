// Crash trials: `kill -9` a first start (which loads the demo into an empty store) and a Sleeper
// sync (against a fake Sleeper on 127.0.0.1 that answers slowly, so kills land everywhere), at
// random moments, then check the store: no half-written league, a first start that leaves
// nothing or everything, killed runs shown as interrupted, and the next run completing.
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { openStore } from '../src/storage/db.ts';
import type { Store } from '../src/storage/db.ts';
import { createRng } from '../src/platforms/demo/random.ts';
import type { Rng } from '../src/platforms/demo/random.ts';
import { reply } from '../test/helpers/fake-platform.ts';
import { RECORDED_SLEEPER } from '../test/helpers/sleeper-data.ts';
import type { SleeperDataSet } from '../test/helpers/sleeper-data.ts';
import { spawnCli, startServiceProcess } from './service.ts';
import { seasonsBetween } from '../src/domain/seasons.ts';

/** Where a trial's store lives: environment for the CLI and options for openStore. */
import type { StoreSpot } from './store-spots.ts';

export type { StoreSpot };

export interface TrialResult {
  trial: string;
  killedAfterMs: number;
  problems: string[];
}

const DEMO_LEAGUES = 17;

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });
}

/** Resolves when the child writes `text` to stderr (or exits). */
function stderrSays(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) resolve();
    });
    void exited(child).then(() => resolve());
  });
}

async function killAfter(child: ChildProcess, ms: number): Promise<void> {
  await Promise.race([new Promise((resolve) => setTimeout(resolve, ms)), exited(child)]);
  child.kill('SIGKILL');
  await exited(child);
}

async function count(store: Store, query: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`${sql.raw(query)}`.execute(store.db);
  return Number(rows[0]?.n ?? 0);
}

/** What must hold in any store, whenever a process died: each league whole and consistent. */
export async function storeProblems(store: Store): Promise<string[]> {
  const problems: string[] = [];
  const orphanEntries = await count(
    store,
    `select count(*) as n from roster_entries r where not exists (select 1 from fantasy_teams t
       where t.league_id = r.league_id and t.roster_id = r.roster_id)`,
  );
  if (orphanEntries > 0) problems.push(`${orphanEntries} roster entries of no fantasy team`);
  const unknownPlayers = await count(
    store,
    `select count(*) as n from roster_entries r join leagues l on l.id = r.league_id
     where not exists (select 1 from players p where p.platform = l.platform
       and p.sport = l.sport and p.player_id = r.player_id
       and p.season = case when l.platform in ('espn', 'yahoo', 'mfl') then l.season else 0 end)`,
  );
  if (unknownPlayers > 0) problems.push(`${unknownPlayers} rostered players missing from pools`);
  const teamless = await count(
    store,
    `select count(*) as n from leagues l where not exists
       (select 1 from fantasy_teams t where t.league_id = l.id)`,
  );
  if (teamless > 0) problems.push(`${teamless} leagues without teams`);
  // The game (rules, lineups) is written with the league; a lineup names its team by roster id,
  // with no foreign key to hold it.
  const orphanLineups = await count(
    store,
    `select count(*) as n from lineups x where not exists (select 1 from fantasy_teams t
       where t.league_id = x.league_id and t.roster_id = x.roster_id)`,
  );
  if (orphanLineups > 0) problems.push(`${orphanLineups} lineups of no fantasy team`);
  return problems;
}

/** How long a first start takes to answer /readyz on an empty store (kills land within it). */
async function timeFirstStart(spot: StoreSpot): Promise<number> {
  const started = Date.now();
  const service = await startServiceProcess({ ...spot.env, FANTASY_DEMO_ON_EMPTY: 'true' });
  const ms = Date.now() - started;
  await service.stop();
  return ms;
}

/** One first start killed at a random moment, then a full start: all or nothing, then all. */
export async function firstStartTrial(
  spot: StoreSpot,
  rng: Rng,
  startMs: number,
): Promise<TrialResult> {
  const killedAfterMs = rng.int(Math.round(startMs * 0.5), startMs);
  const problems: string[] = [];
  const first = spawnCli(['serve'], { ...spot.env, PORT: '0', FANTASY_DEMO_ON_EMPTY: 'true' });
  first.stdout?.resume();
  first.stderr?.resume();
  await killAfter(first, killedAfterMs);
  const store = await openStore(spot.options);
  try {
    const users = await count(store, `select count(*) as n from users where name = 'demo'`);
    const leagues = await count(store, 'select count(*) as n from league_members');
    const tokens = await count(store, 'select count(*) as n from tokens');
    const nothing = users === 0 && leagues === 0 && tokens === 0;
    const everything = users === 1 && leagues === DEMO_LEAGUES && tokens >= 1;
    if (!nothing && !everything) {
      problems.push(`after the kill: ${users} demo user, ${leagues} leagues, ${tokens} tokens`);
    }
    problems.push(...(await storeProblems(store)));
  } finally {
    await store.close();
  }
  const second = await startServiceProcess({ ...spot.env, FANTASY_DEMO_ON_EMPTY: 'true' });
  await second.stop();
  const after = await openStore(spot.options);
  try {
    const leagues = await count(after, 'select count(*) as n from league_members');
    const tokens = await count(after, 'select count(*) as n from tokens');
    if (leagues !== DEMO_LEAGUES || tokens < 1) {
      problems.push(`after the next start: ${leagues} leagues, ${tokens} tokens`);
    }
  } finally {
    await after.close();
  }
  return { trial: 'first start', killedAfterMs, problems };
}

/**
 * The recorded seasons named: the recorded leagues' seasons are over, so once synced in full an
 * unnamed `sync` leaves them alone (src/sync/seasons.ts) and a trial would kill an idle run.
 */
const NAMED_SEASONS = seasonsBetween(2017, 2021).flatMap((season) => ['--season', String(season)]);

/** One Sleeper sync killed at a random moment; then the store is checked and a sync completes. */
export async function syncTrial(
  spot: StoreSpot,
  sleeperUrl: string,
  rng: Rng,
  syncMs: number,
): Promise<TrialResult> {
  // Counted from the run's start (its first progress line), so the kill lands inside the run.
  const killedAfterMs = rng.int(0, Math.round(syncMs * 0.8));
  const problems: string[] = [];
  const env = { ...spot.env, SLEEPER_BASE_URL: sleeperUrl };
  const sync = spawnCli(['sync', '--user', 'alice', ...NAMED_SEASONS], env);
  sync.stdout?.resume();
  await stderrSays(sync, 'syncing');
  await killAfter(sync, killedAfterMs);
  const store = await openStore(spot.options);
  try {
    problems.push(...(await storeProblems(store)));
  } finally {
    await store.close();
  }
  const again = spawnCli(['sync', '--user', 'alice', ...NAMED_SEASONS], env);
  again.stdout?.resume();
  let stderr = '';
  again.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await exited(again);
  if (code !== 0) problems.push(`the next sync exited ${code}: ${stderr.slice(-300)}`);
  const after = await openStore(spot.options);
  try {
    problems.push(...(await storeProblems(after)));
    const running = await count(
      after,
      `select count(*) as n from sync_runs where outcome = 'running'`,
    );
    if (running > 0) problems.push(`${running} sync runs still 'running' after the next sync`);
  } finally {
    await after.close();
  }
  return { trial: 'sync', killedAfterMs, problems };
}

/** Runs `trials` of each kind on fresh stores made by `makeSpot`. */
export async function runCrashTrials(options: {
  trials: number;
  seed: number;
  makeSpot: () => Promise<StoreSpot>;
  onResult?: (result: TrialResult) => void;
  /** What the fake Sleeper serves; default the recordings (more to write, so more kill points). */
  sleeper?: SleeperDataSet;
}): Promise<TrialResult[]> {
  const sleeper = options.sleeper ?? RECORDED_SLEEPER;
  const rng = createRng(options.seed);
  const results: TrialResult[] = [];
  const record = (result: TrialResult): void => {
    results.push(result);
    options.onResult?.(result);
  };
  const calibration = await options.makeSpot();
  const startMs = await timeFirstStart(calibration).finally(() => calibration.remove());
  for (let i = 0; i < options.trials; i++) {
    const spot = await options.makeSpot();
    try {
      record(await firstStartTrial(spot, rng, startMs));
    } finally {
      await spot.remove();
    }
  }
  const fake = await sleeper.start({ latencyMs: () => rng.int(0, 150) });
  const spot = await options.makeSpot();
  try {
    for (const command of [
      ['users', 'create', 'alice'],
      ['link', 'sleeper', '--user', 'alice', '--username', sleeper.user.username],
    ]) {
      const child = spawnCli(command, { ...spot.env, SLEEPER_BASE_URL: fake.baseUrl });
      child.stdout?.resume();
      child.stderr?.resume();
      if ((await exited(child)) !== 0) throw new Error(`set-up failed: ${command.join(' ')}`);
    }
    // A first full sync writes everything and times a run from its first progress line.
    const first = spawnCli(['sync', '--user', 'alice'], {
      ...spot.env,
      SLEEPER_BASE_URL: fake.baseUrl,
    });
    first.stdout?.resume();
    await stderrSays(first, 'syncing');
    const started = Date.now();
    await exited(first);
    const syncMs = Date.now() - started;
    // Each trial's rosters differ from the last, so every run has a league to rewrite.
    const rostersPath = `/league/${sleeper.leagues[0].id}/rosters`;
    const rosters = fake.recorded(rostersPath) as Array<{ players?: string[] | null }>;
    for (let i = 0; i < options.trials; i++) {
      const shifted = rosters.map((roster, r) =>
        r === i % rosters.length ? { ...roster, players: (roster.players ?? []).slice(1) } : roster,
      );
      fake.route(rostersPath, reply.json(shifted));
      record(await syncTrial(spot, fake.baseUrl, rng, syncMs));
    }
  } finally {
    await spot.remove();
    await fake.close();
  }
  return results;
}
