// MFL's league data mapped straight from recorded bodies that no fake league serves whole: the
// 2021 trades and the 2022 future picks of danabrey's (redacted) league, league 65443's division
// drafts and divisions, and league 11747's owners as a login sees them. No server involved.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { mapDrafts, mapFuturePicks } from '../../../src/platforms/mfl/drafts.ts';
import { responses, validate } from '../../../src/platforms/mfl/schemas.ts';
import { asList } from '../../../src/platforms/mfl/schemas.ts';
import { mapLeagueSnapshot } from '../../../src/platforms/mfl/mapping.ts';
import { mapTransactions } from '../../../src/platforms/mfl/transactions.ts';
import { MFL_FIXTURES_DIR, MFL_FIXTURES_SKIP } from '../../helpers/fake-mfl.ts';

const recorded = (file: string): unknown =>
  JSON.parse(readFileSync(join(MFL_FIXTURES_DIR, file), 'utf8')) as unknown;

describe('MFL league data from recorded bodies', { skip: MFL_FIXTURES_SKIP }, () => {
  test("a redacted league's 2021 trades: both sides, future picks of either year", () => {
    const body = validate(
      responses.transactions,
      recorded('2021-transactions-TRADE-redacted-league.json'),
      'trades',
    );
    const trades = mapTransactions(asList(body.transactions.transaction));
    assert.equal(trades.length, 28);
    assert.ok(trades.every((t) => t.type === 'trade' && t.status === 'complete'));
    assert.deepEqual(trades[2], {
      transactionId: 'TRADE:1638196218:0008:0003:13418',
      type: 'trade',
      status: 'complete',
      occurredAt: '2021-11-29T14:30:18.000Z',
      rosterIds: ['0008', '0003'],
      playerMoves: [{ playerId: '13418', fromRosterId: '0008', toRosterId: '0003' }],
      pickMoves: [
        {
          season: 2022,
          round: 3,
          originalRosterId: '0008',
          fromRosterId: '0003',
          toRosterId: '0008',
        },
        {
          season: 2023,
          round: 4,
          originalRosterId: '0003',
          fromRosterId: '0003',
          toRosterId: '0008',
        },
      ],
    });
  });

  test("a redacted league's future picks: the held picks, traded ones under their new owner", () => {
    const body = validate(
      responses.futurePicks,
      recorded('2022-futureDraftPicks-redacted-league.json'),
      'future picks',
    );
    const picks = mapFuturePicks(body.futureDraftPicks);
    assert.deepEqual(
      picks.filter((p) => p.ownerRosterId === '0001'),
      [
        ...[1, 2, 3, 4, 5].map((round) => ({
          season: 2022,
          round,
          originalRosterId: '0001',
          ownerRosterId: '0001',
        })),
        ...[1, 2, 3, 4, 5].map((round) => ({
          season: 2023,
          round,
          originalRosterId: '0001',
          ownerRosterId: '0001',
        })),
        { season: 2022, round: 3, originalRosterId: '0010', ownerRosterId: '0001' },
      ],
    );
    const empty = validate(
      responses.futurePicks,
      recorded('2020-futureDraftPicks-65443-empty.json'),
      'no future picks',
    );
    assert.deepEqual(mapFuturePicks(empty.futureDraftPicks), []);
  });

  test('league 65443: one snake draft per division, a timer-skipped pick without a player', () => {
    const body = validate(
      responses.draftResults,
      recorded('2020-draftResults-65443.json'),
      'draft',
    );
    const drafts = mapDrafts(asList(body.draftResults.draftUnit));
    assert.deepEqual(
      drafts.map((d) => [d.draftId, d.type, d.status, d.rounds, d.picks.length]),
      Array.from({ length: 8 }, (_, i) => [`DIVISION0${i}`, 'snake', 'complete', 22, 264]),
    );
    const [first] = drafts;
    assert.deepEqual(first?.picks[0], {
      overall: 1,
      round: 1,
      pickInRound: 1,
      rosterId: '0001',
      playerId: '13116',
    });
    // "[Timer expired: Pick skipped]": player "0000".
    assert.deepEqual(first?.picks[263], {
      overall: 264,
      round: 22,
      pickInRound: 12,
      rosterId: '0001',
    });
  });

  test("league 65443's divisions and league 11747's owners (read with a login)", () => {
    const divided = validate(responses.league, recorded('2020-league-65443.json'), 'league');
    const teams = mapLeagueSnapshot({
      leagueKey: '65443',
      league: divided.league,
      season: 2020,
      rosters: [],
      players: [],
    }).teams;
    assert.deepEqual(teams[0], {
      rosterId: '0001',
      name: 'Fan - Kerry Marcum (@3boys1girlmom)',
      divisionId: '00',
      divisionName: 'Vortex',
    });
    assert.equal(teams.filter((t) => t.divisionName === 'Foosball').length, 12);

    const owned = validate(responses.league, recorded('2020-league-11747-with-apikey.json'), 'l');
    const [team] = mapLeagueSnapshot({
      leagueKey: '11747',
      league: owned.league,
      season: 2020,
      rosters: [],
      players: [],
    }).teams;
    // The author replaced names, e-mails and logins with "redacted"; the e-mail is never read.
    assert.deepEqual(team, {
      rosterId: '0001',
      name: 'redacted',
      ownerPlatformUserId: 'redacted',
      managers: [{ platformUserId: 'redacted', displayName: 'redacted' }],
    });
  });
});
