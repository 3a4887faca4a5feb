// The game's store (migration 019): rules, lineups, the current lineup, injuries and seasons are
// written with the league in its one transaction; a part the snapshot leaves out is kept, only
// the lineup periods it lists are replaced, a bad game is refused whole, and the final periods
// are those whose matchups are all final.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Store } from '../../src/storage/db.ts';
import { InvalidInputError } from '../../src/domain/errors.ts';
import {
  findFinalLineupPeriods,
  findInjuries,
  findLeagueRules,
  listLeagueSeasons,
  listLineups,
} from '../../src/storage/repositories/game-reads.ts';
import { findLeagueForUser } from '../../src/storage/repositories/leagues.ts';
import { writeLeagueSnapshot, writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import {
  buildGame,
  buildGameLeagueSnapshot,
  buildLineups,
  buildRules,
} from '../helpers/game-data.ts';
import { buildPlayerPool } from '../helpers/records.ts';
import { buildActivity, buildMatchups } from '../helpers/team-data.ts';
import { describeEachBackend } from './backends.ts';
import { readStoreState } from './state.ts';

async function readGame(store: Store, leagueId: number) {
  return {
    rules: await findLeagueRules(store.db, leagueId),
    week1: await listLineups(store.db, leagueId, 1),
    week2: await listLineups(store.db, leagueId, 2),
    current: await listLineups(store.db, leagueId, 0),
  };
}

async function setUp(store: Store) {
  const user = await createUser(store.db, 'alice');
  const { leagueId } = await writeLeagueSnapshot(store, buildGameLeagueSnapshot(), {
    userId: user.id,
    accountId: null,
  });
  const league = await findLeagueForUser(store.db, user.id, leagueId);
  assert.ok(league);
  return { userId: user.id, leagueId, league };
}

describeEachBackend('the game', ({ store }) => {
  it('writes rules, lineups, the current lineup, injuries and seasons, and reads them back', async () => {
    const { userId, leagueId, league } = await setUp(store());
    const game = await readGame(store(), leagueId);
    assert.deepEqual(game.rules, buildRules());
    assert.deepEqual(
      [...game.week1, ...game.week2],
      buildLineups().map((l) => ({ ...l })),
    );
    // Team totals equal the matchups' scores for the same week, to the platform's precision.
    for (const matchup of buildMatchups()) {
      for (const side of matchup.sides) {
        const lineup = (await listLineups(store().db, leagueId, matchup.period, side.rosterId))[0];
        assert.equal(lineup?.points, side.score);
      }
    }
    assert.deepEqual(game.current, [
      {
        period: 0,
        rosterId: '1',
        entries: [
          { playerId: '4046', slot: 'QB', platformSlot: 'QB' },
          { playerId: 'DET', slot: 'BN', platformSlot: 'BN' },
        ],
      },
      { period: 0, rosterId: '2', entries: [{ playerId: '4984', slot: 'IR', platformSlot: 'IR' }] },
    ]);
    const injuries = await findInjuries(store().db, league, ['4046', '4984', 'DET']);
    assert.deepEqual(Object.fromEntries(injuries), {
      '4046': { playerId: '4046', status: 'out', designation: 'Out' },
      '4984': { playerId: '4984', status: 'questionable', designation: 'Q', note: 'Ankle' },
    });
    assert.deepEqual(await listLeagueSeasons(store().db, userId, leagueId), [
      { season: 2020, platformLeagueKey: '600000000000000001' },
      { season: 2021, platformLeagueKey: '784462448236363776', leagueId },
    ]);
  });

  it('keeps the parts a snapshot leaves out, and replaces only the lineup periods it lists', async () => {
    const { leagueId } = await setUp(store());
    const week2 = buildLineups().filter((l) => l.period === 2);
    const changed = week2.map((l) => (l.rosterId === '2' ? { ...l, points: 100.25 } : l));
    const written = await writeLeagueSnapshot(
      store(),
      buildGameLeagueSnapshot({ game: { lineups: changed } }),
    );
    assert.equal(written.outcome, 'written');
    const game = await readGame(store(), leagueId);
    assert.deepEqual(game.rules, buildRules());
    assert.deepEqual(
      game.week1,
      buildLineups().filter((l) => l.period === 1),
    );
    assert.deepEqual(game.week2, changed);
    assert.equal(game.current.length, 2);

    // No game at all: everything stored is kept.
    await writeLeagueSnapshot(store(), buildGameLeagueSnapshot({ game: undefined }));
    assert.deepEqual(await readGame(store(), leagueId), game);

    // Empty lists replace: no injuries listed, no current lineup.
    await writeLeagueSnapshot(
      store(),
      buildGameLeagueSnapshot({ game: { injuries: [], currentLineup: [] } }),
    );
    assert.deepEqual(await listLineups(store().db, leagueId, 0), []);
  });

  it('writes nothing when a later sync lists only the periods not final, unchanged', async () => {
    await setUp(store());
    const before = await readStoreState(store());
    const week2 = buildLineups().filter((l) => l.period === 2);
    for (const lineups of [week2, []]) {
      const written = await writeLeagueSnapshot(
        store(),
        buildGameLeagueSnapshot({ game: { ...buildGame(), lineups } }),
      );
      assert.equal(written.outcome, 'unchanged', `${lineups.length} lineups listed`);
    }
    assert.deepEqual(await readStoreState(store()), before);
    // A listed period that differs from the stored one is a change.
    const moved = week2.map((l) => (l.rosterId === '1' ? { ...l, projectedPoints: 1.5 } : l));
    const written = await writeLeagueSnapshot(
      store(),
      buildGameLeagueSnapshot({ game: { ...buildGame(), lineups: moved } }),
    );
    assert.equal(written.outcome, 'written');
  });

  it('writes nothing for an identical game, and refuses a bad one whole', async () => {
    await setUp(store());
    const before = await readStoreState(store());
    assert.equal(
      (await writeLeagueSnapshot(store(), buildGameLeagueSnapshot())).outcome,
      'unchanged',
    );
    assert.deepEqual(await readStoreState(store()), before);
    const bad: [string, ReturnType<typeof buildGame>][] = [
      ['unknown team', buildGame({ lineups: [{ period: 1, rosterId: '99', entries: [] }] })],
      [
        'unknown slot',
        buildGame({
          currentLineup: [
            { rosterId: '1', playerId: '4046', slot: 'XX' as 'QB', platformSlot: 'X' },
          ],
        }),
      ],
      [
        'injury status',
        buildGame({ injuries: [{ playerId: '1', status: 'sore' as 'out', designation: 'S' }] }),
      ],
      ['points', buildGame({ lineups: [{ period: 1, rosterId: '1', points: NaN, entries: [] }] })],
      ['duplicate lineup', buildGame({ lineups: [...buildLineups(), buildLineups()[0]!] })],
      [
        'duplicate slot',
        buildGame({
          currentLineup: [
            { rosterId: '1', playerId: '4046', slot: 'QB', platformSlot: 'QB' },
            { rosterId: '1', playerId: '4046', slot: 'BN', platformSlot: 'BN' },
          ],
        }),
      ],
      ['period 0', buildGame({ lineups: [{ period: 0, rosterId: '1', entries: [] }] })],
      [
        'rules',
        buildGame({
          rules: { ...buildRules(), rosterSlots: [{ slot: 'QB', platformSlot: '', count: 1 }] },
        }),
      ],
    ];
    for (const [what, game] of bad) {
      await assert.rejects(
        writeLeagueSnapshot(store(), buildGameLeagueSnapshot({ name: 'Renamed', game })),
        InvalidInputError,
        what,
      );
    }
    await assert.rejects(
      writeLeagueSnapshot(
        store(),
        buildGameLeagueSnapshot({
          players: [
            {
              playerId: '4046',
              fullName: 'P',
              active: true,
              injury: { status: 'x' as 'out', designation: 'X' },
            },
          ],
        }),
      ),
      InvalidInputError,
    );
    assert.deepEqual(await readStoreState(store()), before);
  });

  it('counts as final the stored periods whose matchups are all final, or of a season over', async () => {
    const { leagueId } = await setUp(store());
    // Weeks 1 and 2 are final; week 3 is not, and its lineup is stored too.
    await writeLeagueSnapshot(
      store(),
      buildGameLeagueSnapshot({
        game: {
          lineups: [
            { period: 3, rosterId: '1', entries: [] },
            { period: 5, rosterId: '1', entries: [] },
          ],
        },
      }),
    );
    assert.deepEqual([...(await findFinalLineupPeriods(store().db, leagueId, false))], [1, 2]);
    // Week 5 has no matchup stored: final once the season is over; week 3's matchup is not final.
    assert.deepEqual(
      [...(await findFinalLineupPeriods(store().db, leagueId, true))].sort(),
      [1, 2, 5],
    );
    await writeLeagueSnapshot(
      store(),
      buildGameLeagueSnapshot({ activity: buildActivity({ matchups: [] }) }),
    );
    assert.deepEqual([...(await findFinalLineupPeriods(store().db, leagueId, false))], []);
  });

  it("writes the pool's injuries from its full list, and clears one the next list lacks", async () => {
    const { league } = await setUp(store());
    const pool = buildPlayerPool({
      players: buildPlayerPool().players.map((p) =>
        p.playerId === 'DET'
          ? { ...p, injury: { status: 'suspended', designation: 'Sus', note: 'Conduct' } }
          : p,
      ),
    });
    await writePlayerPool(store(), pool);
    const injuries = await findInjuries(store().db, league, ['DET', '4046']);
    assert.deepEqual(injuries.get('DET'), {
      playerId: 'DET',
      status: 'suspended',
      designation: 'Sus',
      note: 'Conduct',
    });
    // The pool's list says nothing of 4046's injury any more: healthy.
    assert.equal(injuries.get('4046'), undefined);
  });

  it("drops a league's game with the league", async () => {
    const { leagueId } = await setUp(store());
    await store().db.deleteFrom('leagues').where('id', '=', leagueId).execute();
    for (const table of ['league_rules', 'lineups', 'league_injuries', 'league_seasons'] as const) {
      const left = await store()
        .db.selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('rows'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(left.rows), 0, table);
    }
  });
});
