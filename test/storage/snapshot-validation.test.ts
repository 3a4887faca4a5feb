import assert from 'node:assert/strict';
import { it } from 'node:test';
import { InvalidInputError } from '../../src/domain/errors.ts';
import type { LeagueSnapshot } from '../../src/domain/records.ts';
import { writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { buildLeagueSnapshot, buildPlayer } from '../helpers/records.ts';
import { describeEachBackend } from './backends.ts';
import { readStoreState } from './state.ts';

// Snapshots come from connectors parsing foreign payloads: `as never` builds what the types forbid.
describeEachBackend('writeLeagueSnapshot validation', ({ store }) => {
  const invalid: [string, () => LeagueSnapshot][] = [
    [
      'a roster entry naming a team not in teams',
      () => buildLeagueSnapshot({ rosterEntries: [{ rosterId: '9', playerId: '4046' }] }),
    ],
    [
      'a player rostered twice',
      () =>
        buildLeagueSnapshot({
          rosterEntries: [
            { rosterId: '1', playerId: '4046' },
            { rosterId: '2', playerId: '4046' },
          ],
        }),
    ],
    [
      'a team listed twice',
      () => buildLeagueSnapshot({ teams: [{ rosterId: '1' }, { rosterId: '1' }] }),
    ],
    ['an unknown sport', () => buildLeagueSnapshot({ sport: 'cricket' as never })],
    ['an unknown platform', () => buildLeagueSnapshot({ platform: 'myspace' as never })],
    ['a fractional season', () => buildLeagueSnapshot({ season: 2021.5 })],
    ['a season given as text', () => buildLeagueSnapshot({ season: '2021' as never })],
    ['an empty league key', () => buildLeagueSnapshot({ platformLeagueKey: '' })],
    ['an empty name', () => buildLeagueSnapshot({ name: '  ' })],
    ['a negative team count', () => buildLeagueSnapshot({ numTeams: -1 })],
    [
      'a player listed twice',
      () => buildLeagueSnapshot({ players: [buildPlayer(), buildPlayer()] }),
    ],
    [
      'a player with no name',
      () => buildLeagueSnapshot({ players: [buildPlayer({ fullName: '' })] }),
    ],
    [
      'a player whose active flag is not a boolean',
      () => buildLeagueSnapshot({ players: [buildPlayer({ active: 1 as never })] }),
    ],
    [
      'a player with a numeric uniform number',
      () => buildLeagueSnapshot({ players: [buildPlayer({ uniformNumber: 15 as never })] }),
    ],
  ];
  for (const [what, build] of invalid) {
    it(`refuses ${what} with InvalidInputError and writes nothing`, async () => {
      const user = await createUser(store().db, 'alice');
      await writeLeagueSnapshot(store(), buildLeagueSnapshot({ platformLeagueKey: 'kept' }));
      const before = await readStoreState(store());
      await assert.rejects(
        writeLeagueSnapshot(store(), build(), { userId: user.id, accountId: null }),
        InvalidInputError,
      );
      assert.deepEqual(await readStoreState(store()), before);
    });
  }

  it('accepts a league with no teams, rosters or players', async () => {
    const result = await writeLeagueSnapshot(
      store(),
      buildLeagueSnapshot({ teams: [], rosterEntries: [], players: [], numTeams: 0 }),
    );
    assert.equal(result.outcome, 'written');
  });
});
