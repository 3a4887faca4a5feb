// Builds a scaled store (10k, 100k or 1M leagues) on SQLite or PostgreSQL, or reuses one built
// before by the same builder version. A template of leagues (2,000, or all of a smaller store)
// and every player pool are written by the real store code (writePlayerPool,
// applyLeagueSnapshot); replicate.ts then copies the template in bulk at the SQL level, makes a
// user per ten leagues, and refreshes the statistics. Last, the real code issues the tokens the
// measurements use. What a bench league holds: docs/performance.md, "The scale benchmark".
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Platform } from '../../src/domain/catalog.ts';
import type { LeagueSnapshot } from '../../src/domain/records.ts';
import { generateDemoDataset } from '../../src/platforms/demo/index.ts';
import { SQLITE_FILE_NAME, openStore, writeTransaction } from '../../src/storage/db.ts';
import type { Store, StoreOptions } from '../../src/storage/db.ts';
import { checkLeagueSnapshot } from '../../src/storage/repositories/snapshot-checks.ts';
import { applyLeagueSnapshot, writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { replicatePostgres, replicateSqlite } from './replicate.ts';

/**
 * Bumped whenever what the builder writes changes (2: migrations 017 and 018 as they landed; 3:
 * the leagues with league data carry their game, migration 019): a cached store of another
 * version is rebuilt.
 */
export const BUILDER_VERSION = 3;
/** The project's `.bench-data/` (git ignores it): a 1M store is 20-26 GB, too big for most /tmp. */
export const BENCH_DATA_DIR =
  process.env.BENCH_DATA_DIR ?? fileURLToPath(new URL('../../.bench-data/', import.meta.url));
export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432';

export type Backend = 'sqlite' | 'postgres';
export const SCALE_SIZES = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 } as const;
export type ScaleSize = keyof typeof SCALE_SIZES;

const PLATFORMS: readonly Platform[] = ['sleeper', 'espn', 'yahoo', 'mfl', 'fleaflicker'];
/**
 * 60,000 players per sport over five platforms: 2,400 per season on the three platforms whose
 * pools are per season (ESPN, Yahoo, MFL), 12,000 in the all-season pools of Sleeper and
 * Fleaflicker (Sleeper's real football list is about 11,000).
 */
const PLAYERS_PER_SPORT = 60_000;
const TEMPLATE_LEAGUES = 2000;
const LEAGUES_PER_USER = 10;
const COLD_USERS = 300;
const RESYNC_LEAGUES = 12;
const LEAGUES_PER_TRANSACTION = 100;
/**
 * One league in five keeps its league data (matchups, transactions, draft) and its game (rules,
 * every played period's lineups, the current lineup, injuries, seasons): with them a league
 * takes hundreds of KB, and a million such leagues would not fit this machine's disk twice
 * (SQLite and PostgreSQL). Those tables still hold tens of millions of rows at 1M.
 */
export const LEAGUE_DATA_EVERY = 5;

export interface ScaledStoreSpec {
  backend: Backend;
  leagues: number;
  /** Defaults suit the bench; the test builds a tiny store with its own. */
  templateLeagues?: number;
  playersPerSport?: number;
  coldUsers?: number;
  /** An empty store: SQLite's folder or file, or PostgreSQL's URL (and schema). */
  location: StoreOptions;
  onProgress?: (message: string) => void;
}

export interface UserToken {
  userId: number;
  token: string;
}

export interface ScaledStore {
  builderVersion: number;
  backend: Backend;
  leagues: number;
  templateLeagues: number;
  users: number;
  pools: number;
  players: number;
  dataDir?: string;
  databaseUrl?: string;
  /** Build times, s: pools and template through the store code, the bulk copies, all. */
  build: { templateSeconds: number; copySeconds: number; totalSeconds: number };
  /** The user the hot (cached) figures are taken as. */
  hot: UserToken;
  /** Users nobody asks for before the cold figures: each is asked once. */
  cold: UserToken[];
  /** Leagues re-synced by the bench, each with the snapshot it was written from. */
  resync: Array<{ leagueId: number; snapshot: LeagueSnapshot }>;
}

/** League ids of the bulk user `userIndex` (1-based): every `users`-th league from it. */
export function leaguesOfUser(store: ScaledStore, userIndex: number): number[] {
  const ids: number[] = [];
  for (let id = userIndex; id <= store.leagues; id += store.users) ids.push(id);
  return ids;
}

export async function buildScaledStore(spec: ScaledStoreSpec): Promise<ScaledStore> {
  const started = performance.now();
  const template = Math.min(spec.templateLeagues ?? TEMPLATE_LEAGUES, spec.leagues);
  if (spec.leagues % template !== 0) {
    throw new RangeError(
      `leagues (${spec.leagues}) must be a multiple of the template (${template})`,
    );
  }
  const users = Math.max(1, Math.floor(spec.leagues / LEAGUES_PER_USER));
  if (users % LEAGUE_DATA_EVERY !== 0 || template % LEAGUE_DATA_EVERY !== 0) {
    throw new RangeError(`users and template leagues must be multiples of ${LEAGUE_DATA_EVERY}`);
  }
  const progress = spec.onProgress ?? (() => undefined);
  const dataset = generateDemoDataset({
    seed: 11,
    leagues: template,
    playersPerSport: spec.playersPerSport ?? PLAYERS_PER_SPORT,
    platforms: PLATFORMS,
    activity: true,
    game: true,
  });
  dataset.leagues.forEach((league, t) => {
    if (t % LEAGUE_DATA_EVERY === 0) return;
    delete league.activity;
    delete league.game;
  });
  const store = await openStore(spec.location);
  try {
    for (const pool of dataset.pools) await writePlayerPool(store, pool);
    await writeTemplate(store, dataset.leagues);
  } finally {
    await store.close();
  }
  const templateSeconds = (performance.now() - started) / 1000;
  progress(`pools and ${template} template leagues written in ${templateSeconds.toFixed(1)} s`);
  const plan = { templateLeagues: template, leagues: spec.leagues, users, onProgress: progress };
  const { databaseUrl, pgSchema, sqliteFile, dataDir } = spec.location;
  if (spec.backend === 'postgres') await replicatePostgres(databaseUrl as string, pgSchema, plan);
  else replicateSqlite(sqliteFile ?? join(dataDir as string, SQLITE_FILE_NAME), plan);
  const copySeconds = (performance.now() - started) / 1000 - templateSeconds;

  const again = await openStore(spec.location);
  try {
    const userId = async (index: number): Promise<number> => {
      const row = await again.db
        .selectFrom('users')
        .select('id')
        .where('name', '=', `bench-u${index}`)
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const token = async (index: number): Promise<UserToken> => {
      const id = await userId(index);
      const issued = await issueToken(again.db, {
        userId: id,
        products: ['league', 'roster', 'player', 'team', 'transaction'],
      });
      return { userId: index, token: issued.token };
    };
    // Users whose every league has league data (ids 1, 6, 11...: see leaguesOfUser), spread out.
    const withData = Math.floor((users - 2) / LEAGUE_DATA_EVERY) + 1;
    const coldCount = Math.min(spec.coldUsers ?? COLD_USERS, withData);
    const cold: UserToken[] = [];
    for (let i = 0; i < coldCount; i++) {
      cold.push(await token(1 + LEAGUE_DATA_EVERY * Math.floor((i * withData) / coldCount)));
    }
    // The re-synced leagues: templates of several sports, in the middle copy.
    const copy = Math.floor(spec.leagues / template / 2);
    const resync = dataset.leagues.slice(0, RESYNC_LEAGUES).map((snapshot, t) => ({
      leagueId: t + 1 + copy * template,
      snapshot:
        copy === 0
          ? snapshot
          : { ...snapshot, platformLeagueKey: `${snapshot.platformLeagueKey}~${copy}` },
    }));
    return {
      builderVersion: BUILDER_VERSION,
      backend: spec.backend,
      leagues: spec.leagues,
      templateLeagues: template,
      users,
      pools: dataset.pools.length,
      players: dataset.pools.reduce((n, p) => n + p.players.length, 0),
      ...(dataDir !== undefined && { dataDir }),
      ...(databaseUrl !== undefined && { databaseUrl }),
      build: {
        templateSeconds,
        copySeconds,
        totalSeconds: (performance.now() - started) / 1000,
      },
      hot: await token(users),
      cold,
      resync,
    };
  } finally {
    await again.close();
  }
}

/** The template through the store's own league write, many leagues per transaction. */
async function writeTemplate(store: Store, leagues: readonly LeagueSnapshot[]): Promise<void> {
  for (let start = 0; start < leagues.length; start += LEAGUES_PER_TRANSACTION) {
    const batch = leagues.slice(start, start + LEAGUES_PER_TRANSACTION);
    await writeTransaction(store, async (tx) => {
      for (const snapshot of batch) {
        checkLeagueSnapshot(snapshot);
        const { leagueId } = await applyLeagueSnapshot(tx, snapshot);
        // replicate.ts shifts ids by the template's count: they must be exactly 1..n.
        if (leagueId !== start + batch.indexOf(snapshot) + 1) {
          throw new Error(`the template must go into an empty store (league id ${leagueId})`);
        }
      }
    });
  }
}

// ---- the cache of built stores: <BENCH_DATA_DIR>/<backend>-<size>-v<version>/ ----

export function cacheDir(backend: Backend, size: ScaleSize): string {
  return join(BENCH_DATA_DIR, `${backend}-${size}-v${BUILDER_VERSION}`);
}

function databaseName(size: ScaleSize): string {
  return `fantasy_bench_${size}_v${BUILDER_VERSION}`;
}

/** The built store of this size, from the cache when a complete one is there, else built now. */
export async function scaledStore(
  backend: Backend,
  size: ScaleSize,
  onProgress: (message: string) => void,
): Promise<{ store: ScaledStore; reused: boolean }> {
  const dir = cacheDir(backend, size);
  const meta = join(dir, 'meta.json');
  if (existsSync(meta)) {
    const store = JSON.parse(readFileSync(meta, 'utf8')) as ScaledStore;
    if (backend === 'sqlite' || (await databaseExists(databaseName(size)))) {
      return { store, reused: true };
    }
  }
  await dropScaledStore(backend, size);
  mkdirSync(dir, { recursive: true });
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    await admin(`create database ${databaseName(size)}`);
    databaseUrl = `${BENCH_PG_URL}/${databaseName(size)}`;
  }
  const store = await buildScaledStore({
    backend,
    leagues: SCALE_SIZES[size],
    location: backend === 'sqlite' ? { dataDir: dir } : { databaseUrl },
    onProgress,
  });
  // Written last: a build that died half-way has no meta.json and is built again.
  writeFileSync(meta, JSON.stringify(store));
  return { store, reused: false };
}

/** Deletes the cached store of this size (its folder; on PostgreSQL its database too). */
export async function dropScaledStore(backend: Backend, size: ScaleSize): Promise<void> {
  rmSync(cacheDir(backend, size), { recursive: true, force: true });
  if (backend === 'postgres') {
    await admin(`drop database if exists ${databaseName(size)} with (force)`);
  }
}

async function databaseExists(name: string): Promise<boolean> {
  const rows = await admin(`select 1 from pg_database where datname = '${name}'`);
  return rows.length > 0;
}

async function admin(statement: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: `${BENCH_PG_URL}/postgres` });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}
