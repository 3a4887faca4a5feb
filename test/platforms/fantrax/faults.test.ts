// The Fantrax connector when Fantrax misbehaves: throttling (429, and Cloudflare's 403), failures,
// hangs, bodies of the wrong shape, refusals in a 200 answer. Each is a PlatformError of the right
// kind, never a crash, and never carries the secret id. On the made-up leagues of the fake (no
// recordings needed).
import assert from 'node:assert/strict';
import { after, afterEach, describe, test } from 'node:test';
import { InvalidInputError } from '../../../src/domain/errors.ts';
import type { PlatformAccount } from '../../../src/platforms/connector.ts';
import { createFantraxConnector } from '../../../src/platforms/fantrax/index.ts';
import type { FantraxConnectorOptions } from '../../../src/platforms/fantrax/index.ts';
import { linkWith, poolOf, storeHolding } from '../../helpers/connectors.ts';
import { FANTRAX_SECRET_ID, startFakeFantrax } from '../../helpers/fake-fantrax.ts';
import type { FakeFantrax } from '../../helpers/fake-fantrax.ts';
import { reply } from '../../helpers/fake-platform.ts';
import type { FakeRoute } from '../../helpers/fake-platform.ts';
import { failure, rejection } from '../../helpers/failure.ts';

const basketball2020 = { sports: ['basketball' as const], seasons: [2020] };
const league = {
  platformLeagueKey: 'hoopsleague20fx1',
  season: 2020,
  sport: 'basketball' as const,
};
const secretAccount: PlatformAccount = {
  platform: 'fantrax',
  externalUserId: 'secret-0000000000000000',
  credentials: JSON.stringify({ secretId: FANTRAX_SECRET_ID }),
};

describe('Fantrax connector faults', () => {
  const fakes: FakeFantrax[] = [];
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((f) => f.close()));
  });
  after(async () => {
    await Promise.all(fakes.map((f) => f.close()));
  });

  async function setUp(
    overrides: Record<string, FakeRoute>,
    options: Partial<FantraxConnectorOptions> = {},
  ) {
    const fake = await startFakeFantrax({ withoutRecordings: true, overrides });
    fakes.push(fake);
    const connector = createFantraxConnector({
      baseUrl: fake.baseUrl,
      timeoutMs: 500,
      maxAttempts: 2,
      backoffBaseMs: 1,
      backoffMaxMs: 5,
      forbiddenBackoffMs: 1,
      requestsPerMinute: 0,
      ...options,
    });
    return { fake, connector };
  }

  test('a 429 is retried, and a lasting one is rate_limited', async () => {
    const { fake: served } = await setUp({});
    const body = JSON.stringify(
      served.served('/getTeamRosters', { leagueId: league.platformLeagueKey }),
    );
    const once = await setUp({ '/getTeamRosters': [reply.rateLimited('0'), reply.raw(body)] });
    // The earlier periods' lineups held as final: getTeamRosters is asked for the current one only.
    const context = { ...storeHolding(), finalLineupPeriods: async () => new Set([1, 2]) };
    const snapshot = await once.connector.fetchLeague(secretAccount, league, context);
    assert.equal(snapshot.rosterEntries.length, 2);
    assert.equal(once.fake.hits('/getTeamRosters'), 2);

    const always = await setUp({ '/getTeamRosters': reply.rateLimited('0') });
    const error = await failure(
      always.connector.fetchLeague(secretAccount, league, storeHolding()),
    );
    assert.equal(error.kind, 'rate_limited');
  });

  test("Cloudflare's 403 is backed off twice, then rate_limited", async () => {
    const { fake, connector } = await setUp({ '/getLeagues': reply.status(403) });
    const error = await failure(connector.listLeagues(secretAccount, basketball2020));
    assert.equal(error.kind, 'rate_limited');
    assert.match(error.message, /GET \/getLeagues answered HTTP 403 3 times/);
    assert.equal(fake.hits('/getLeagues'), 3);
    assert.ok(!error.message.includes(FANTRAX_SECRET_ID));

    const passes = await setUp({ '/getLeagues': [reply.status(403), reply.json({ leagues: [] })] });
    assert.deepEqual(await passes.connector.listLeagues(secretAccount, basketball2020), []);
  });

  test('5xx is retried, then unavailable, without the secret id in the message', async () => {
    const { fake, connector } = await setUp({ '/getLeagues': reply.status(503) });
    const error = await failure(connector.listLeagues(secretAccount, basketball2020));
    assert.equal(error.kind, 'unavailable');
    assert.match(error.message, /GET \/getLeagues answered HTTP 503/);
    assert.equal(fake.hits('/getLeagues'), 2);
    assert.ok(!error.message.includes(FANTRAX_SECRET_ID));
  });

  test('a call that never answers is a timeout', async () => {
    const { connector } = await setUp({ '/getLeagueInfo': reply.hang() });
    const error = await failure(connector.fetchLeague(secretAccount, league, storeHolding()));
    assert.equal(error.kind, 'timeout');
  });

  test('a secret id Fantrax stops accepting must be linked again', async () => {
    const { connector } = await setUp({
      '/getLeagues': reply.json({ error: { code: 'WARNING', message: 'Invalid user secret ID' } }),
    });
    const error = await failure(connector.listLeagues(secretAccount, basketball2020));
    assert.equal(error.kind, 'credentials_rejected');
    assert.match(error.message, /no longer accepts the stored secret id.*link the account again/);
  });

  test('an unknown league is not_found; a league of another season is invalid_response', async () => {
    const { connector } = await setUp({});
    const gone = { ...league, platformLeagueKey: 'nosuchleague0001' };
    const error = await failure(connector.fetchLeague(secretAccount, gone, storeHolding()));
    assert.equal(error.kind, 'not_found');
    assert.match(
      error.message,
      /league nosuchleague0001 not found on Fantrax \("INVALID_LEAGUE_ID/,
    );
    const wrongSeason = await failure(
      connector.fetchLeague(secretAccount, { ...league, season: 2019 }, storeHolding()),
    );
    assert.equal(wrongSeason.kind, 'invalid_response');
  });

  test('a listed league Fantrax refuses is still listed, so its fetch fails visibly', async () => {
    const { connector } = await setUp({
      '/getLeagueInfo': reply.json({ error: { code: 'WARNING', message: 'League is private' } }),
    });
    const counted: number[] = [];
    const refs = await connector.listLeagues(secretAccount, {
      sports: ['football', 'basketball'],
      seasons: [2019, 2020],
      unsupportedLeagues: (count) => counted.push(count),
    });
    // Its sport from the user's list, the newest season asked; the hockey league still counted.
    assert.deepEqual(
      refs.map((ref) => [ref.platformLeagueKey, ref.season, ref.sport]),
      [['hoopsleague20fx1', 2020, 'basketball']],
    );
    assert.deepEqual(counted, [1]);
    const error = await failure(connector.fetchLeague(secretAccount, refs[0]!, storeHolding()));
    assert.equal(error.kind, 'not_found');
  });

  const shapes: Array<[string, string, FakeRoute, RegExp]> = [
    [
      'a league list of the wrong shape',
      '/getLeagues',
      reply.json({ leagues: [{ leagueId: 7 }] }),
      /getLeagues answered an unexpected shape at \/leagues\/0\/leagueId/,
    ],
    [
      'a roster item without an id',
      '/getTeamRosters',
      reply.json({ rosters: { t1: { rosterItems: [{ position: 'PG' }] } } }),
      /getTeamRosters answered an unexpected shape at \/rosters\/t1\/rosterItems\/0/,
    ],
    [
      'teamInfo of the wrong shape',
      '/getLeagueInfo',
      reply.json({ seasonYear: 2020, teamInfo: { t1: 'One' } }),
      /getLeagueInfo answered an unexpected shape at \/teamInfo\/t1/,
    ],
    [
      'HTML with status 200',
      '/getTeamRosters',
      reply.raw('<html>Checking your browser</html>'),
      /getTeamRosters sent a body that is not valid JSON/,
    ],
    [
      'a truncated body',
      '/getLeagueInfo',
      reply.truncated('{"leagueName":"Ada Hoops","seasonYear":2020}'),
      /not valid JSON/,
    ],
    ['a malformed body', '/getPlayerIds', reply.malformed(), /not valid JSON/],
  ];
  for (const [what, path, route, message] of shapes) {
    test(`${what} is invalid_response`, async () => {
      const { connector } = await setUp({ [path]: route });
      const run =
        path === '/getLeagues'
          ? connector.listLeagues(secretAccount, basketball2020)
          : path === '/getPlayerIds'
            ? connector.fetchPlayerPool(poolOf('fantrax', 'basketball'), secretAccount)
            : connector.fetchLeague(secretAccount, league, storeHolding());
      const error = await failure(run);
      assert.equal(error.kind, 'invalid_response');
      assert.match(error.message, message);
    });
  }

  test('an empty player list is refused rather than written', async () => {
    const { connector } = await setUp({ '/getPlayerIds': reply.json({}) });
    const error = await failure(
      connector.fetchPlayerPool(poolOf('fantrax', 'basketball'), secretAccount),
    );
    assert.equal(error.kind, 'invalid_response');
  });

  test('linking refuses what is missing, malformed or unknown, storing nothing', async () => {
    const { fake, connector } = await setUp({});
    await rejection(connector.link({}), InvalidInputError);
    await rejection(connector.link({ credentials: { secret: 'x' } }), InvalidInputError);
    await rejection(connector.link({ leagueIds: ['not an id'] }), InvalidInputError);
    assert.equal(fake.totalHits(), 0);
    const unknown = await failure(
      connector.link({ credentials: { secret_id: 'wrongsecret0000' } }),
    );
    assert.equal(unknown.kind, 'not_found');
    assert.match(unknown.message, /knows no user with this secret id/);
    assert.ok(!unknown.message.includes('wrongsecret0000'));
    const noLeague = await failure(connector.link({ leagueIds: ['nosuchleague0001'] }));
    assert.equal(noLeague.kind, 'not_found');
    // Adding a league keeps the secret id and the leagues followed before.
    const first = await linkWith(connector, { credentials: { secret_id: FANTRAX_SECRET_ID } });
    const outcome = await connector.link({ leagueIds: ['publicbaseball21'] }, first);
    assert.equal(outcome.status, 'linked');
    if (outcome.status === 'linked') {
      assert.equal(outcome.account.externalUserId, first.externalUserId);
      assert.equal(outcome.account.credentials, first.credentials);
      assert.deepEqual(outcome.account.settings, { leagueIds: ['publicbaseball21'] });
    }
  });
});
