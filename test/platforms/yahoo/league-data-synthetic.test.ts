// A Yahoo league's data beside its rosters on the made-up league, for what no recording holds
// (divisions, co-managers, a tie, a waiver bid, a traded pick, a vetoed trade, an auction), then
// the faults of the new calls.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { reply } from '../../helpers/fake-platform.ts';
import { SYNTHETIC_YAHOO_DATA } from '../../helpers/yahoo-data.ts';
import { yahooWorld } from './world.ts';
import type { YahooWorld } from './world.ts';

const SYNTHETIC = { platformLeagueKey: '399.l.90001', sport: 'football', season: 2021 } as const;

describe('Yahoo league data on the made-up league', () => {
  let world: YahooWorld;
  let connector: PlatformConnector;
  let account: PlatformAccount;
  let league: LeagueSnapshot;
  before(async () => {
    world = await yahooWorld(SYNTHETIC_YAHOO_DATA);
    connector = world.connector();
    account = await world.linked(connector);
    league = await connector.fetchLeague(account, SYNTHETIC, storeHolding(['90004']));
  });
  after(() => world.close());

  it('divisions by name; the owner before a co-manager; hidden managers and e-mail left out', () => {
    assert.deepEqual(league.teams[1], {
      rosterId: '2',
      name: 'Made-Up Mascots',
      ownerPlatformUserId: 'MADEUPMANAGER00000000000002',
      logoUrl: 'https://example.invalid/logos/2.png',
      managers: [
        { platformUserId: 'MADEUPMANAGER00000000000002', displayName: 'Made Up' },
        { platformUserId: 'COMANAGERGUID00000000000003', displayName: 'Co Pilot' },
      ],
      record: { wins: 1, losses: 1, ties: 1 },
      pointsFor: 298.25,
      pointsAgainst: 310.75,
      standing: 2,
      divisionId: '2',
      divisionName: 'Made-Up West',
    });
    assert.equal(league.teams[0]?.divisionName, 'Invented East');
    assert.doesNotMatch(JSON.stringify(league), /x@example/, 'no e-mail');
  });

  it('weeks up to the current one only: a win, a tie with no winner, a week under way', () => {
    assert.equal(
      world.fake.requests.at(-4)?.path,
      '/fantasy/v2/league/399.l.90001/scoreboard;week=1,2,3',
    );
    const matchups = league.activity?.matchups ?? [];
    assert.deepEqual(
      matchups.map((m) => [m.period, m.status, m.winnerRosterId, m.sides.map((s) => s.score)]),
      [
        [1, 'final', '1', [110.5, 98.25]],
        [2, 'final', undefined, [100, 100]],
        [3, 'in_progress', undefined, [100.25, 100]],
      ],
    );
  });

  it('a trade with a pick, a waiver claim with its bid, a commissioner move, a vetoed trade', () => {
    const transactions = league.activity?.transactions ?? [];
    assert.deepEqual(
      transactions.map((t) => t.transactionId),
      ['4', '3', '2', '1'],
      'transaction 5 names team 7, which the league lacks',
    );
    assert.deepEqual(transactions[0], {
      transactionId: '4',
      type: 'trade',
      status: 'complete',
      occurredAt: '2021-09-19T01:20:00.000Z',
      rosterIds: ['2', '1'],
      playerMoves: [
        { playerId: '90003', fromRosterId: '2', toRosterId: '1' },
        { playerId: '90002', fromRosterId: '1', toRosterId: '2' },
      ],
      pickMoves: [
        { season: 2021, round: 3, originalRosterId: '2', fromRosterId: '2', toRosterId: '1' },
      ],
    });
    assert.deepEqual(transactions[1], {
      transactionId: '3',
      type: 'waiver',
      status: 'complete',
      occurredAt: '2021-09-19T00:20:00.000Z',
      rosterIds: ['2'],
      playerMoves: [
        { playerId: '90005', toRosterId: '2' },
        { playerId: '90004', fromRosterId: '2' },
      ],
      faabBid: 17,
    });
    assert.deepEqual(
      [transactions[2]?.type, transactions[2]?.rosterIds, transactions[2]?.playerMoves],
      ['commissioner', [], []],
    );
    assert.deepEqual([transactions[3]?.type, transactions[3]?.status], ['trade', 'vetoed']);
    assert.deepEqual(
      league.players
        .filter((p) => p.playerId === '90005' || p.playerId === '90009')
        .map((p) => p.fullName),
      ['Waiver Wanderer'],
      'the player of a left-out transaction is not added',
    );
  });

  it('an auction draft: prices, and each pick placed within its round', () => {
    assert.deepEqual(league.activity?.drafts, [
      {
        draftId: '399.l.90001',
        type: 'auction',
        status: 'complete',
        startedAt: '2021-08-26T17:46:40.000Z',
        rounds: 2,
        picks: [
          { overall: 1, round: 1, pickInRound: 1, rosterId: '1', playerId: '90001', price: 45 },
          { overall: 2, round: 1, pickInRound: 2, rosterId: '2', playerId: '90003', price: 30 },
          { overall: 3, round: 2, pickInRound: 1, rosterId: '2', playerId: '90004', price: 1 },
          { overall: 4, round: 2, pickInRound: 2, rosterId: '1', playerId: '90002', price: 12 },
        ],
      },
    ]);
    assert.deepEqual(league.activity?.futurePicks, []);
  });

  describe('faults', () => {
    const extras = '/league/399.l.90001;out=settings,standings,draftresults,transactions';
    const scoreboard = '/league/399.l.90001/scoreboard;week=1,2,3';
    const fails = (pattern: RegExp) => (error: unknown) => {
      assert.ok(error instanceof PlatformError, String(error));
      assert.equal(error.kind, 'invalid_response');
      assert.match(error.message, pattern);
      return true;
    };
    const league = (parts: unknown[]) => ({
      fantasy_content: {
        league: [
          {
            league_key: '399.l.90001',
            name: 'L',
            game_code: 'nfl',
            season: '2021',
            current_week: 3,
          },
          ...parts,
        ],
      },
    });

    it('a malformed standings answer fails the league, naming the call', async () => {
      world.fake.override(
        extras,
        reply.json(
          league([
            { settings: [{}] },
            {
              standings: [
                { teams: { '0': { team: [{ team_key: 'k' }, { team_id: 'x' }] }, count: 1 } },
              ],
            },
          ]),
        ),
      );
      try {
        await assert.rejects(
          connector.fetchLeague(account, SYNTHETIC, storeHolding()),
          fails(
            /GET \/league\/399\.l\.90001;out=settings.* unexpected shape at \/fantasy_content\/league\/standings\/teams\/0\/team_id/,
          ),
        );
      } finally {
        world.fake.override(extras, undefined);
      }
    });

    it('a failing call for the standings fails the league, as a roster failure does', async () => {
      world.fake.override(extras, reply.status(500));
      try {
        await assert.rejects(connector.fetchLeague(account, SYNTHETIC, storeHolding()), (error) => {
          assert.ok(error instanceof PlatformError, String(error));
          assert.match(error.message, /out=settings,standings,draftresults,transactions/);
          return true;
        });
      } finally {
        world.fake.override(extras, undefined);
      }
    });

    it('a malformed scoreboard fails the league', async () => {
      world.fake.override(
        scoreboard,
        reply.json(league([{ scoreboard: { '0': { matchups: 'none' } } }])),
      );
      try {
        await assert.rejects(
          connector.fetchLeague(account, SYNTHETIC, storeHolding()),
          fails(/scoreboard;week=1,2,3 answered an unexpected shape/),
        );
      } finally {
        world.fake.override(scoreboard, undefined);
      }
    });

    it('a league before its draft, with no moves and no standings yet, has those parts empty', async () => {
      world.fake.override(
        extras,
        reply.json(
          league([
            { settings: [{}] },
            { standings: [{ teams: [] }] },
            { draft_results: { count: 0 } },
          ]),
        ),
      );
      try {
        const before = await connector.fetchLeague(account, SYNTHETIC, storeHolding());
        assert.deepEqual(before.activity?.drafts, []);
        assert.deepEqual(before.activity?.transactions, []);
        assert.deepEqual(before.teams[0], {
          rosterId: '1',
          name: 'Fixture Fanatics',
          ownerPlatformUserId: 'FIXTUREFANGUID0000000000001',
        });
        assert.equal(before.activity?.matchups.length, 3);
      } finally {
        world.fake.override(extras, undefined);
      }
    });
  });
});
