// A SQLite store busy with another process's write: a second connection to the same file holds
// the write lock past the busy timeout. Reads keep answering (WAL lets them past a writer, and a
// WAL store cannot be locked against readers while the service has it open); a write that cannot
// get the lock answers 503 store_unavailable with Retry-After, as a PostgreSQL outage does, never
// a 500, and changes nothing. Once the lock is let go all is as before.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { STORE_RETRY_AFTER_SECONDS } from '../../src/storage/unavailable.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { adminClient } from './admin-helpers.ts';
import type { AdminClient } from './admin-helpers.ts';
import { expectProblem } from './expect.ts';

/** The app's wait for the lock, short so the suite does not wait the default 10 s each time. */
const BUSY_TIMEOUT_MS = 300;

describe('a SQLite store busy with another writer', () => {
  let t: TestApp;
  let admin: AdminClient;
  let token: string;
  let userId: number;
  let other: SQLite.Database;

  before(async () => {
    t = await startTestApp({ dialect: 'sqlite', cache: false });
    admin = await adminClient(t);
    const user = await t.createUser('busy');
    userId = user.id;
    token = await t.issueToken(user.id);
    await t.addLeague(buildLeagueSnapshot(), user.id);
    // The app's one SQLite connection waits this long for a lock before SQLITE_BUSY.
    await sql.raw(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`).execute(t.store.db);
    other = new SQLite(t.store.options.sqliteFile as string);
    other.pragma('busy_timeout = 0');
  });
  after(async () => {
    if (other?.inTransaction) other.exec('rollback');
    other?.close();
    await t?.close();
  });

  async function expectBusy(response: Response, what: string): Promise<void> {
    assert.equal(response.status, 503, `${what}: ${response.status}`);
    await expectProblem(response, 'store_unavailable');
    assert.equal(response.headers.get('retry-after'), String(STORE_RETRY_AFTER_SECONDS), what);
  }

  /** Runs `check` while the other connection holds a write transaction. */
  async function whileWriting(check: () => Promise<void>): Promise<void> {
    other.exec('begin immediate');
    other.prepare("update users set name = name where name = 'busy'").run();
    try {
      await check();
    } finally {
      other.exec('rollback');
    }
  }

  it('keeps answering reads while another connection holds the write lock', async () => {
    await whileWriting(async () => {
      const leagues = await t.request('/league/findAllLeagues', { token });
      assert.equal(leagues.status, 200, await leagues.clone().text());
      assert.equal(((await leagues.json()) as unknown[]).length, 1);
      for (const path of ['/user', '/league/findAllLeagues?season=2020']) {
        assert.equal((await t.request(path, { token })).status, 200, path);
      }
      for (const path of [
        '/admin/users',
        `/admin/users/${userId}`,
        `/admin/users/${userId}/tokens`,
      ]) {
        assert.equal((await admin.call('GET', path)).status, 200, path);
      }
    });
  });

  it('answers an admin write that cannot get the lock with 503 store_unavailable', async () => {
    await whileWriting(async () => {
      await expectBusy(await admin.call('POST', '/admin/users', { name: 'carol' }), 'create user');
      await expectBusy(
        await admin.call('POST', `/admin/users/${userId}/tokens`, { products: ['league'] }),
        'issue a token',
      );
      await expectBusy(await admin.call('DELETE', `/admin/users/${userId}`), 'delete user');
    });
    // Logged as the outage it is, with SQLite's code, never as a fault.
    const busy = t.logs.filter((line) => line.msg === 'request failed: the store does not answer');
    assert.equal(busy.length, 3);
    assert.ok(busy.every((line) => line.code === 'SQLITE_BUSY'));
    assert.equal(t.logs.filter((line) => line.msg === 'request failed').length, 0);
    // Nothing was written meanwhile, and the store takes writes again once the lock is gone.
    const list = await admin.json<{ users: Array<{ name: string }> }>('GET', '/admin/users');
    assert.deepEqual(
      list.body.users.map((u) => u.name),
      ['busy'],
    );
    assert.equal((await admin.call('POST', '/admin/users', { name: 'carol' })).status, 201);
  });
});
