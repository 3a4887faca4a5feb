// league.updated from full syncs: a sync that changes a stored league's scores, lineups, rosters
// or transactions records one event (source `sync`) naming those parts, in the league's write
// transaction; an unchanged league, a league's first sync and a change to none of those parts
// record none; scores a live refresh already wrote (and reported) are no change to the next sync.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { seasonsBetween } from '../../src/domain/seasons.ts';
import type { LeagueSnapshot } from '../../src/domain/records.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import {
  createWebhookEndpoint,
  listWebhookEvents,
} from '../../src/storage/repositories/webhooks.ts';
import { syncUser } from '../../src/sync/engine.ts';
import { writeLivePeriodAndReport } from '../../src/sync/webhook-events.ts';
import { buildGameLeagueSnapshot } from '../helpers/game-data.ts';
import type { TestStore } from '../helpers/store.ts';
import { buildActivity } from '../helpers/team-data.ts';
import { sampleTransactions } from '../helpers/transaction-data.ts';
import { describeEachBackend } from '../storage/backends.ts';
import { createScriptedConnector } from './scripted-connector.ts';

const CONTRACT = seasonsBetween(2017, 2021);
// Within the 2021 season, so its league is fetched at every sync (not kept as final).
const IN_SEASON = () => new Date(Date.UTC(2021, 9, 15));

function baseLeague(): LeagueSnapshot {
  return buildGameLeagueSnapshot({
    activity: buildActivity({ transactions: sampleTransactions().slice(0, 2) }),
  });
}

describeEachBackend('league.updated from full syncs', ({ store }) => {
  async function setUp(options: { subscribe?: boolean } = {}) {
    const s: TestStore = store();
    const user = await createUser(s.db, 'alice');
    await linkAccount(s.db, { userId: user.id, platform: 'sleeper', externalUserId: 'id-alice' });
    if (options.subscribe !== false) {
      await createWebhookEndpoint(s.db, {
        url: 'https://hooks.example.com/x',
        events: ['league.updated'],
        secretEncrypted: 'not read here',
      });
    }
    const connector = createScriptedConnector();
    const serve = (snapshot: LeagueSnapshot) => connector.leagues.set('id-alice', [snapshot]);
    const syncLeague = async (snapshot: LeagueSnapshot) => {
      serve(snapshot);
      const summary = await syncUser(
        s,
        { sleeper: connector },
        {
          userId: user.id,
          sports: [],
          seasons: CONTRACT,
          supportedSeasons: CONTRACT,
          trigger: 'test',
          now: IN_SEASON,
        },
      );
      return summary.accounts[0]?.leagues[0];
    };
    const sync = async (snapshot: LeagueSnapshot) => {
      const league = await syncLeague(snapshot);
      assert.notEqual(league?.outcome, 'failed', league?.error);
      return league;
    };
    const updates = async () =>
      (await listWebhookEvents(s.db, { userId: user.id, type: 'league.updated' })).map(
        (e) => (JSON.parse(e.payload) as { data: Record<string, unknown> }).data,
      );
    return { s, userId: user.id, sync, syncLeague, updates };
  }

  it('records nothing for a league first synced, nor for a sync that changes nothing', async () => {
    const { sync, updates } = await setUp();
    assert.equal((await sync(baseLeague()))?.outcome, 'written');
    assert.deepEqual(await updates(), [], 'a new league is not an update');
    assert.equal((await sync(baseLeague()))?.outcome, 'unchanged');
    assert.deepEqual(await updates(), []);
  });

  it('names rosters for a player on another team, transactions for a new one', async () => {
    const { sync, updates, userId } = await setUp();
    const first = await sync(baseLeague());
    const moved = baseLeague();
    moved.rosterEntries = moved.rosterEntries.map((e) =>
      e.playerId === 'DET' ? { ...e, rosterId: '2' } : e,
    );
    assert.equal((await sync(moved))?.outcome, 'written');
    assert.deepEqual(await updates(), [
      {
        league_id: first?.leagueId,
        platform: 'sleeper',
        sport: 'football',
        season: 2021,
        changed: ['rosters'],
        user_ids: [userId],
        source: 'sync',
      },
    ]);
    const traded = structuredClone(moved);
    traded.activity?.transactions.push(sampleTransactions()[2]!);
    await sync(traded);
    assert.deepEqual(
      (await updates()).map((data) => data.changed),
      [['rosters'], ['transactions']],
    );
    // A transaction changed (its bid), not added, is a change too.
    const rebid = structuredClone(traded);
    const waiver = rebid.activity?.transactions.find((t) => t.transactionId === '101');
    if (waiver) waiver.faabBid = 18;
    await sync(rebid);
    assert.deepEqual((await updates()).at(-1)?.changed, ['transactions']);
  });

  it('names scores and lineups, each once, and nothing for a change to none of the parts', async () => {
    const { sync, updates } = await setUp();
    const changes = async () => (await updates()).map((data) => data.changed);
    await sync(baseLeague());
    // A matchup's score alone.
    const scored = baseLeague();
    const game = scored.activity?.matchups.find((m) => m.period === 3);
    if (game) game.sides = game.sides.map((side) => ({ ...side, score: 12.5 }));
    await sync(scored);
    assert.deepEqual(await changes(), [['scores']]);
    // A player's points alone, in a period's lineup.
    const pointed = structuredClone(scored);
    const week2 = pointed.game?.lineups?.find((l) => l.period === 2 && l.rosterId === '1');
    if (week2?.entries[0]) week2.entries[0].points = 101.5;
    await sync(pointed);
    assert.deepEqual((await changes()).at(-1), ['scores']);
    // Two players trading slots, their points kept.
    const swapped = structuredClone(pointed);
    const lineup = swapped.game?.lineups?.find((l) => l.period === 2 && l.rosterId === '1');
    const [qb, def] = lineup?.entries ?? [];
    if (lineup && qb && def) {
      lineup.entries = [
        { ...qb, slot: def.slot, platformSlot: def.platformSlot },
        { ...def, slot: qb.slot, platformSlot: qb.platformSlot },
      ];
    }
    await sync(swapped);
    assert.deepEqual((await changes()).at(-1), ['lineups']);
    // The current lineup: everyone benched.
    const benched = structuredClone(swapped);
    const slots = benched.game?.currentLineup ?? [];
    benched.game = {
      ...benched.game,
      currentLineup: slots.map((slot) => ({ ...slot, slot: 'BN' })),
    };
    await sync(benched);
    assert.deepEqual((await changes()).at(-1), ['lineups']);

    const renamed = structuredClone(benched);
    renamed.name = 'Dynasty Friends, renamed';
    assert.equal((await sync(renamed))?.outcome, 'written');
    assert.equal((await changes()).length, 4, 'a new name is none of the parts');
  });

  it('sends no scores from a sync bringing the scores a live refresh already wrote', async () => {
    const { s, sync, updates, userId } = await setUp();
    const first = await sync(baseLeague());
    const leagueId = first?.leagueId ?? 0;
    const live = baseLeague();
    const game = live.activity?.matchups.find((m) => m.period === 3);
    if (game) game.sides = game.sides.map((side, i) => ({ ...side, score: 20 + i }));
    const week3 = [
      {
        period: 3,
        rosterId: '1',
        points: 20,
        entries: [{ playerId: '4046', slot: 'QB' as const, platformSlot: 'QB', points: 20 }],
      },
    ];
    live.game = { ...live.game, lineups: [...(live.game?.lineups ?? []), ...week3] };
    const changed = await writeLivePeriodAndReport(s, {
      leagueId,
      platform: 'sleeper',
      sport: 'football',
      season: 2021,
      period: 3,
      matchups: live.activity?.matchups.filter((m) => m.period === 3) ?? [],
      lineups: week3,
      userIds: [userId],
    });
    assert.deepEqual(changed, ['lineups', 'scores']);
    // The live write left the league's content hash as the first sync made it: the sync rewrites
    // the league, and finds its scores and lineups as the live refresh stored them.
    assert.equal((await sync(live))?.outcome, 'written');
    assert.deepEqual(
      (await updates()).map((data) => [data.source, data.changed]),
      [['live', ['lineups', 'scores']]],
    );
    // The same sync with a new transaction as well: that part alone.
    const traded = structuredClone(live);
    traded.activity?.transactions.push(sampleTransactions()[2]!);
    await sync(traded);
    assert.deepEqual((await updates()).at(-1)?.changed, ['transactions']);
    assert.equal((await updates()).length, 2);
  });

  it('names every member, records under the first, and leaves no league write without its event', async () => {
    const { s, sync, syncLeague, updates, userId } = await setUp();
    const bob = await createUser(s.db, 'bob');
    const first = await sync(baseLeague());
    await s.db
      .insertInto('league_members')
      .values({
        league_id: first?.leagueId ?? 0,
        user_id: bob.id,
        account_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const moved = baseLeague();
    moved.rosterEntries = moved.rosterEntries.filter((e) => e.playerId !== 'DET');
    await failInsertsInto(s, 'webhook_events', true);
    try {
      assert.equal((await syncLeague(moved))?.outcome, 'failed');
    } finally {
      await failInsertsInto(s, 'webhook_events', false);
    }
    const stored = await s.db
      .selectFrom('roster_entries')
      .select('player_id')
      .where('league_id', '=', first?.leagueId ?? 0)
      .execute();
    assert.ok(
      stored.some((row) => row.player_id === 'DET'),
      'the write went with its event',
    );
    await sync(moved);
    assert.deepEqual(
      (await updates()).map((data) => [data.changed, data.user_ids]),
      [[['rosters'], [userId, bob.id].sort((a, b) => a - b)]],
    );
  });

  it('records nothing when no endpoint takes league.updated', async () => {
    const { s, sync } = await setUp({ subscribe: false });
    await sync(baseLeague());
    const moved = baseLeague();
    moved.rosterEntries = moved.rosterEntries.filter((e) => e.playerId !== 'DET');
    assert.equal((await sync(moved))?.outcome, 'written');
    const events = await s.db.selectFrom('webhook_events').select('id').execute();
    assert.deepEqual(events, []);
  });
});

/** A trigger that makes every insert into `table` fail (on), or none (off). */
async function failInsertsInto(store: TestStore, table: string, on: boolean): Promise<void> {
  const name = sql.raw(`fail_insert_${table}`);
  const target = sql.raw(table);
  if (store.dialect === 'sqlite') {
    await sql`drop trigger if exists ${name}`.execute(store.db);
    if (on) {
      await sql`create trigger ${name} before insert on ${target}
        begin select raise(abort, 'refused by the test'); end`.execute(store.db);
    }
    return;
  }
  await sql`drop trigger if exists ${name} on ${target}`.execute(store.db);
  if (on) {
    await sql`create or replace function refuse_by_test() returns trigger language plpgsql as
      $$ begin raise exception 'refused by the test'; end $$`.execute(store.db);
    await sql`create trigger ${name} before insert on ${target}
      for each row execute function refuse_by_test()`.execute(store.db);
  }
}
