// Yahoo end to end, as an operator would do it: without the application's keys `link yahoo`
// exits 2 naming them; with them it prints the address to approve, `--code` links the account,
// `sync` brings in the leagues, and the HTTP API serves them. A renewal Yahoo refuses marks the
// account "needs linking again" and later syncs leave Yahoo alone.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endToEnd } from '../helpers/end-to-end.ts';
import type { LeagueBody } from '../helpers/end-to-end.ts';
import {
  FAKE_CLIENT,
  RECORDED_YAHOO_USER,
  YAHOO_FIXTURES_SKIP,
  startFakeYahoo,
} from '../helpers/fake-yahoo.ts';
import { runCli } from './run-cli.ts';

describe(
  'Yahoo, end to end through the CLI and the HTTP API',
  { skip: YAHOO_FIXTURES_SKIP },
  () => {
    const e2e = endToEnd({
      startFake: () => startFakeYahoo(),
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
      const linked = await cli('link', 'yahoo', '--user', 'alice', '--code', e2e.fake.issueCode());
      assert.equal(linked.code, 0, linked.stderr);
      assert.equal(linked.stdout, `${RECORDED_YAHOO_USER.guid}\n`);
      assert.match(linked.stderr, /linked yahoo account "Dave"/);
      assert.doesNotMatch(linked.stderr + linked.stdout, /access-|refresh-/, 'no token is printed');
      const reused = await cli('link', 'yahoo', '--user', 'alice', '--code', 'code-never-issued');
      assert.equal(reused.code, 2);
      assert.match(reused.stderr, /Yahoo refused the code/);
    });

    it('sync brings in the football 2021 league, its pool and rosters; the API serves them', async () => {
      const result = await cli('sync', '--user', 'alice', '--platform', 'yahoo');
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /yahoo: 1 league found/);
      assert.match(result.stderr, /yahoo: football 2021 player pool refreshed \(18 players\)/);
      assert.match(
        result.stderr,
        /written {3}MCS Fantasy Football 2021 \(football 2021\): 16 teams, 18 roster entries/,
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
        [
          'yahoo',
          'MCS Fantasy Football 2021',
          'football',
          2021,
          16,
          'https://football.fantasysports.yahoo.com/f1/117376',
        ],
      );
      const dak = await getJson(`/players/${league.league_id}/searchPlayer/player_id/29369`);
      assert.deepEqual(dak, {
        player_id: '29369',
        full_name: 'Dak Prescott',
        first_name: 'Dak',
        last_name: 'Prescott',
        position: 'QB',
        irl_team: 'DAL',
        uniform_number: '4',
        fantasy_team_roster_id: '4',
        sport: 'football',
      });
      const rostered = (await getJson(
        `/players/getAllRostered/${league.league_id}/names`,
      )) as Record<string, unknown[]>;
      assert.equal(Object.values(rostered).flat().length, 18);
    });

    it('a renewal Yahoo refuses marks the account "needs linking again"; later syncs leave Yahoo alone', async () => {
      e2e.fake.refuseRefresh('invalid_grant');
      e2e.fake.expireAccessTokens();
      // Named: 2021 is over and synced in full, so an unnamed run would not call Yahoo at all.
      const failed = await cli(
        'sync',
        '--user',
        'alice',
        '--platform',
        'yahoo',
        '--season',
        '2021',
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
