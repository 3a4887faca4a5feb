// The Fleaflicker connector when Fleaflicker misbehaves: throttling, failures, bodies of the wrong
// shape, a listing that never ends. Every one is a PlatformError of the right kind, never a crash.
// On the made-up Fleaflicker data, and on the recordings when ../shared has them.
import assert from 'node:assert/strict';
import { after, afterEach, describe, test } from 'node:test';
import type { PlatformAccount } from '../../../src/platforms/connector.ts';
import { createFleaflickerConnector } from '../../../src/platforms/fleaflicker/index.ts';
import type { FleaflickerConnectorOptions } from '../../../src/platforms/fleaflicker/index.ts';
import { poolOf, storeHolding } from '../../helpers/connectors.ts';
import type { FakeFleaflicker } from '../../helpers/fake-fleaflicker.ts';
import { FLEAFLICKER_DATA_SETS } from '../../helpers/fleaflicker-data.ts';
import { reply } from '../../helpers/fake-platform.ts';
import type { FakeRoute } from '../../helpers/fake-platform.ts';
import { failure } from '../../helpers/failure.ts';

const football2020 = { sports: ['football' as const], seasons: [2020] };

for (const data of FLEAFLICKER_DATA_SETS) {
  const account: PlatformAccount = { platform: 'fleaflicker', externalUserId: data.email };
  const leagueId = data.league.id;
  const league = { platformLeagueKey: leagueId, season: 2020, sport: 'football' as const };
  describe(`Fleaflicker connector faults (${data.label})`, { skip: data.skip }, () => {
    const fakes: FakeFleaflicker[] = [];
    afterEach(async () => {
      await Promise.all(fakes.splice(0).map((f) => f.close()));
    });
    after(async () => {
      await Promise.all(fakes.map((f) => f.close()));
    });

    async function setUp(
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
      return { fake, connector };
    }

    test('a 429 is retried, and a lasting one is rate_limited', async () => {
      const served = await data.start();
      fakes.push(served);
      const body = JSON.stringify(served.recorded(`FetchLeagueRosters-${leagueId}.json`));
      const once = await setUp({
        '/FetchLeagueRosters': [reply.rateLimited('0'), reply.raw(body)],
      });
      const snapshot = await once.connector.fetchLeague(account, league, storeHolding());
      assert.equal(snapshot.rosterEntries.length, data.league.rostered);
      assert.equal(once.fake.hits('/FetchLeagueRosters'), 2);

      const always = await setUp({ '/FetchLeagueRosters': reply.rateLimited('0') });
      const error = await failure(always.connector.fetchLeague(account, league, storeHolding()));
      assert.equal(error.kind, 'rate_limited');
    });

    test('5xx is retried, then unavailable', async () => {
      const { fake, connector } = await setUp({ '/FetchUserLeagues': reply.status(503) });
      const error = await failure(connector.listLeagues(account, football2020));
      assert.equal(error.kind, 'unavailable');
      assert.match(error.message, /GET \/FetchUserLeagues answered HTTP 503/);
      assert.equal(fake.hits('/FetchUserLeagues'), 2);
      // The e-mail is in the query, never in the message.
      assert.ok(!error.message.includes(data.email));
    });

    test("a 403 is Fleaflicker's throttling: rate_limited, not retried at once", async () => {
      const { fake, connector } = await setUp({ '/FetchPlayerListing': reply.status(403) });
      await connector.listLeagues(account, football2020);
      const error = await failure(
        connector.fetchPlayerPool(poolOf('fleaflicker', 'football'), account),
      );
      assert.equal(error.kind, 'rate_limited');
      assert.match(error.message, /HTTP 403.*about a minute/);
      assert.equal(fake.hits('/FetchPlayerListing'), 1);
    });

    test('a known account Fleaflicker stops answering for must be linked again', async () => {
      const { connector } = await setUp({
        '/FetchUserLeagues': reply.json({ error: { message: 'No such user' } }),
      });
      const error = await failure(connector.listLeagues(account, football2020));
      assert.equal(error.kind, 'credentials_rejected');
      assert.match(
        error.message,
        /no longer answers for the linked e-mail address .*"No such user".*link the account again/,
      );
    });

    test('an error body for a league is not_found', async () => {
      const { connector } = await setUp({
        '/FetchLeagueStandings': reply.json({ error: 'League not found' }),
      });
      const error = await failure(connector.fetchLeague(account, league, storeHolding()));
      assert.equal(error.kind, 'not_found');
      const expected = `league ${leagueId} (football 2020) not found on Fleaflicker ("League not found")`;
      assert.ok(error.message.includes(expected), error.message);
    });

    const shapes: Array<[string, string, FakeRoute, RegExp]> = [
      [
        'a league list of the wrong shape',
        '/FetchUserLeagues',
        reply.json({ leagues: [{ id: 'x', name: 'A' }] }),
        /FetchUserLeagues answered an unexpected shape at \/leagues\/0\/id/,
      ],
      [
        'a team without an id',
        '/FetchLeagueRosters',
        reply.json({ rosters: [{ team: { name: 'x' } }] }),
        /FetchLeagueRosters answered an unexpected shape at \/rosters\/0\/team\/id/,
      ],
      [
        'standings without a league',
        '/FetchLeagueStandings',
        reply.json({ divisions: [] }),
        /FetchLeagueStandings answered an unexpected shape at \/league/,
      ],
      [
        'an array for an object',
        '/FetchLeagueStandings',
        reply.json([1, 2]),
        /FetchLeagueStandings answered an unexpected shape at the top level/,
      ],
      [
        'HTML with status 200',
        '/FetchLeagueRosters',
        reply.raw('<html>busy</html>'),
        /FetchLeagueRosters sent a body that is not valid JSON/,
      ],
      [
        'a truncated body',
        '/FetchLeagueRosters',
        reply.truncated('{"rosters":[{"team":{"id":1}}]}'),
        /not valid JSON/,
      ],
    ];
    for (const [what, path, route, message] of shapes) {
      test(`${what} is invalid_response`, async () => {
        const { connector } = await setUp({ [path]: route });
        const run =
          path === '/FetchUserLeagues'
            ? connector.listLeagues(account, football2020)
            : connector.fetchLeague(account, league, storeHolding());
        const error = await failure(run);
        assert.equal(error.kind, 'invalid_response');
        assert.match(error.message, message);
      });
    }

    test('standings of another league are invalid_response', async () => {
      const served = await data.start();
      fakes.push(served);
      const own = served.recorded(`FetchLeagueStandings-${leagueId}-2020.json`) as {
        league: Record<string, unknown>;
      };
      const other = { ...own, league: { ...own.league, id: 90999 } };
      const { connector } = await setUp({ '/FetchLeagueStandings': reply.json(other) });
      const error = await failure(connector.fetchLeague(account, league, storeHolding()));
      assert.equal(error.kind, 'invalid_response');
      assert.ok(
        error.message.includes(`for league ${leagueId} answered with league 90999`),
        error.message,
      );
    });

    const player = (id: number) => ({
      proPlayer: { id, nameFull: `Player ${id}`, position: 'QB' },
    });
    test('a listing whose next offset does not advance ends, and a repeated player counts once', async () => {
      const { fake, connector } = await setUp({
        '/FetchPlayerListing': (request) =>
          request.query.get('result_offset') === '0'
            ? reply.json({ players: [player(1), player(2)], resultOffsetNext: 2, resultTotal: 9 })
            : reply.json({ players: [player(2), player(3)], resultOffsetNext: 2, resultTotal: 9 }),
      });
      await connector.listLeagues(account, football2020);
      const pool = await connector.fetchPlayerPool(poolOf('fleaflicker', 'football'), account);
      assert.deepEqual(
        pool?.players.map((p) => p.playerId),
        ['1', '2', '3'],
      );
      assert.equal(fake.hits('/FetchPlayerListing'), 2);
    });

    test('a listing longer than the page limit fails instead of writing part of the pool', async () => {
      const { connector } = await setUp(
        {
          '/FetchPlayerListing': (request) => {
            const offset = Number(request.query.get('result_offset'));
            return reply.json({ players: [player(offset + 1)], resultOffsetNext: offset + 1 });
          },
        },
        { maxListingPages: 5 },
      );
      await connector.listLeagues(account, football2020);
      const error = await failure(
        connector.fetchPlayerPool(poolOf('fleaflicker', 'football'), account),
      );
      assert.equal(error.kind, 'invalid_response');
      assert.match(error.message, /more than 5 pages of football players/);
    });

    test('a hanging Fleaflicker times out', async () => {
      const { connector } = await setUp(
        { '/FetchLeagueRosters': reply.hang() },
        { timeoutMs: 100 },
      );
      const error = await failure(connector.fetchLeague(account, league, storeHolding()));
      assert.equal(error.kind, 'timeout');
    });
  });
}
