// End to end, as an operator would do it: create a user, link a Sleeper username and sync it with
// the CLI against a fake Sleeper server, issue a token, then read the leagues through the real
// HTTP server. A failing platform makes `sync` exit 1 and leaves what the API serves as it was.
// Runs on the project's made-up Sleeper data, and on ../shared/fixtures/sleeper when it is there.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endToEnd } from '../helpers/end-to-end.ts';
import type { LeagueBody } from '../helpers/end-to-end.ts';
import { reply } from '../helpers/fake-platform.ts';
import { SLEEPER_DATA_SETS } from '../helpers/sleeper-data.ts';

for (const data of SLEEPER_DATA_SETS) {
  const [first, second] = data.leagues;
  const user = data.user;
  describe(
    `Sleeper, end to end through the CLI and the HTTP API (${data.label})`,
    { skip: data.skip },
    () => {
      const e2e = endToEnd({
        startFake: () => data.start(),
        env: (fake) => ({ SLEEPER_BASE_URL: fake.baseUrl }),
      });
      const { cli, getJson } = e2e;

      it('links a username to the Sleeper user id', async () => {
        await e2e.createUser('alice');
        const linked = await cli('link', 'sleeper', '--user', 'alice', '--username', user.username);
        assert.equal(linked.code, 0, linked.stderr);
        assert.equal(linked.stdout, `${user.userId}\n`);
        assert.match(linked.stderr, new RegExp(`linked sleeper account "${user.username}"`));
        const unknown = await cli(
          'link',
          'sleeper',
          '--user',
          'alice',
          '--username',
          'nobody-here',
        );
        assert.equal(unknown.code, 1);
        assert.match(unknown.stderr, /no Sleeper user named "nobody-here"/);
        const list = await cli('users', 'list');
        assert.match(list.stdout, new RegExp(`alice\\s+\\S+\\s+sleeper:${user.username}`));
      });

      it('a link that finds the call budget in use fails within seconds: exit 1, nothing stored', async () => {
        await e2e.createUser('dan');
        const path = `/user/${user.username}`;
        const recorded = e2e.fake.recorded(path);
        const hitsBefore = e2e.fake.hits(path);
        // One call a minute: the first attempt spends it, Sleeper's 503 asks for a retry, and the
        // retry would have to wait out the minute.
        e2e.fake.route(path, [reply.status(503), reply.json(recorded)]);
        try {
          const busy = await e2e.cliWith(
            { SLEEPER_REQUESTS_PER_MINUTE: '1' },
            ...['link', 'sleeper', '--user', 'dan', '--username', user.username],
          );
          assert.equal(busy.code, 1, busy.stderr);
          assert.match(
            busy.stderr,
            /^fantasy-data link: sleeper: this service's call budget for sleeper is in use by background syncs and other links; nothing was changed, try again in \d+ s$/m,
          );
          assert.equal(e2e.fake.hits(path), hitsBefore + 1, 'the retry never went out');
        } finally {
          e2e.fake.route(path, reply.json(recorded));
        }
        const list = await cli('users', 'list');
        assert.match(list.stdout, /^\d+\s+dan\s+\S+\s*$/m, 'dan has no account');
      });

      it('syncs with live progress on stderr and a summary table on stdout', async () => {
        const result = await cli('sync', '--user', 'alice', '--platform', 'sleeper');
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stderr, /sleeper: 2 leagues found/);
        assert.match(result.stderr, /sleeper: football player pool refreshed \(\d+ players\)/);
        assert.match(
          result.stderr,
          new RegExp(
            `sleeper: written {3}${first.name} \\(football 2020\\): ${first.numTeams} teams`,
          ),
        );
        assert.match(
          result.stdout,
          new RegExp(
            `sleeper\\s+${second.name}\\s+\\d+\\s+2020\\s+football\\s+written\\s+${second.numTeams}\\s+\\d+`,
          ),
        );
        assert.match(
          result.stdout,
          /ok: 2 leagues found, 2 written, 0 unchanged, 0 failed, 0 detached/,
        );
        const again = await cli(
          'sync',
          '--user',
          'alice',
          '--sport',
          'football',
          '--season',
          '2020',
        );
        assert.equal(again.code, 0);
        assert.match(again.stdout, /unchanged: 2 leagues found, 0 written, 2 unchanged/);
      });

      it('serves the synced leagues through the HTTP API with a token', async () => {
        e2e.token = await e2e.issueToken('alice');
        const server = await e2e.startApi({ FANTASY_DEMO_ON_EMPTY: 'true' });
        assert.equal(server.demoToken, undefined, 'a store with users is not seeded with the demo');
        const leagues = (await getJson('/league/findAllLeagues')) as LeagueBody[];
        assert.deepEqual(
          leagues.map((l) => [l.platform, l.name, l.sport, l.season, l.num_teams]),
          [
            ['sleeper', first.name, 'football', 2020, first.numTeams],
            ['sleeper', second.name, 'football', 2020, second.numTeams],
          ],
        );
        const league = leagues[1] as LeagueBody;
        const rostered = (await getJson(
          `/players/getAllRostered/${league.league_id}/names`,
        )) as Record<string, unknown[]>;
        assert.ok(Object.keys(rostered).length >= data.targetRostered);
      });

      it('a failing platform makes sync exit 1, records the error, and the API serves the earlier data', async () => {
        const before = (await getJson('/league/findAllLeagues')) as LeagueBody[];
        const target = before.find((l) => l.name === first.name) as LeagueBody;
        const rosteredBefore = await getJson(`/players/getAllRostered/${target.league_id}/names`);
        const path = `/league/${first.id}/rosters`;
        const recorded = e2e.fake.recorded(path);
        e2e.fake.route(path, reply.status(500));
        try {
          // Named: without --season the finished, fully synced 2020 would be left alone.
          const result = await cli('sync', '--user', 'alice', '--season', '2020');
          assert.equal(result.code, 1);
          assert.match(
            result.stdout,
            new RegExp(
              `sleeper\\s+${first.name}\\s+\\d+\\s+2020\\s+football\\s+failed\\s+-\\s+-\\s+sleeper: .*500`,
            ),
          );
          assert.match(
            result.stdout,
            /^partial: 2 leagues found, 0 written, 1 unchanged, 1 failed/m,
          );
          assert.match(result.stderr, new RegExp(`failed {4}${first.name}`));
        } finally {
          e2e.fake.route(path, reply.json(recorded));
        }
        assert.deepEqual(await getJson('/league/findAllLeagues'), before);
        assert.deepEqual(
          await getJson(`/players/getAllRostered/${target.league_id}/names`),
          rosteredBefore,
        );
        const status = await cli('sync', 'status', '--user', 'alice');
        assert.equal(status.code, 0);
        const row = status.stdout.split('\n').find((line) => line.includes(first.name));
        assert.match(
          row ?? status.stdout,
          /\d{4}-\S+Z\s+failed\s+\d{4}-\S+Z\s+never\s+-\s+sleeper: .*500/,
        );
      });
    },
  );
}
