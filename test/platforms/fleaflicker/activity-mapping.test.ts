// The pure rules of Fleaflicker's activity mapping on small made-up bodies: season windows, games
// not played yet and byes, trades of three teams, and who holds a traded pick.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mapFuturePicks } from '../../../src/platforms/fleaflicker/drafts.ts';
import { mapGame, periodsToRead } from '../../../src/platforms/fleaflicker/matchups.ts';
import { mapTrades, seasonWindow } from '../../../src/platforms/fleaflicker/transactions.ts';

const team = (id: number) => ({ id });
const player = (id: number) => ({ proPlayer: { id } });

describe('Fleaflicker activity mapping', () => {
  test("a season's window runs from one rollover to the next, by sport", () => {
    assert.deepEqual(seasonWindow('football', 2020), {
      start: Date.UTC(2020, 2, 1),
      end: Date.UTC(2021, 2, 1),
    });
    assert.equal(seasonWindow('basketball', 2020).end, Date.UTC(2021, 7, 1));
    assert.equal(seasonWindow('baseball', 2020).start, Date.UTC(2020, 0, 1));
  });

  test('weeks are read up to the current one, all of them once the season is over', () => {
    const board = {
      schedulePeriod: { ordinal: 3 },
      eligibleSchedulePeriods: [5, 1, 2, 3, 4].map((ordinal) => ({ ordinal })),
    };
    assert.deepEqual(periodsToRead(board, false), [1, 2, 3]);
    assert.deepEqual(periodsToRead(board, true), [1, 2, 3, 4, 5]);
    // A season not begun: Fleaflicker names no current week, and none is read.
    const notBegun = { eligibleSchedulePeriods: board.eligibleSchedulePeriods };
    assert.deepEqual(periodsToRead(notBegun, false), []);
    assert.deepEqual(periodsToRead(notBegun, true), [1, 2, 3, 4, 5]);
  });

  test('a game not played has no score, a later week is upcoming, a bye has one side', () => {
    const later = mapGame({ id: 7, home: team(1), away: team(2) }, 4, 3);
    assert.deepEqual(later, {
      period: 4,
      matchupId: '7',
      sides: [{ rosterId: '1' }, { rosterId: '2' }],
      status: 'upcoming',
      kind: 'regular',
    });
    const bye = mapGame({ id: '8', home: team(1), homeScore: { score: { value: 12.5 } } }, 3, 3);
    assert.deepEqual(bye.sides, [{ rosterId: '1', score: 12.5 }]);
    assert.equal(bye.status, 'in_progress');
    assert.equal(bye.winnerRosterId, undefined);
  });

  test('a three-team trade: players without a source, picks left out', () => {
    const [trade] = mapTrades(
      [
        {
          id: 5,
          status: 'TRADE_STATUS_VETOED',
          proposedOn: String(Date.UTC(2020, 9, 1)),
          teams: [
            { team: team(1), playersObtained: [player(11)] },
            { team: team(2), playersObtained: [player(12)] },
            {
              team: team(3),
              picksObtained: [{ season: 2021, slot: { round: 1 }, originalOwner: team(1) }],
            },
          ],
        },
      ],
      seasonWindow('football', 2020),
      new Set(['1', '2', '3']),
    );
    assert.deepEqual(trade, {
      transactionId: '5',
      type: 'trade',
      status: 'vetoed',
      occurredAt: '2020-10-01T00:00:00.000Z',
      rosterIds: ['1', '2', '3'],
      playerMoves: [
        { playerId: '11', toRosterId: '1' },
        { playerId: '12', toRosterId: '2' },
      ],
    });
  });

  test('a traded pick is held by the team whose own list has it, not lost', () => {
    const picks = mapFuturePicks(
      new Map([
        [
          '1',
          [
            // Team 1's list names an earlier holder; team 2 has since obtained the pick.
            { season: 2021, slot: { round: 1 }, ownedBy: team(3), lost: true },
            { season: 2021, slot: { round: 2 } },
            { season: 2020, slot: { round: 1 } },
          ],
        ],
        ['2', [{ season: 2021, slot: { round: 1 }, originalOwner: team(1) }]],
      ]),
      2020,
      true,
      new Set(['1', '2', '3']),
    );
    assert.deepEqual(picks, [
      { season: 2021, round: 1, originalRosterId: '1', ownerRosterId: '2' },
      { season: 2021, round: 2, originalRosterId: '1', ownerRosterId: '1' },
    ]);
  });
});
