// Yahoo end to end, as an operator would do it: without the application's keys `link yahoo`
// exits 2 naming them; with them it prints the address to approve, `--code` links the account,
// `sync` brings in the leagues, and the HTTP API serves them. A renewal Yahoo refuses marks the
// account "needs linking again" and later syncs leave Yahoo alone. On the made-up Yahoo, and on
// the recordings when ../shared has them.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endToEnd } from '../helpers/end-to-end.ts';
import type { LeagueBody } from '../helpers/end-to-end.ts';
import { FAKE_CLIENT, startFakeYahoo } from '../helpers/fake-yahoo.ts';
import { YAHOO_DATA_SETS } from '../helpers/yahoo-data.ts';
import { runCli } from './run-cli.ts';

for (const data of YAHOO_DATA_SETS) {
  const { synced } = data;
  describe(
    `Yahoo, end to end through the CLI and the HTTP API (${data.label})`,
    { skip: data.skip },
    () => {
      const e2e = endToEnd({
        startFake: () => startFakeYahoo({ world: data.world() }),
        env: (fake) => ({
          YAHOO_BASE_URL: fake.baseUrl,
          YAHOO_AUTH_BASE_URL: fake.authBaseUrl,
          YAHOO_CLIENT_ID: FAKE_CLIENT.id,
          YAHOO_CLIENT_SECRET: FAKE_CLIENT.secret,
        }),
      });
      const { cli, getJson } = e2e;

      before(() => e2e.createUser('alice'));

      it('without YAHOO_CLIENT_ID and YAHOO_CLIENT_SECRET, link yahoo exits 2 naming them', async () => {
        // Not `cli`: none of the fake's variables, so no application keys either.
        const result = await runCli(['link', 'yahoo', '--user', 'alice'], {
          FANTASY_DATA_DIR: e2e.dataDir,
        });
        assert.equal(result.code, 2, result.stderr);
        assert.match(result.stderr, /YAHOO_CLIENT_ID and YAHOO_CLIENT_SECRET/);
      });

      it('link yahoo prints the address to approve; --code links the account', async () => {
        const ask = await cli('link', 'yahoo', '--user', 'alice');
        assert.equal(ask.code, 0, ask.stderr);
        assert.equal(
          ask.stdout.trim(),
          `${e2e.fake.authBaseUrl}/request_auth?client_id=${FAKE_CLIENT.id}&redirect_uri=oob&response_type=code`,
        );
        assert.match(ask.stderr, /--code/);
        const linked = await cli(
          'link',
          'yahoo',
          '--user',
          'alice',
          '--code',
          e2e.fake.issueCode(),
        );
        assert.equal(linked.code, 0, linked.stderr);
        assert.equal(linked.stdout, `${data.user.guid}\n`);
        assert.ok(
          linked.stderr.includes(`linked yahoo account "${data.user.nickname}"`),
          linked.stderr,
        );
        assert.doesNotMatch(
          linked.stderr + linked.stdout,
          /access-|refresh-/,
          'no token is printed',
        );
        const reused = await cli('link', 'yahoo', '--user', 'alice', '--code', 'code-never-issued');
        assert.equal(reused.code, 2);
        assert.match(reused.stderr, /Yahoo refused the code/);
      });

      it('sync brings in the football 2021 league, its pool and rosters; the API serves them', async () => {
        const result = await cli('sync', '--user', 'alice', '--platform', 'yahoo');
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stderr, /yahoo: 1 league found/);
        const { name, season, numTeams, rostered, poolSize } = synced;
        const has = (text: string) => assert.ok(result.stderr.includes(text), result.stderr);
        has(`yahoo: football ${season} player pool refreshed (${poolSize} players)`);
        has(
          `written   ${name} (football ${season}): ${numTeams} teams, ${rostered} roster entries`,
        );
        e2e.token = await e2e.issueToken('alice');
        await e2e.startApi();
        const leagues = (await getJson('/league/findAllLeagues')) as LeagueBody[];
        assert.equal(leagues.length, 1);
        const league = leagues[0] as LeagueBody;
        assert.deepEqual(
          [
            league.platform,
            league.name,
            league.sport,
            league.season,
            league.num_teams,
            league.league_url,
          ],
          ['yahoo', name, 'football', season, numTeams, synced.url],
        );
        const id = synced.player['player_id'] as string;
        const player = await getJson(`/players/${league.league_id}/searchPlayer/player_id/${id}`);
        assert.deepEqual(player, synced.player);
        const names = (await getJson(
          `/players/getAllRostered/${league.league_id}/names`,
        )) as Record<string, unknown[]>;
        assert.equal(Object.values(names).flat().length, rostered);
      });

      it('a renewal Yahoo refuses marks the account "needs linking again"; later syncs leave Yahoo alone', async () => {
        e2e.fake.refuseRefresh('invalid_grant');
        e2e.fake.expireAccessTokens();
        // Named: 2021 is over and synced in full, so an unnamed run would not call Yahoo at all.
        const season = String(synced.season);
        const failed = await cli(
          'sync',
          '--user',
          'alice',
          '--platform',
          'yahoo',
          '--season',
          season,
        );
        assert.equal(failed.code, 1);
        assert.match(failed.stderr, /refused to renew .*invalid_grant/);
        assert.match(failed.stderr + failed.stdout, /link/i);
        const sent = e2e.fake.requests.length;
        const again = await cli('sync', '--user', 'alice', '--platform', 'yahoo');
        assert.equal(again.code, 1);
        assert.match(again.stderr, /needs linking again/);
        assert.equal(
          e2e.fake.requests.length,
          sent,
          'no call to Yahoo for an account that needs linking',
        );
        const status = await cli('sync', 'status', '--user', 'alice');
        assert.match(status.stdout, /yahoo .*needs linking again/);
        e2e.fake.refuseRefresh(undefined);
        const relinked = await cli(
          'link',
          'yahoo',
          '--user',
          'alice',
          '--code',
          e2e.fake.issueCode(),
        );
        assert.equal(relinked.code, 0, relinked.stderr);
        const after = await cli('sync', '--user', 'alice', '--platform', 'yahoo');
        assert.equal(after.code, 0, after.stderr);
      });
    },
  );
}
