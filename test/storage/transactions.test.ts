// Transactions, drafts and future picks through the real write path (writeLeagueSnapshot) on
// every backend: what is stored and read back, newest-first keyset pages, the filters, the
// replacement with each written snapshot, the unchanged re-sync, a failed write, the checks, and
// the page queries' plans (an index walked in order, never the league's rows sorted).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CompiledQuery, sql } from 'kysely';
import type { TransactionRecord } from '../../src/domain/league-data.ts';
import type { League } from '../../src/domain/records.ts';
import { listDrafts, listFuturePicks } from '../../src/storage/repositories/drafts.ts';
import { getDataSeq, writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import {
  findPlayerNames,
  listTransactionPage,
  transactionPageQuery,
} from '../../src/storage/repositories/transactions.ts';
import type {
  TransactionFilter,
  TransactionKey,
} from '../../src/storage/repositories/transactions.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import type { TestStore } from '../helpers/store.ts';
import {
  UNKNOWN_PLAYER,
  leagueWithActivity,
  manyTransactions,
  sampleActivity,
} from '../helpers/transaction-data.ts';
import { describeEachBackend } from './backends.ts';

const ALL: TransactionFilter = { types: [], limit: 100 };

async function ids(store: TestStore, leagueId: number, filter: TransactionFilter = ALL) {
  const page = await listTransactionPage(store.db, leagueId, filter);
  return page.transactions.map((t) => t.transactionId);
}

/** Every page of a filter, following `next`, as transaction ids. */
async function allPages(store: TestStore, leagueId: number, filter: TransactionFilter) {
  const seen: string[] = [];
  let after: TransactionKey | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await listTransactionPage(store.db, leagueId, {
      ...filter,
      ...(after !== undefined && { after }),
    });
    seen.push(...page.transactions.map((t) => t.transactionId));
    if (page.next === undefined) return seen;
    assert.equal(page.transactions.length, filter.limit, 'only the last page is short');
    after = page.next;
  }
  throw new Error('pages never ended');
}

/** The API's order, computed here independently: occurred_at desc, then transaction_id desc. */
function newestFirst(transactions: readonly TransactionRecord[]): string[] {
  return [...transactions]
    .map((t) => ({ at: new Date(t.occurredAt).toISOString(), id: t.transactionId }))
    .sort((a, b) => (a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.id < b.id ? 1 : -1))
    .map((t) => t.id);
}

describeEachBackend('league transactions and drafts', ({ store, dialect }) => {
  it('stores the snapshot activity and reads it back, newest first', async () => {
    const { leagueId } = await writeLeagueSnapshot(store(), leagueWithActivity());
    const page = await listTransactionPage(store().db, leagueId, ALL);
    assert.equal(page.next, undefined);
    assert.deepEqual(
      page.transactions.map((t) => t.transactionId),
      ['103', '102', '101', '100'],
    );
    const [drop, trade, waiver] = page.transactions;
    assert.deepEqual(trade, {
      ...sampleActivity().transactions[2],
      occurredAt: '2021-09-15T09:30:00.000Z',
    });
    assert.deepEqual(drop, {
      transactionId: '103',
      type: 'drop',
      status: 'pending',
      occurredAt: '2021-09-15T09:30:00.000Z',
      rosterIds: ['2'],
      playerMoves: [{ playerId: '4984', fromRosterId: '2' }],
    });
    assert.equal(waiver?.occurredAt, '2021-09-08T10:00:00.000Z', 'stored in UTC');
    assert.equal(waiver?.faabBid, 17);
    assert.deepEqual(await listDrafts(store().db, leagueId), [
      { ...sampleActivity().drafts[0], startedAt: '2021-08-28T18:00:00.000Z' },
    ]);
    assert.deepEqual(await listFuturePicks(store().db, leagueId), [
      { season: 2022, round: 1, originalRosterId: '1', ownerRosterId: '2' },
      { season: 2022, round: 1, originalRosterId: '2', ownerRosterId: '2' },
      { season: 2022, round: 2, originalRosterId: '2', ownerRosterId: '2' },
    ]);
    const league: League = {
      leagueId,
      platform: 'sleeper',
      sport: 'football',
      season: 2021,
      name: 'Dynasty Friends',
    };
    const names = await findPlayerNames(store().db, league, ['4046', '4984', UNKNOWN_PLAYER]);
    assert.deepEqual([...names].sort(), [
      ['4046', 'Patrick Mahomes'],
      ['4984', 'Josh Allen'],
    ]);
  });

  it('filters by type and by any team a transaction involves', async () => {
    const { leagueId } = await writeLeagueSnapshot(store(), leagueWithActivity());
    assert.deepEqual(await ids(store(), leagueId, { ...ALL, types: ['trade', 'add'] }), [
      '102',
      '100',
    ]);
    assert.deepEqual(await ids(store(), leagueId, { ...ALL, rosterId: '1' }), ['102', '100']);
    // Team 2 is not in the trade's rosterIds, only in its moves.
    assert.deepEqual(await ids(store(), leagueId, { ...ALL, rosterId: '2' }), [
      '103',
      '102',
      '101',
    ]);
    assert.deepEqual(await ids(store(), leagueId, { ...ALL, rosterId: '2', types: ['waiver'] }), [
      '101',
    ]);
    assert.deepEqual(await ids(store(), leagueId, { ...ALL, rosterId: '3' }), []);
  });

  it('pages through thousands of transactions with ties, each once, in order', async () => {
    const transactions = manyTransactions(2001);
    const { leagueId } = await writeLeagueSnapshot(
      store(),
      leagueWithActivity(sampleActivity({ transactions, drafts: [], futurePicks: [] })),
    );
    const expected = newestFirst(transactions);
    assert.deepEqual(await allPages(store(), leagueId, { types: [], limit: 100 }), expected);
    // Odd page sizes split the pairs sharing an instant across pages.
    const team = await allPages(store(), leagueId, { types: [], limit: 37, rosterId: '2' });
    assert.deepEqual(
      team,
      expected.filter((id) => Number(id.slice(1)) % 2 === 1),
    );
    const waivers = await allPages(store(), leagueId, { types: ['waiver'], limit: 33 });
    assert.deepEqual(
      waivers,
      expected.filter((id) => Number(id.slice(1)) % 3 === 0),
    );
  });

  it('walks an index in order for a page, with and without a team', async () => {
    const transactions = manyTransactions(3000);
    const { leagueId } = await writeLeagueSnapshot(
      store(),
      leagueWithActivity(sampleActivity({ transactions })),
    );
    const after = { occurredAt: '2021-09-01T12:00:00.000Z', transactionId: 't01440' };
    const filters: TransactionFilter[] = [
      { types: [], limit: 25 },
      { types: ['add', 'trade'], limit: 25, after },
      { types: [], limit: 25, rosterId: '1', after },
    ];
    for (const filter of filters) {
      const compiled = transactionPageQuery(store().db, leagueId, filter).compile();
      const what = JSON.stringify(filter);
      if (dialect === 'sqlite') {
        const { rows } = await store().db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
        );
        const plan = rows.map((row) => row.detail).join('\n');
        assert.match(
          plan,
          /USING (COVERING )?INDEX (league_transactions_newest|sqlite_autoindex_league_transaction_rosters_1)/,
          `${what}\n${plan}`,
        );
        assert.doesNotMatch(plan, /TEMP B-TREE/, `${what}: sorted, not walked in order\n${plan}`);
        assert.doesNotMatch(plan, /^SCAN league_transactions$/m, `${what}\n${plan}`);
      } else {
        await sql`analyze league_transactions`.execute(store().db);
        await sql`analyze league_transaction_rosters`.execute(store().db);
        const { rows } = await store().db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        assert.match(plan, /Index (Only )?Scan/, `${what}\n${plan}`);
        assert.doesNotMatch(plan, /Sort|Seq Scan on league_transactions/, `${what}\n${plan}`);
      }
    }
  });

  it('replaces the activity with each written snapshot, and keeps it on an unchanged one', async () => {
    const user = await createUser(store().db, 'alice');
    const member = { userId: user.id, accountId: null };
    const { leagueId } = await writeLeagueSnapshot(store(), leagueWithActivity(), member);
    const seq = await getDataSeq(store().db);
    // The same activity listed in another order is the same league: nothing is written.
    const reordered = sampleActivity();
    reordered.transactions.reverse();
    reordered.futurePicks.reverse();
    const again = await writeLeagueSnapshot(store(), leagueWithActivity(reordered), member);
    assert.deepEqual(again, { leagueId, outcome: 'unchanged' });
    assert.equal(await getDataSeq(store().db), seq);

    const changed = sampleActivity();
    changed.transactions = changed.transactions.slice(0, 2);
    changed.drafts = [];
    changed.futurePicks = [{ season: 2023, round: 1, originalRosterId: '2', ownerRosterId: '1' }];
    const written = await writeLeagueSnapshot(store(), leagueWithActivity(changed), member);
    assert.deepEqual(written, { leagueId, outcome: 'written' });
    assert.ok((await getDataSeq(store().db)) > seq);
    assert.deepEqual(await ids(store(), leagueId), ['101', '100']);
    assert.deepEqual(await ids(store(), leagueId, { ...ALL, rosterId: '1' }), ['100']);
    assert.deepEqual(await listDrafts(store().db, leagueId), []);
    assert.deepEqual(await listFuturePicks(store().db, leagueId), changed.futurePicks);

    // A connector that fetches no activity leaves the league with none.
    const { activity: _none, ...bare } = leagueWithActivity();
    await writeLeagueSnapshot(store(), bare, member);
    assert.deepEqual(await ids(store(), leagueId), []);
    assert.deepEqual(await listFuturePicks(store().db, leagueId), []);
  });

  it('leaves the previous activity whole when the database fails mid-write', async () => {
    const { leagueId } = await writeLeagueSnapshot(store(), leagueWithActivity());
    const before = await readActivity(store(), leagueId);
    // A trigger fails the last insert of the write: the future picks, after the transactions.
    if (dialect === 'sqlite') {
      await sql`create trigger fail_pick before insert on league_future_picks
        when new.season = 2099 begin select raise(abort, 'injected failure'); end`.execute(
        store().db,
      );
    } else {
      await sql`create function fail_pick() returns trigger language plpgsql as $$
        begin if new.season = 2099 then raise exception 'injected failure'; end if;
        return new; end $$`.execute(store().db);
      await sql`create trigger fail_pick before insert on league_future_picks
        for each row execute function fail_pick()`.execute(store().db);
    }
    const failing = sampleActivity();
    failing.transactions = failing.transactions.slice(1);
    failing.futurePicks.push({ season: 2099, round: 1, originalRosterId: '1', ownerRosterId: '1' });
    await assert.rejects(
      writeLeagueSnapshot(store(), leagueWithActivity(failing)),
      /injected failure/,
    );
    assert.deepEqual(await readActivity(store(), leagueId), before);
  });

  it('deletes the activity with its league', async () => {
    const { leagueId } = await writeLeagueSnapshot(store(), leagueWithActivity());
    await store().db.deleteFrom('leagues').where('id', '=', leagueId).execute();
    for (const table of [
      'league_transactions',
      'league_transaction_rosters',
      'league_drafts',
      'league_future_picks',
    ] as const) {
      const rows = await store().db.selectFrom(table).select('league_id').execute();
      assert.deepEqual(rows, [], table);
    }
  });
});

async function readActivity(store: TestStore, leagueId: number) {
  return {
    transactions: await listTransactionPage(store.db, leagueId, ALL),
    team2: await ids(store, leagueId, { ...ALL, rosterId: '2' }),
    drafts: await listDrafts(store.db, leagueId),
    futurePicks: await listFuturePicks(store.db, leagueId),
  };
}
