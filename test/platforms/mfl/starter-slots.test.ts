// MFL names starters but no slot: placeStarters puts each in the league's slots by his position in
// the store's pool, own slot first, then a flex slot that takes him; a starter it cannot place
// stays OTHER, never guessed.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RosterSlotRecord } from '../../../src/domain/game.ts';
import { placeStarters } from '../../../src/platforms/mfl/lineups.ts';

const SLOTS: RosterSlotRecord[] = [
  { slot: 'QB', platformSlot: 'QB', count: 1 },
  { slot: 'RB', platformSlot: 'RB', count: 2 },
  { slot: 'WR', platformSlot: 'WR', count: 1 },
  { slot: 'FLEX', platformSlot: 'RB/WR/TE', count: 1, eligiblePositions: ['RB', 'WR', 'TE'] },
  { slot: 'K', platformSlot: 'PK', count: 1 },
  { slot: 'BN', platformSlot: 'nonstarter', count: 6 },
];

const starter = (playerId: string) => ({
  playerId,
  slot: 'OTHER' as const,
  platformSlot: 'starter',
});

describe('MFL starters placed in the league slots', () => {
  it('fills each position slot, then the flex, and leaves the bench alone', () => {
    const entries = [
      starter('wr1'),
      starter('rb1'),
      starter('wr2'),
      starter('qb'),
      starter('rb2'),
      starter('k'),
      { playerId: 'te', slot: 'BN' as const, platformSlot: 'nonstarter' },
    ];
    const positions = new Map([
      ['wr1', 'WR'],
      ['wr2', 'WR'],
      ['rb1', 'RB'],
      ['rb2', 'RB'],
      ['qb', 'QB'],
      ['k', 'K'],
      ['te', 'TE'],
    ]);
    assert.deepEqual(
      placeStarters(entries, SLOTS, positions).map((e) => [e.playerId, e.slot, e.platformSlot]),
      [
        ['wr1', 'WR', 'WR'],
        ['rb1', 'RB', 'RB'],
        ['wr2', 'FLEX', 'RB/WR/TE'],
        ['qb', 'QB', 'QB'],
        ['rb2', 'RB', 'RB'],
        ['k', 'K', 'PK'],
        ['te', 'BN', 'nonstarter'],
      ],
    );
  });

  it('keeps OTHER for a starter the pool has no position for, or no slot has room for', () => {
    const entries = [starter('qb1'), starter('qb2'), starter('ghost')];
    const placed = placeStarters(
      entries,
      SLOTS,
      new Map([
        ['qb1', 'QB'],
        ['qb2', 'QB'],
      ]),
    );
    assert.deepEqual(
      placed.map((e) => [e.playerId, e.slot, e.platformSlot]),
      [
        ['qb1', 'QB', 'QB'],
        ['qb2', 'OTHER', 'starter'],
        ['ghost', 'OTHER', 'starter'],
      ],
    );
  });
});
