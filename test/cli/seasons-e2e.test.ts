// SUPPORTED_SEASONS end to end, as an operator would use it: widen the range, sync a Sleeper
// account through the CLI against the fake Sleeper, and read this season's league through the
// HTTP API; later runs leave finished seasons alone (counted in requests to the fake); narrowing
// the range again hides the later leagues without dropping them.
//
// Neither Sleeper data set (the project's made-up one, and the recordings in
// ../shared/fixtures/sleeper when they are there) holds a league of 2022 or later, so the 2022
// league here is a 2021 league of the set that is in no user's list, as Sleeper would list it a
// season on: a new league id, season "2022" and previous_league_id pointing back, with that
// league's rosters and users. Everything else is served as the set has it.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isSeasonFinished } from '../../src/domain/pools.ts';
import { seasonsBetween } from '../../src/domain/seasons.ts';
import { endToEnd } from '../helpers/end-to-end.ts';
import type { LeagueBody } from '../helpers/end-to-end.ts';
import { reply } from '../helpers/fake-platform.ts';
import { RECORDED_SLEEPER, SYNTHETIC_SLEEPER } from '../helpers/sleeper-data.ts';

const THIS_YEAR = new Date().getUTCFullYear();
const WIDE = `2017-${THIS_YEAR}`;
/** The specification's own seasons: the strict setting, narrower than the default. */
const STRICT = '2017-2021';

/** Each set's 2021 league in no user's list, served a season on under a new id. */
const SETS = [
  {
    data: SYNTHETIC_SLEEPER,
    base: { id: '700000000000000003', name: 'Invented Future League', numTeams: 4, rostered: 9 },
    nextSeasonId: '700000000000000004',
  },
  {
    data: RECORDED_SLEEPER,
    base: {
      id: '649647301366755328',
      name: 'Fantasy Football Lives Matter',
      numTeams: 12,
      rostered: 101,
    },
    nextSeasonId: '849647301366755328',
  },
];

for (const { data, base, nextSeasonId } of SETS) {
  const [first, second] = data.leagues;
  describe(`SUPPORTED_SEASONS, end to end (${data.label})`, { skip: data.skip }, () => {
    const e2e = endToEnd({
      startFake: () => data.start(),
      env: (fake) => ({ SLEEPER_BASE_URL: fake.baseUrl }),
    });
    const { cli } = e2e;
    const wide = (...args: string[]) => e2e.cliWith({ SUPPORTED_SEASONS: WIDE }, ...args);
    const strict = (...args: string[]) => e2e.cliWith({ SUPPORTED_SEASONS: STRICT }, ...args);

    async function withServer(
      env: Record<string, string>,
      work: (get: (path: string) => Promise<Response>) => Promise<void>,
    ): Promise<void> {
      await e2e.startApi(env);
      try {
        await work((path) => e2e.get(path));
      } finally {
        await e2e.stopApi();
      }
    }
    const leagues = async (response: Response) => {
      assert.equal(response.status, 200);
      return ((await response.json()) as LeagueBody[]).map((l) => [l.name, l.season]);
    };

    before(async () => {
      const { fake } = e2e;
      const league = fake.recorded(`/league/${base.id}`) as Record<string, unknown>;
      const nextSeason = {
        ...league,
        league_id: nextSeasonId,
        season: '2022',
        previous_league_id: base.id,
      };
      fake.route(`/league/${nextSeasonId}`, reply.json(nextSeason));
      for (const part of ['rosters', 'users']) {
        const body = fake.recorded(`/league/${base.id}/${part}`);
        fake.route(`/league/${nextSeasonId}/${part}`, reply.json(body));
      }
      fake.route(`/user/${data.user.userId}/leagues/nfl/2022`, reply.json([nextSeason]));
      await e2e.createUser('alice');
      const linked = await cli(
        'link',
        'sleeper',
        '--user',
        'alice',
        '--username',
        data.user.username,
      );
      assert.equal(linked.code, 0, linked.stderr);
      e2e.token = await e2e.issueToken('alice');
    });

    it("with the specification's 2017-2021, --season 2022 is refused", async () => {
      const result = await strict('sync', '--user', 'alice', '--season', '2022');
      assert.equal(result.code, 2);
      assert.match(result.stderr, /unknown season "2022"; seasons: 2017, 2018, 2019, 2020, 2021/);
    });

    it('widened, a sync writes the 2022 league beside the recorded 2020 ones', async () => {
      const result = await wide('sync', '--user', 'alice');
      assert.equal(result.code, 0, result.stderr);
      assert.match(
        result.stdout,
        new RegExp(
          `sleeper\\s+${base.name}\\s+\\d+\\s+2022\\s+football\\s+written\\s+${base.numTeams}\\s+\\d+`,
        ),
      );
      assert.match(result.stdout, /ok: 3 leagues found, 3 written/);
      const asked = e2e.fake.requests.map((r) => r.path);
      for (const season of seasonsBetween(2017, THIS_YEAR)) {
        assert.ok(asked.includes(`/user/${data.user.userId}/leagues/nfl/${season}`));
      }
    });

    it('the next run asks only about seasons not over yet', async () => {
      const before = e2e.fake.requests.length;
      const result = await wide('sync', '--user', 'alice');
      assert.equal(result.code, 0, result.stderr);
      const current = seasonsBetween(2017, THIS_YEAR).filter(
        (s) => !isSeasonFinished(s, new Date()),
      );
      const expected = current.flatMap((season) =>
        ['nfl', 'nba'].map((sport) => `/user/${data.user.userId}/leagues/${sport}/${season}`),
      );
      assert.deepEqual(
        e2e.fake.requests
          .slice(before)
          .map((r) => r.path)
          .sort(),
        expected.sort(),
      );
      assert.match(result.stderr, /finished and synced in full already, not asked again/);
      // The seasons left alone still count their leagues: found, and unchanged.
      assert.match(result.stdout, /unchanged: 3 leagues found, 0 written, 3 unchanged/);
    });

    it('--season names a finished season and syncs it again', async () => {
      const before = e2e.fake.requests.length;
      const result = await wide('sync', '--user', 'alice', '--season', '2022');
      assert.equal(result.code, 0, result.stderr);
      const asked = e2e.fake.requests.slice(before).map((r) => r.path);
      assert.ok(asked.includes(`/league/${nextSeasonId}`), asked.join(' '));
      assert.match(result.stdout, /unchanged: 1 league found, 0 written, 1 unchanged/);
    });

    it('serves the 2022 league and lists the configured years in the OpenAPI enum', async () => {
      await withServer({ SUPPORTED_SEASONS: WIDE }, async (get) => {
        const listed = (await (await get('/league/findAllLeagues')).json()) as LeagueBody[];
        assert.deepEqual(
          listed.map((l) => [l.name, l.season]),
          [
            [base.name, 2022],
            [first.name, 2020],
            [second.name, 2020],
          ],
        );
        assert.deepEqual(await leagues(await get('/league/findAllLeagues?season=2022')), [
          [base.name, 2022],
        ]);
        const id = (listed[0] as LeagueBody).league_id;
        assert.equal((await get(`/league/settings/${id}`)).status, 200);
        const rostered = (await (
          await get(`/players/getAllRostered/${id}/names`)
        ).json()) as object;
        assert.ok(Object.keys(rostered).length >= base.rostered);
        const doc = (await (await get('/openapi.json')).json()) as {
          paths: Record<string, { get: { parameters: Array<{ name: string; schema: unknown }> } }>;
        };
        const season = doc.paths['/league/findAllLeagues']?.get.parameters.find(
          (p) => p.name === 'season',
        );
        assert.deepEqual(
          (season?.schema as { items: { enum: number[] } }).items.enum,
          seasonsBetween(2017, THIS_YEAR),
        );
      });
    });

    it('narrowed to 2017-2021, the 2022 league is hidden, even from a sync, and kept', async () => {
      const sync = await strict('sync', '--user', 'alice');
      assert.equal(sync.code, 0, sync.stderr);
      assert.match(sync.stdout, / 0 detached/);
      let id = 0;
      await withServer({ SUPPORTED_SEASONS: WIDE }, async (get) => {
        id = ((await (await get('/league/findAllLeagues?season=2022')).json()) as LeagueBody[])[0]
          ?.league_id as number;
      });
      await withServer({ SUPPORTED_SEASONS: STRICT }, async (get) => {
        assert.deepEqual(await leagues(await get('/league/findAllLeagues')), [
          [first.name, 2020],
          [second.name, 2020],
        ]);
        assert.equal((await get(`/league/settings/${id}`)).status, 404);
        assert.equal((await get(`/players/getAllRostered/${id}/names`)).status, 404);
        assert.equal((await get('/league/findAllLeagues?season=2022')).status, 400);
      });
      await withServer({ SUPPORTED_SEASONS: WIDE }, async (get) => {
        assert.equal((await get(`/league/settings/${id}`)).status, 200);
      });
    });
  });
}
