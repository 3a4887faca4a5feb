import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { LeagueSyncRecord } from '../../src/storage/repositories/syncs.ts';
import {
  finishSyncRun,
  listLeagueSyncStatus,
  recordLeagueSync,
  startSyncRun,
} from '../../src/storage/repositories/syncs.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { describeEachBackend } from './backends.ts';

function attempt(runId: number, overrides: Partial<LeagueSyncRecord> = {}): LeagueSyncRecord {
  return {
    runId,
    leagueId: null,
    platform: 'sleeper',
    platformLeagueKey: '784462448236363776',
    season: 2021,
    sport: 'football',
    startedAt: '2024-01-01T00:00:00.000Z',
    finishedAt: '2024-01-01T00:00:01.000Z',
    outcome: 'written',
    teams: 2,
    rosterEntries: 3,
    ...overrides,
  };
}

describeEachBackend('sync log', ({ store }) => {
  it('starts a run as running and finishes it with its counts', async () => {
    const user = await createUser(store().db, 'alice');
    const runId = await startSyncRun(store().db, {
      userId: user.id,
      platform: 'demo',
      trigger: 'cli',
    });
    assert.ok(Number.isInteger(runId) && runId > 0);
    const running = await store().db.selectFrom('sync_runs').selectAll().executeTakeFirstOrThrow();
    assert.equal(running.outcome, 'running');
    assert.equal(running.finished_at, null);
    await finishSyncRun(store().db, runId, {
      outcome: 'partial',
      leaguesFound: 5,
      leaguesWritten: 2,
      leaguesUnchanged: 1,
      leaguesFailed: 2,
      leaguesDetached: 1,
      poolsRefreshed: 1,
      error: '2 leagues failed',
    });
    const row = await store().db.selectFrom('sync_runs').selectAll().executeTakeFirstOrThrow();
    assert.deepEqual(
      [row.outcome, row.leagues_found, row.leagues_written, row.leagues_unchanged],
      ['partial', 5, 2, 1],
    );
    assert.deepEqual(
      [row.leagues_failed, row.leagues_detached, row.pools_refreshed, row.error],
      [2, 1, 1, '2 leagues failed'],
    );
    assert.ok(row.finished_at && row.finished_at >= row.started_at);
  });

  it('reports the latest attempt per league and its latest success', async () => {
    const user = await createUser(store().db, 'alice');
    const { leagueId } = await writeLeagueSnapshot(store(), buildLeagueSnapshot(), {
      userId: user.id,
      accountId: null,
    });
    const run = await startSyncRun(store().db, {
      userId: user.id,
      platform: 'sleeper',
      trigger: 'cli',
    });
    await recordLeagueSync(
      store().db,
      attempt(run, { leagueId, finishedAt: '2024-01-01T00:00:01.000Z' }),
    );
    await recordLeagueSync(
      store().db,
      attempt(run, {
        leagueId,
        outcome: 'unchanged',
        startedAt: '2024-01-02T00:00:00.000Z',
        finishedAt: '2024-01-02T00:00:01.000Z',
      }),
    );
    // The latest attempt failed before reading the league, so it carries no league id.
    await recordLeagueSync(
      store().db,
      attempt(run, {
        outcome: 'failed',
        startedAt: '2024-01-03T00:00:00.000Z',
        finishedAt: '2024-01-03T00:00:01.000Z',
        teams: 0,
        rosterEntries: 0,
        error: 'sleeper: timed out',
      }),
    );
    assert.deepEqual(await listLeagueSyncStatus(store().db), [
      {
        userName: 'alice',
        leagueId,
        platform: 'sleeper',
        platformLeagueKey: '784462448236363776',
        season: 2021,
        sport: 'football',
        name: 'Dynasty Friends',
        lastSyncedAt: '2024-01-02T00:00:01.000Z',
        lastOutcome: 'failed',
        lastError: 'sleeper: timed out',
        lastAttemptAt: '2024-01-03T00:00:00.000Z',
      },
    ]);
  });

  it('lists a league that never synced with no id, name or success', async () => {
    const run = await startSyncRun(store().db, {
      userId: null,
      platform: null,
      trigger: 'schedule',
    });
    await recordLeagueSync(
      store().db,
      attempt(run, { platformLeagueKey: 'broken', outcome: 'failed', error: 'bad payload' }),
    );
    const [status] = await listLeagueSyncStatus(store().db);
    assert.deepEqual(status, {
      leagueId: null,
      platform: 'sleeper',
      platformLeagueKey: 'broken',
      season: 2021,
      sport: 'football',
      lastOutcome: 'failed',
      lastError: 'bad payload',
      lastAttemptAt: '2024-01-01T00:00:00.000Z',
    });
  });

  it('filters by the user whose runs made the attempts, newest season first', async () => {
    const alice = await createUser(store().db, 'alice');
    const bob = await createUser(store().db, 'bob');
    const aliceRun = await startSyncRun(store().db, {
      userId: alice.id,
      platform: 'sleeper',
      trigger: 'cli',
    });
    const bobRun = await startSyncRun(store().db, {
      userId: bob.id,
      platform: 'sleeper',
      trigger: 'cli',
    });
    await recordLeagueSync(store().db, attempt(aliceRun, { platformLeagueKey: 'a', season: 2020 }));
    await recordLeagueSync(store().db, attempt(aliceRun, { platformLeagueKey: 'a', season: 2021 }));
    await recordLeagueSync(store().db, attempt(bobRun, { platformLeagueKey: 'b' }));
    const keys = (statuses: Awaited<ReturnType<typeof listLeagueSyncStatus>>) =>
      statuses.map((s) => `${s.platformLeagueKey}/${s.season}`);
    assert.deepEqual(keys(await listLeagueSyncStatus(store().db, { userId: alice.id })), [
      'a/2021',
      'a/2020',
    ]);
    assert.deepEqual(keys(await listLeagueSyncStatus(store().db, { userId: bob.id })), ['b/2021']);
    // Without a filter: per user (by name), then newest season first.
    assert.deepEqual(keys(await listLeagueSyncStatus(store().db)), ['a/2021', 'a/2020', 'b/2021']);
    // A league two users sync is one row per user.
    await recordLeagueSync(store().db, attempt(bobRun, { platformLeagueKey: 'a' }));
    const shared = (await listLeagueSyncStatus(store().db)).filter(
      (s) => s.platformLeagueKey === 'a' && s.season === 2021,
    );
    assert.deepEqual(
      shared.map((s) => s.userName),
      ['alice', 'bob'],
    );
    assert.deepEqual(await listLeagueSyncStatus(store().db, { userId: 999 }), []);
  });

  it('refuses a league attempt for a run that does not exist', async () => {
    await assert.rejects(recordLeagueSync(store().db, attempt(12345)));
  });
});
