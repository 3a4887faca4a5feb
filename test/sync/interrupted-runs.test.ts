// A sync whose process dies mid-run must not stay 'running' forever: the next sync (or serve)
// marks it 'interrupted', and a new sync of the same account runs as usual.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { listLatestUnfinishedRuns, startSyncRun } from '../../src/storage/repositories/syncs.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { syncUser } from '../../src/sync/engine.ts';
import {
  STALE_AFTER_MS,
  keepRunAlive,
  runOwner,
  sweepInterruptedRuns,
} from '../../src/sync/run-lease.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { createScriptedConnector } from './scripted-connector.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'hung-sync.child.ts');

/** Starts the hung sync in a child process and kills it (SIGKILL) once the run is under way. */
function killMidSync(store: TestStore, userId: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CHILD, JSON.stringify(store.options), String(userId)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('running')) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(child.pid as number);
      else reject(new Error(`the child ended on its own: ${stderr}`));
    });
  });
}

for (const dialect of testBackends()) {
  describe(`sync runs whose process died (${dialect})`, () => {
    let store: TestStore;
    let alice: number;
    const runs = () => store.db.selectFrom('sync_runs').selectAll().orderBy('id').execute();

    before(async () => {
      store = await createTestStore(dialect);
      alice = (await createUser(store.db, 'alice')).id;
      await linkAccount(store.db, {
        userId: alice,
        platform: 'sleeper',
        externalUserId: 'A',
        username: 'alice_s',
      });
    });
    after(() => store.destroy());

    it('a sync killed mid-run shows as interrupted, and the next sync runs as usual', async () => {
      const pid = await killMidSync(store, alice);
      const [killed] = await runs();
      assert.equal(killed?.outcome, 'running', 'the killed run could not record its end');
      assert.equal(killed?.owner, `${hostname()}:${pid}`);
      // Until a sweep, it is listed as the account's unfinished run.
      const before = await listLatestUnfinishedRuns(store.db, { userId: alice });
      assert.deepEqual(
        before.map((r) => [r.id, r.outcome]),
        [[killed?.id, 'running']],
      );

      const connector = createScriptedConnector('sleeper');
      connector.leagues.set('A', [buildLeagueSnapshot({ platformLeagueKey: '100' })]);
      const summary = await syncUser(
        store,
        { sleeper: connector },
        {
          userId: alice,
          sports: [],
          seasons: [],
          supportedSeasons: seasonsBetween(2017, 2021),
          trigger: 'cli',
        },
      );
      assert.equal(summary.outcome, 'ok');
      assert.equal(summary.leaguesWritten, 1);
      const [first, second] = await runs();
      assert.equal(first?.outcome, 'interrupted');
      assert.match(
        first?.error ?? '',
        new RegExp(`pid ${pid} on .* stopped before the run finished`),
      );
      assert.ok(first?.finished_at, 'an interrupted run has an end: its last sign of life');
      assert.equal(second?.outcome, 'ok');
      // The finished run supersedes the interrupted one: nothing is left unexplained.
      assert.deepEqual(await listLatestUnfinishedRuns(store.db, { userId: alice }), []);
    });

    it('a run of another host is interrupted only once its heartbeat is stale', async () => {
      const fresh = await startSyncRun(store.db, {
        userId: alice,
        platform: 'sleeper',
        trigger: 'schedule',
        owner: 'another-host:4242',
      });
      assert.equal(await sweepInterruptedRuns(store.db), 0, 'alive: heartbeat just renewed');
      const later = Date.now() + STALE_AFTER_MS + 1_000;
      assert.equal(await sweepInterruptedRuns(store.db, later), 1);
      const row = (await runs()).find((r) => r.id === fresh);
      assert.equal(row?.outcome, 'interrupted');
      assert.match(
        row?.error ?? '',
        /no sign of life from its process \(pid 4242 on another-host\)/,
      );
    });

    it('a live run of this host is left alone and keeps its heartbeat fresh', async () => {
      const live = await startSyncRun(store.db, {
        userId: alice,
        platform: 'espn',
        trigger: 'cli',
        owner: runOwner(),
      });
      const beat = async () => (await runs()).find((r) => r.id === live)?.heartbeat_at ?? '';
      const first = await beat();
      const stop = keepRunAlive(store.db, live, 20);
      await new Promise((resolve) => setTimeout(resolve, 120));
      stop();
      assert.ok((await beat()) > first, 'the heartbeat moved on');
      assert.equal(await sweepInterruptedRuns(store.db), 0);
      const unfinished = await listLatestUnfinishedRuns(store.db, { userId: alice });
      // The sleeper run marked in the test before is the account's latest: listed too.
      assert.deepEqual(
        unfinished.map((r) => [r.platform, r.outcome, r.userName]),
        [
          ['sleeper', 'interrupted', 'alice'],
          ['espn', 'running', 'alice'],
        ],
      );
    });
  });
}
