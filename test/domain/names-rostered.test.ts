// One name index per player pool serves every league of the pool: the league's roster is given
// at search time and decides ties exactly as each candidate's own `rostered` flag would.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NameIndex } from '../../src/domain/name-index.ts';
import type { NameCandidate } from '../../src/domain/names.ts';

const pool: NameCandidate[] = [
  { playerId: '100', fullName: 'Josh Allman', rostered: false, active: true },
  { playerId: '200', fullName: 'Josh Allman', rostered: false, active: true },
  { playerId: '300', fullName: 'Kyle Whitfield', rostered: false, active: true },
  { playerId: '400', fullName: 'Kyle Whitfield', rostered: false, active: false },
];

describe('NameIndex.search with a roster given per search', () => {
  const index = new NameIndex(pool);

  it('breaks ties for the league asked about, in every tier', () => {
    const inLeagueA = new Set(['200']);
    const inLeagueB = new Set<string>();
    const rosteredIn = (set: Set<string>) => (c: NameCandidate) => set.has(c.playerId);
    assert.equal(index.search('josh allman', rosteredIn(inLeagueA)).best?.playerId, '200');
    assert.equal(index.search('josh allman', rosteredIn(inLeagueB)).best?.playerId, '100');
    assert.equal(index.search('josh al', rosteredIn(inLeagueA)).best?.playerId, '200'); // prefix
    assert.equal(index.search('allman j', rosteredIn(inLeagueA)).best?.playerId, '200'); // words
    // close spelling: rostered beats active
    const inLeagueC = new Set(['400']);
    assert.equal(index.search('whitfeild', rosteredIn(inLeagueC)).best?.playerId, '400');
    assert.equal(index.search('whitfeild', rosteredIn(inLeagueB)).best?.playerId, '300');
    assert.equal(index.search('whitfeild', rosteredIn(inLeagueC)).matchCount, 2);
  });

  it("uses each candidate's own flag when no roster is given", () => {
    const flagged = new NameIndex([
      { ...pool[0]!, rostered: false },
      { ...pool[1]!, rostered: true },
    ] as NameCandidate[]);
    assert.equal(flagged.search('josh allman').best?.playerId, '200');
    assert.equal(index.search('josh allman').best?.playerId, '100');
  });
});
