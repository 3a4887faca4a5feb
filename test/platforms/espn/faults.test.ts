// What a user meets when ESPN refuses or fails: each a PlatformError of the kind the engine acts
// on, with a message naming the league and never a cookie. Never a crash. On the made-up ESPN,
// and on the recordings when ../shared has them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import { reply } from '../../helpers/fake-platform.ts';
import { poolOf, storeHolding } from '../../helpers/connectors.ts';
import { ESPN_DATA_SETS } from '../../helpers/espn-data.ts';
import { ESPN_FAN } from '../../helpers/fake-espn.ts';
import type { FakeEspn } from '../../helpers/fake-espn.ts';
import { espnRejection, espnWorld } from './world.ts';

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await espnRejection(promise, PlatformError);
  assert.ok(!error.message.includes(ESPN_FAN.swid), 'not even the SWID of the fan URL');
  return error;
}

for (const data of ESPN_DATA_SETS) {
  const { id, name } = data.football.privateLeague;
  const LEAGUE_PATH = `/apis/v3/games/ffl/seasons/2020/segments/0/leagues/${id}`;
  const ref = { platformLeagueKey: id, season: 2020, sport: 'football' } as const;
  describe(`ESPN faults (${data.label})`, { skip: data.skip }, () => {
    let fake: FakeEspn;
    let espn: PlatformConnector;
    let account: PlatformAccount;

    before(async () => {
      ({ fake, espn, account } = await espnWorld({ maxAttempts: 2, timeoutMs: 2_000 }, data));
    });
    after(() => fake.close());

    test('expired cookies: the fan profile refuses them, credentials_rejected', async () => {
      fake.validS2.clear();
      try {
        const error = await failure(
          espn.listLeagues(account, { sports: ['football'], seasons: [2020] }),
        );
        assert.equal(error.kind, 'credentials_rejected');
        assert.match(error.message, /link again/);
      } finally {
        fake.validS2.add(ESPN_FAN.espnS2);
      }
    });

    test('a private league without cookies: forbidden, naming the league', async () => {
      const byId: PlatformAccount = { platform: 'espn', externalUserId: `leagues:${id}` };
      const error = await failure(espn.fetchLeague(byId, ref, storeHolding()));
      assert.equal(error.kind, 'forbidden');
      assert.match(
        error.message,
        new RegExp(
          `football league ${id}, season 2020 is not visible \\(AUTH_LEAGUE_NOT_VISIBLE\\)`,
        ),
      );
      assert.match(error.message, /private/);
      // Listed all the same, so that the sync reports it.
      const listed = await espn.listLeagues(
        { ...byId, settings: { leagues: [{ id, sport: 'football' }] } },
        { sports: ['football'], seasons: [2019, 2020] },
      );
      assert.deepEqual(listed, [{ platformLeagueKey: id, season: 2020, sport: 'football' }]);
    });

    test('a league that cookies cannot see: forbidden, suggesting fresh cookies', async () => {
      fake.route(LEAGUE_PATH, reply.json({ details: [{ type: 'AUTH_LEAGUE_NOT_VISIBLE' }] }, 401));
      try {
        const error = await failure(espn.fetchLeague(account, ref, storeHolding()));
        assert.equal(error.kind, 'forbidden');
        assert.match(error.message, /not a member .* fresh espn_s2 and SWID/);
      } finally {
        fake.route(LEAGUE_PATH, fake.answer);
      }
    });

    test('a league season that does not exist: not_found', async () => {
      const error = await failure(
        espn.fetchLeague(account, { ...ref, season: 2021 }, storeHolding()),
      );
      assert.equal(error.kind, 'not_found');
      assert.ok(
        error.message.includes(`football league ${id}, season 2021 does not exist on ESPN`),
        error.message,
      );
      const old = await failure(
        espn.fetchLeague(account, { ...ref, season: 2016 }, storeHolding()),
      );
      assert.equal(old.kind, 'not_found', 'an empty leagueHistory is a season ESPN does not serve');
    });

    test('5xx and 429 go through the shared retries, then fail as unavailable / rate_limited', async () => {
      fake.route(LEAGUE_PATH, [reply.status(503), reply.status(503)]);
      const error = await failure(espn.fetchLeague(account, ref, storeHolding()));
      assert.equal(error.kind, 'unavailable');
      assert.match(error.message, /503/);
      let calls = 0;
      fake.route(LEAGUE_PATH, (request) =>
        ++calls === 1 ? reply.status(502) : fake.answer(request),
      );
      const recovered = await espn.fetchLeague(account, ref, storeHolding());
      assert.equal(recovered.name, name);
      const path = '/apis/v3/games/ffl/seasons/2020/players';
      fake.route(path, reply.rateLimited('0'));
      const limited = await failure(
        espn.fetchPlayerPool(poolOf('espn', 'football', 2020), account),
      );
      assert.equal(limited.kind, 'rate_limited');
    });

    test('bodies that fit no schema: invalid_response', async () => {
      fake.route(LEAGUE_PATH, reply.json({ id: Number(id), seasonId: 2020, teams: 'none' }));
      const league = await failure(espn.fetchLeague(account, ref, storeHolding()));
      assert.equal(league.kind, 'invalid_response');
      assert.ok(
        league.message.includes(`leagues/${id} answered an unexpected shape at /teams`),
        league.message,
      );
      fake.route(LEAGUE_PATH, reply.malformed());
      assert.equal(
        (await failure(espn.fetchLeague(account, ref, storeHolding()))).kind,
        'invalid_response',
      );
      fake.route(
        '/apis/v3/games/fba/seasons/2023/players',
        reply.json([{ id: 'x', fullName: 'X' }]),
      );
      const pool = await failure(espn.fetchPlayerPool(poolOf('espn', 'basketball', 2022), account));
      assert.equal(pool.kind, 'invalid_response');
      fake.fanProfile = { preferences: 'none' };
      const fan = await failure(
        espn.listLeagues(account, { sports: ['football'], seasons: [2020] }),
      );
      assert.equal(fan.kind, 'invalid_response');
      assert.match(fan.message, /GET fan profile/);
    });
  });
}
