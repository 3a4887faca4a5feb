// The league activity calls when Fleaflicker misbehaves or has nothing to give: a body of the wrong
// shape or a failing call fails the whole league (the engine then keeps the stored one); a draft
// board it refuses or leaves empty is no draft. On the made-up Fleaflicker data (whose activity is
// also checked here value by value), and on the recordings when ../shared has them.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import type { PlatformAccount } from '../../../src/platforms/connector.ts';
import { createFleaflickerConnector } from '../../../src/platforms/fleaflicker/index.ts';
import type { FleaflickerConnectorOptions } from '../../../src/platforms/fleaflicker/index.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import type { FakeFleaflicker } from '../../helpers/fake-fleaflicker.ts';
import { FLEAFLICKER_DATA_SETS, SYNTHETIC_FLEAFLICKER } from '../../helpers/fleaflicker-data.ts';
import { reply } from '../../helpers/fake-platform.ts';
import type { FakeRoute } from '../../helpers/fake-platform.ts';
import { failure } from '../../helpers/failure.ts';

const fakes: FakeFleaflicker[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

for (const data of FLEAFLICKER_DATA_SETS) {
  const account: PlatformAccount = { platform: 'fleaflicker', externalUserId: data.email };
  const league = { platformLeagueKey: data.league.id, season: 2020, sport: 'football' as const };

  async function fetchWith(
    overrides: Record<string, FakeRoute>,
    options: Partial<FleaflickerConnectorOptions> = {},
  ) {
    const fake = await data.start({ overrides });
    fakes.push(fake);
    const connector = createFleaflickerConnector({
      baseUrl: fake.baseUrl,
      timeoutMs: 1_000,
      maxAttempts: 2,
      backoffBaseMs: 1,
      backoffMaxMs: 5,
      requestsPerMinute: 0,
      ...options,
    });
    return { fake, run: connector.fetchLeague(account, league, storeHolding()) };
  }

  describe(`Fleaflicker activity faults (${data.label})`, { skip: data.skip }, () => {
    const shapes: Array<[string, string, FakeRoute, RegExp]> = [
      [
        'a game without its id',
        '/FetchLeagueScoreboard',
        reply.json({ schedulePeriod: { ordinal: 1 }, games: [{ home: { id: 1 } }] }),
        /FetchLeagueScoreboard answered an unexpected shape at \/games\/0\/id/,
      ],
      [
        'a transaction line without its time',
        '/FetchLeagueTransactions',
        reply.json({ items: [{ transaction: { type: 'TRANSACTION_DROP' } }] }),
        /FetchLeagueTransactions answered an unexpected shape at \/items\/0\/timeEpochMilli/,
      ],
      [
        'a trade whose id is text',
        '/FetchTrades',
        reply.json({ trades: [{ id: 'x' }] }),
        /FetchTrades answered an unexpected shape at \/trades\/0\/id/,
      ],
      [
        'a draft pick without its place',
        '/FetchLeagueDraftBoard',
        reply.json({ orderedSelections: [{ team: { id: 1 } }] }),
        /FetchLeagueDraftBoard answered an unexpected shape at \/orderedSelections\/0\/slot/,
      ],
      [
        'a team record of text',
        '/FetchLeagueStandings',
        () => {
          // The set's own standings (from the fake serving this test), one record spoiled.
          const own = fakes.at(-1)?.recorded(`FetchLeagueStandings-${data.league.id}-2020.json`);
          const body = structuredClone(own) as { divisions: Array<{ teams: unknown[] }> };
          body.divisions[0]!.teams[0] = {
            ...(body.divisions[0]!.teams[0] as object),
            recordOverall: { wins: 'many' },
          };
          return reply.json(body);
        },
        /FetchLeagueStandings answered an unexpected shape at \/divisions\/0\/teams\/0\/recordOverall\/wins/,
      ],
    ];
    for (const [what, path, route, message] of shapes) {
      test(`${what} fails the league as invalid_response`, async () => {
        const { run } = await fetchWith({ [path]: route });
        const error = await failure(run);
        assert.equal(error.kind, 'invalid_response');
        assert.match(error.message, message);
      });
    }

    test('a failing or refused activity call fails the league, never as a vanished league', async () => {
      const failing = await failure((await fetchWith({ '/FetchTrades': reply.status(503) })).run);
      assert.equal(failing.kind, 'unavailable');
      const refused = await failure(
        (await fetchWith({ '/FetchLeagueTransactions': reply.status(404) })).run,
      );
      assert.equal(refused.kind, 'unavailable');
      assert.match(refused.message, /GET \/FetchLeagueTransactions refused league .* \(HTTP 404\)/);
    });

    test('a draft board refused or left empty is no draft; the rest of the league stays', async () => {
      for (const route of [reply.status(404), reply.json({})]) {
        const { run } = await fetchWith({ '/FetchLeagueDraftBoard': route });
        const snapshot = await run;
        assert.deepEqual(snapshot.activity?.drafts, []);
        assert.equal(snapshot.rosterEntries.length, data.league.rostered);
      }
    });

    test('a feed that never reaches back to the season fails at the page limit', async () => {
      const line = { timeEpochMilli: String(Date.UTC(2020, 9, 1)), transaction: {} };
      const { fake, run } = await fetchWith(
        {
          '/FetchLeagueTransactions': (request) =>
            reply.json({
              items: [line],
              resultOffsetNext: Number(request.query.get('result_offset')) + 1,
            }),
        },
        { maxActivityPages: 3 },
      );
      const error = await failure(run);
      assert.equal(error.kind, 'invalid_response');
      assert.match(error.message, /FetchLeagueTransactions of league .* had more than 3 pages/);
      assert.equal(fake.hits('/FetchLeagueTransactions'), 3);
    });

    test('a game or transaction naming a team the league lacks is left out', async () => {
      const stranger = { id: 99999999, name: 'Stranger' };
      const { run } = await fetchWith({
        '/FetchLeagueScoreboard': reply.json({
          schedulePeriod: { ordinal: 1 },
          eligibleSchedulePeriods: [{ ordinal: 1 }],
          games: [{ id: '1', home: stranger, isFinalScore: true }],
        }),
        '/FetchLeagueTransactions': reply.json({
          items: [
            {
              timeEpochMilli: String(Date.UTC(2020, 9, 1)),
              transaction: { team: stranger, player: { proPlayer: { id: 1 } } },
            },
          ],
        }),
      });
      const { activity } = await run;
      assert.deepEqual(activity?.matchups, []);
      assert.ok(!activity?.transactions.some((t) => t.rosterIds.includes('99999999')));
    });
  });
}

describe('Fleaflicker activity on the made-up data', () => {
  const account: PlatformAccount = {
    platform: 'fleaflicker',
    externalUserId: SYNTHETIC_FLEAFLICKER.email,
  };
  const league = { platformLeagueKey: '90001', season: 2020, sport: 'football' as const };

  test('maps both weeks, the claim and its losing bid, the trade and a draft under way', async () => {
    const fake = await SYNTHETIC_FLEAFLICKER.start();
    fakes.push(fake);
    const connector = createFleaflickerConnector({ baseUrl: fake.baseUrl, requestsPerMinute: 0 });
    const snapshot = await connector.fetchLeague(account, league, storeHolding(['90013']));
    const activity = snapshot.activity;
    assert.equal(activity?.currentPeriod, 2);
    assert.deepEqual(
      activity?.matchups.map((m) => [m.matchupId, m.status, m.kind, m.winnerRosterId]),
      [
        ['95001', 'final', 'regular', '90101'],
        ['95002', 'final', 'regular', undefined],
        ['95003', 'final', 'playoff', '90101'],
        ['95004', 'in_progress', 'consolation', undefined],
      ],
    );
    assert.deepEqual(activity?.matchups[2]?.sides, [
      { rosterId: '90104', score: 75.5 },
      { rosterId: '90101', score: 0 },
    ]);
    assert.deepEqual(
      activity?.transactions.map((t) => [t.transactionId, t.type, t.status, t.faabBid]),
      [
        ['1606993200000-90102-90013', 'waiver', 'complete', 7],
        ['1606993200000-90104-90013', 'waiver', 'failed', 3],
        ['96001', 'trade', 'complete', undefined],
        ['1601000000000-90101-90015', 'add', 'complete', undefined],
      ],
    );
    assert.deepEqual(activity?.transactions[0]?.playerMoves, [
      { playerId: '90013', toRosterId: '90102' },
      { playerId: '90014', fromRosterId: '90102' },
    ]);
    assert.deepEqual(activity?.transactions[2]?.pickMoves, [
      {
        season: 2021,
        round: 2,
        originalRosterId: '90101',
        fromRosterId: '90101',
        toRosterId: '90103',
      },
    ]);
    const [draft] = activity?.drafts ?? [];
    assert.deepEqual(
      [draft?.status, draft?.rounds, draft?.picks.map((p) => p.playerId ?? '-')],
      ['in_progress', 1, ['90001', '90004', '-', '-']],
    );
    // The season is over: nobody's picks are read, they would be today's.
    assert.equal(fake.hits('/FetchTeamPicks'), 0);
    // Named by the feed and in no store or roster: 90014 and 90015 come with the league.
    assert.deepEqual(
      snapshot.players
        .filter((p) => ['90013', '90014', '90015'].includes(p.playerId))
        .map((p) => p.fullName),
      ['Gone Receiver', 'Extra Kicker'],
    );
  });
});
