// `npm run bench:sqlite-driver -- [--size 10k|100k|1m] [--rounds 3] [--writes 40]`: Node's built-in
// node:sqlite (DatabaseSync) against better-sqlite3, the driver the service uses, on a store the
// scale bench built (`npm run bench -- --size 10k --store sqlite --build-only`). Both drivers open
// the same file with the service's pragmas and serve it through Kysely's SqliteDialect and the
// service's own read model and write path (node:sqlite through the adapter below), so what differs
// is the driver. Prints figures only (docs/performance.md, "SQLite driver").
//   reads: every league endpoint's reads for the build's cold users (200 at 10k), the drivers
//     alternating user by user
//   statements: the same primary-key read prepared and run (what Kysely does for each query)
//   writes: a league re-synced in one transaction (WAL, synchronous=NORMAL), alternating
//   WAL: one driver reading while the other holds a write transaction on the same file
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue } from 'node:sqlite';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { SqliteDatabase } from 'kysely';
import { hashToken } from '../src/domain/tokens.ts';
import type { League } from '../src/domain/records.ts';
import { createStoreReadModel } from '../src/serving/read-model.ts';
import type { ReadModel } from '../src/serving/read-model.ts';
import { SQLITE_FILE_NAME, openStore } from '../src/storage/db.ts';
import type { Store } from '../src/storage/db.ts';
import { writeLeagueSnapshot } from '../src/storage/repositories/snapshots.ts';
import type { Schema } from '../src/storage/schema.ts';
import { percentiles } from './cold.ts';
import { resynced } from './dataset.ts';
import { SCALE_SIZES, cacheDir, leaguesOfUser } from './scale/build.ts';
import type { ScaledStore, ScaleSize } from './scale/build.ts';

type Driver = 'better-sqlite3' | 'node:sqlite';
const DRIVERS: readonly Driver[] = ['better-sqlite3', 'node:sqlite'];

/**
 * node:sqlite in the shape Kysely's SqliteDialect takes (better-sqlite3's): positional parameters
 * as an array, and `reader` (whether a statement returns rows) from its columns.
 */
export function nodeSqliteDatabase(file: string): SqliteDatabase {
  const database = new DatabaseSync(file);
  // The service's pragmas (src/storage/db.ts, openSqlite).
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA busy_timeout = 10000');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA synchronous = NORMAL');
  database.exec('PRAGMA cache_size = -2000');
  return {
    close: () => database.close(),
    prepare(text) {
      const statement = database.prepare(text);
      const params = (values: ReadonlyArray<unknown>) => values as SQLInputValue[];
      return {
        reader: statement.columns().length > 0,
        all: (values) => statement.all(...params(values)),
        run: (values) => statement.run(...params(values)),
        iterate: (values) => statement.iterate(...params(values)),
      };
    },
  };
}

async function openWith(driver: Driver, file: string): Promise<Store> {
  if (driver === 'better-sqlite3') return openStore({ sqliteFile: file, mustExist: true });
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: nodeSqliteDatabase(file) }),
  });
  return { db, dialect: 'sqlite', location: file, close: () => db.destroy() };
}

/** What the league endpoints read, in the order a cold user asks (bench/scale/cold-requests.ts). */
const READS: ReadonlyArray<[string, (read: ReadModel, league: League) => Promise<unknown>]> = [
  ['settings', async () => undefined], // findLeague, timed below, is the whole of it
  ['rostered map', (read, league) => read.listRostered(league)],
  ['teams', (read, league) => read.listTeams(league)],
  ['matchups', (read, league) => read.listMatchups(league, 1)],
  ['transactions', (read, league) => read.listTransactions(league, { types: [], limit: 10 })],
  ['draft', (read, league) => read.listDrafts(league)],
  ['lineups', (read, league) => read.listLineups(league, { week: 1 })],
];

interface User {
  userId: number;
  tokenHash: string;
  league: number;
  playerId: string;
}

function summary(values: number[]): string {
  const p = percentiles(values);
  const sum = values.reduce((a, b) => a + b, 0);
  return `p50 ${p.p50Ms.toFixed(3)} ms  p99 ${p.p99Ms.toFixed(3)} ms  total ${sum.toFixed(0)} ms  (n=${p.count})`;
}

async function timed<T>(into: number[], work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  into.push(performance.now() - started);
  return result;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '10k' },
      rounds: { type: 'string', default: '3' },
      writes: { type: 'string', default: '40' },
    },
  });
  const size = values.size as ScaleSize;
  if (!Object.hasOwn(SCALE_SIZES, size)) throw new Error(`--size takes 10k, 100k or 1m`);
  const dir = cacheDir('sqlite', size);
  const file = join(dir, SQLITE_FILE_NAME);
  if (!existsSync(join(dir, 'meta.json'))) {
    throw new Error(
      `no ${size} SQLite store at ${dir}: build it with npm run bench -- --size ${size} --store sqlite --build-only`,
    );
  }
  const built = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as ScaledStore;
  const rounds = Number(values.rounds);
  const writes = Number(values.writes);
  const probe = new DatabaseSync(':memory:');
  const nodeSqliteVersion = (probe.prepare('select sqlite_version() as v').get() as { v: string })
    .v;
  probe.close();
  const better = new SQLite(':memory:');
  const betterVersion = (better.prepare('select sqlite_version() as v').get() as { v: string }).v;
  better.close();
  console.log(
    `SQLite drivers on the ${size} store (${built.leagues} leagues, ` +
      `${(statSync(file).size / 1e9).toFixed(2)} GB), node ${process.version}: ` +
      `better-sqlite3 (SQLite ${betterVersion}) and node:sqlite (SQLite ${nodeSqliteVersion})`,
  );

  const stores = new Map<Driver, Store>();
  for (const driver of DRIVERS) stores.set(driver, await openWith(driver, file));
  const any = stores.get('better-sqlite3') as Store;
  const seasonRows = await sql<{ season: number }>`select distinct season from leagues`.execute(
    any.db,
  );
  const seasons = seasonRows.rows.map((row) => row.season);
  const reads = new Map(
    DRIVERS.map((driver) => [driver, createStoreReadModel(stores.get(driver) as Store, seasons)]),
  );
  const users: User[] = [];
  for (const { userId, token } of built.cold) {
    const league = leaguesOfUser(built, userId)[0] as number;
    const row = await sql<{ player_id: string }>`
      select player_id from roster_entries where league_id = ${league} order by player_id limit 1
    `.execute(any.db);
    users.push({
      userId,
      tokenHash: hashToken(token),
      league,
      playerId: row.rows[0]?.player_id ?? '',
    });
  }

  // ---- reads ----
  type Times = Map<string, number[]>;
  const times = new Map<Driver, Times>(DRIVERS.map((d) => [d, new Map<string, number[]>()]));
  const slot = (driver: Driver, name: string) => {
    const byName = times.get(driver) as Times;
    if (!byName.has(name)) byName.set(name, []);
    return byName.get(name) as number[];
  };
  const cpu = new Map<Driver, number>(DRIVERS.map((d) => [d, 0]));
  for (let round = 0; round <= rounds; round++) {
    for (const [i, user] of users.entries()) {
      // Every other user the other driver goes first, so neither always meets the warmer cache.
      const order = (i + round) % 2 === 0 ? DRIVERS : [...DRIVERS].reverse();
      for (const driver of order) {
        const read = reads.get(driver) as ReadModel;
        const measuring = round > 0; // round 0 warms the OS's cache of the file for both
        const into = (name: string) => (measuring ? slot(driver, name) : []);
        const before = process.cpuUsage();
        await timed(into('token'), () => read.findToken(user.tokenHash));
        await timed(into('league list'), () =>
          read.findLeagues(user.userId, { sports: [], seasons: [] }),
        );
        const league = await timed(into('settings'), () =>
          read.findLeague(user.userId, user.league),
        );
        if (league === undefined)
          throw new Error(`user ${user.userId} has no league ${user.league}`);
        for (const [name, work] of READS.slice(1))
          await timed(into(name), () => work(read, league));
        await timed(into('player by id'), () => read.findPlayer(league, user.playerId));
        const used = process.cpuUsage(before);
        if (measuring) cpu.set(driver, (cpu.get(driver) as number) + used.user + used.system);
      }
    }
  }
  const requests = users.length * rounds;
  console.log(
    `\nreads: ${users.length} users x ${rounds} rounds (after one warming round), each the token, ` +
      'league list, settings, rostered map, teams, matchups (week 1), transactions (10), draft, ' +
      'lineups (week 1) and one player by id, through the service read model (Kysely)',
  );
  for (const name of times.get('better-sqlite3')?.keys() ?? []) {
    for (const driver of DRIVERS) {
      console.log(`  ${name.padEnd(13)} ${driver.padEnd(15)} ${summary(slot(driver, name))}`);
    }
  }
  for (const driver of DRIVERS) {
    console.log(
      `  CPU per user's ten reads, ${driver.padEnd(15)} ${((cpu.get(driver) as number) / requests / 1000).toFixed(3)} ms`,
    );
  }

  // ---- one statement, prepared and run, as Kysely runs every query ----
  const statementText = 'select id, name, season from leagues where id = ?';
  const bs = new SQLite(file, { readonly: true });
  const ns = new DatabaseSync(file, { readOnly: true });
  const statementRuns = 200_000;
  const statement = new Map<Driver, number>();
  for (let pass = 0; pass < 2; pass++) {
    for (const driver of pass === 0 ? DRIVERS : [...DRIVERS].reverse()) {
      const before = process.cpuUsage();
      for (let i = 0; i < statementRuns; i++) {
        const id = (i % built.leagues) + 1;
        if (driver === 'better-sqlite3') bs.prepare(statementText).all(id);
        else ns.prepare(statementText).all(id);
      }
      const used = process.cpuUsage(before);
      if (pass === 1 || !statement.has(driver)) {
        statement.set(driver, ((used.user + used.system) * 1000) / statementRuns);
      }
    }
  }
  bs.close();
  ns.close();
  console.log(`\none statement prepared and run, a league by primary key, ${statementRuns} times:`);
  for (const driver of DRIVERS) {
    console.log(
      `  ${driver.padEnd(15)} ${(statement.get(driver) as number).toFixed(0)} ns CPU each`,
    );
  }

  // ---- writes: a league re-synced in one transaction ----
  const writeTimes = new Map<Driver, number[]>(DRIVERS.map((d) => [d, []]));
  for (let round = 0; round < writes; round++) {
    const { snapshot } = built.resync[round % built.resync.length] as ScaledStore['resync'][number];
    for (const driver of round % 2 === 0 ? DRIVERS : [...DRIVERS].reverse()) {
      const next = resynced(snapshot, 1_000_000 + round * 2 + DRIVERS.indexOf(driver));
      await timed(writeTimes.get(driver) as number[], () =>
        writeLeagueSnapshot(stores.get(driver) as Store, next),
      );
    }
  }
  console.log(
    `\nwrites: a league re-synced (${built.resync.length} leagues in turn, a new name each time) ` +
      'in one BEGIN IMMEDIATE transaction, WAL, synchronous=NORMAL:',
  );
  for (const driver of DRIVERS) {
    console.log(`  ${driver.padEnd(15)} ${summary(writeTimes.get(driver) as number[])}`);
  }

  // ---- WAL: a reader on one driver while the other holds a write transaction ----
  const journal = (
    await sql<{ journal_mode: string }>`pragma journal_mode`.execute(
      (stores.get('node:sqlite') as Store).db,
    )
  ).rows[0]?.journal_mode;
  const writer = new DatabaseSync(file);
  writer.exec('PRAGMA busy_timeout = 10000');
  const reader = new SQLite(file);
  const leagueId = (built.resync[0] as ScaledStore['resync'][number]).leagueId;
  const name = () =>
    (reader.prepare('select name from leagues where id = ?').get(leagueId) as { name: string })
      .name;
  const before = name();
  writer.exec('BEGIN IMMEDIATE');
  writer.prepare('update leagues set name = ? where id = ?').run('wal check', leagueId);
  const during = name();
  writer.exec('COMMIT');
  const afterCommit = name();
  writer.prepare('update leagues set name = ? where id = ?').run(before, leagueId);
  writer.close();
  reader.close();
  console.log(
    `\nWAL: node:sqlite opens the store in journal_mode=${journal}; better-sqlite3 reading while ` +
      `node:sqlite held a write transaction saw the committed name (${during === before ? 'yes' : 'NO'}), ` +
      `then the new one after the commit (${afterCommit === 'wal check' ? 'yes' : 'NO'})`,
  );
  for (const store of stores.values()) await store.close();
}

await main();
