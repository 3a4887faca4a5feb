// A sync asked for over HTTP is answered by its accounts' next syncs, whoever runs them (the
// engine tells the requests waiting on an account): counters and outcomes add up over accounts;
// a failed attempt that will be retried leaves it waiting; a run that died or was stopped makes
// it 'interrupted'; an account unlinked before its sync makes it fail.
import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { it } from 'node:test';
import { seasonsBetween } from '../../src/domain/seasons.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import type { LinkedAccount } from '../../src/storage/repositories/accounts.ts';
import { unlinkAccount } from '../../src/storage/repositories/removals.ts';
import {
  NO_ACCOUNT_PROGRESS,
  createSyncRequest,
  findSyncRequest,
  recordAccountProgress,
} from '../../src/storage/repositories/sync-requests.ts';
import { startSyncRun } from '../../src/storage/repositories/syncs.ts';
import {
  createWebhookEndpoint,
  listWebhookEvents,
} from '../../src/storage/repositories/webhooks.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { syncAccount } from '../../src/sync/engine.ts';
import { sweepInterruptedRuns } from '../../src/sync/run-lease.ts';
import type { SyncOptions } from '../../src/sync/types.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import type { TestStore } from '../helpers/store.ts';
import { describeEachBackend } from '../storage/backends.ts';
import { createScriptedConnector } from './scripted-connector.ts';
import type { ScriptedConnector } from './scripted-connector.ts';

const OPTIONS: SyncOptions = {
  sports: [],
  seasons: [],
  supportedSeasons: seasonsBetween(2017, 2021),
  trigger: 'cli',
};

interface World {
  store: TestStore;
  userId: number;
  sleeper: LinkedAccount;
  espn: LinkedAccount;
  connectors: { sleeper: ScriptedConnector; espn: ScriptedConnector };
}

async function world(store: TestStore): Promise<World> {
  const userId = (await createUser(store.db, 'alice')).id;
  const link = (platform: 'sleeper' | 'espn') =>
    linkAccount(store.db, { userId, platform, externalUserId: `${platform}-A` });
  const connectors = {
    sleeper: createScriptedConnector('sleeper'),
    espn: createScriptedConnector('espn'),
  };
  connectors.sleeper.leagues.set('sleeper-A', [
    buildLeagueSnapshot({ platformLeagueKey: '100' }),
    buildLeagueSnapshot({ platformLeagueKey: '101' }),
  ]);
  return { store, userId, sleeper: await link('sleeper'), espn: await link('espn'), connectors };
}

describeEachBackend('sync requests answered by the engine', ({ store }) => {
  it('adds up the syncs of its accounts, whichever process runs them', async () => {
    const w = await world(store());
    const asked = await createSyncRequest(w.store, {
      userId: w.userId,
      accounts: [w.sleeper, w.espn],
    });
    assert.equal(asked.status, 'running');
    assert.deepEqual([asked.progress.accountsTotal, asked.progress.accountsDone], [2, 0]);

    await syncAccount(w.store, w.connectors.sleeper, w.sleeper, OPTIONS);
    const half = await findSyncRequest(w.store.db, asked.id);
    assert.equal(half?.status, 'running');
    assert.deepEqual(
      [half?.progress.accountsDone, half?.progress.leaguesFound, half?.progress.leaguesWritten],
      [1, 2, 2],
    );

    w.connectors.espn.listFailure = new Error('ESPN is down');
    await syncAccount(w.store, w.connectors.espn, w.espn, OPTIONS);
    const done = await findSyncRequest(w.store.db, asked.id);
    assert.equal(done?.status, 'partial');
    assert.match(done?.error ?? '', /^espn: .*ESPN is down$/);
    assert.equal(done?.progress.accountsDone, 2);
    assert.ok(done?.finishedAt);

    // Ended: a later sync of the account answers only requests made since.
    const later = await createSyncRequest(w.store, { userId: w.userId, accounts: [w.sleeper] });
    await syncAccount(w.store, w.connectors.sleeper, w.sleeper, OPTIONS);
    assert.deepEqual(await findSyncRequest(w.store.db, asked.id), done);
    const laterDone = await findSyncRequest(w.store.db, later.id);
    // 2021 is over and was synced in full: left alone, 'unchanged', which a request calls ok. Its
    // two leagues are still the account's: found, none written, both unchanged, as the event says.
    assert.equal(laterDone?.status, 'ok');
    assert.deepEqual(
      [
        laterDone?.progress.accountsDone,
        laterDone?.progress.leaguesFound,
        laterDone?.progress.leaguesWritten,
        laterDone?.progress.leaguesUnchanged,
      ],
      [1, 2, 0, 2],
    );
  });

  it('counts a run the same on the request and in its sync.finished event', async () => {
    const w = await world(store());
    await createWebhookEndpoint(w.store.db, {
      url: 'http://127.0.0.1:1/hooks',
      events: ['sync.finished'],
      secretEncrypted: 'unused: nothing is delivered here',
    });
    await syncAccount(w.store, w.connectors.sleeper, w.sleeper, OPTIONS);
    // Again, with 2021 over and synced in full: nothing is asked, nothing changes.
    const asked = await createSyncRequest(w.store, { userId: w.userId, accounts: [w.sleeper] });
    await syncAccount(w.store, w.connectors.sleeper, w.sleeper, OPTIONS);
    const request = await findSyncRequest(w.store.db, asked.id);
    const events = await listWebhookEvents(w.store.db, { userId: w.userId, type: 'sync.finished' });
    const last = JSON.parse(events.at(-1)?.payload ?? '{}') as { data: Record<string, unknown> };
    assert.equal(last.data.outcome, 'unchanged');
    assert.equal(request?.status, 'ok');
    assert.deepEqual(
      [
        request?.progress.leaguesFound,
        request?.progress.leaguesWritten,
        request?.progress.leaguesUnchanged,
        request?.progress.leaguesFailed,
      ],
      [
        last.data.leagues_found,
        last.data.leagues_written,
        last.data.leagues_unchanged,
        last.data.leagues_failed,
      ],
    );
    assert.equal(last.data.leagues_found, 2);
  });

  it('waits through a failed attempt that will be tried again', async () => {
    const w = await world(store());
    const asked = await createSyncRequest(w.store, { userId: w.userId, accounts: [w.sleeper] });
    w.connectors.sleeper.listFailure = new Error('Sleeper is down');
    await syncAccount(w.store, w.connectors.sleeper, w.sleeper, {
      ...OPTIONS,
      retriedOnFailure: true,
    });
    assert.equal((await findSyncRequest(w.store.db, asked.id))?.status, 'running');
    delete w.connectors.sleeper.listFailure;
    await syncAccount(w.store, w.connectors.sleeper, w.sleeper, {
      ...OPTIONS,
      retriedOnFailure: true,
    });
    const done = await findSyncRequest(w.store.db, asked.id);
    assert.equal(done?.status, 'ok', done?.error);
    assert.equal(done?.progress.leaguesWritten, 2);
  });

  it('is interrupted when the run serving it died, or was stopped', async () => {
    const w = await world(store());
    const asked = await createSyncRequest(w.store, { userId: w.userId, accounts: [w.sleeper] });
    // A run of a process of this host that is gone took it, then never ended.
    const dead = await startSyncRun(w.store.db, {
      userId: w.userId,
      platform: 'sleeper',
      trigger: 'api',
      owner: `${hostname()}:999999999`,
    });
    await recordAccountProgress(w.store.db, w.sleeper.id, dead, NO_ACCOUNT_PROGRESS);
    assert.equal((await findSyncRequest(w.store.db, asked.id))?.status, 'running');
    await sweepInterruptedRuns(w.store.db);
    const interrupted = await findSyncRequest(w.store.db, asked.id);
    assert.equal(interrupted?.status, 'interrupted');
    assert.equal(interrupted?.error, 'sleeper: the process running it stopped');

    const stopped = await createSyncRequest(w.store, { userId: w.userId, accounts: [w.espn] });
    const controller = new AbortController();
    controller.abort();
    await syncAccount(w.store, w.connectors.espn, w.espn, {
      ...OPTIONS,
      signal: controller.signal,
    });
    assert.equal((await findSyncRequest(w.store.db, stopped.id))?.status, 'interrupted');
  });

  it('fails for an account unlinked before its sync', async () => {
    const w = await world(store());
    const asked = await createSyncRequest(w.store, { userId: w.userId, accounts: [w.espn] });
    assert.ok(await unlinkAccount(w.store, w.userId, 'espn'));
    const failed = await findSyncRequest(w.store.db, asked.id);
    assert.equal(failed?.status, 'failed');
    assert.equal(failed?.error, 'espn: unlinked before it was synced');
  });
});
