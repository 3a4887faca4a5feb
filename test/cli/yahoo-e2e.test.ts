// Yahoo end to end, as an operator would do it: without the application's keys `link yahoo`
// exits 2 naming them; with them it prints the address to approve, `--code` links the account,
// `sync` brings in the leagues, and the HTTP API serves them. A renewal Yahoo refuses marks the
// account "needs linking again" and later syncs leave Yahoo alone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import {
  FAKE_CLIENT,
  RECORDED_YAHOO_USER,
  YAHOO_FIXTURES_SKIP,
  startFakeYahoo,
} from '../helpers/fake-yahoo.ts';
import type { FakeYahoo } from '../helpers/fake-yahoo.ts';
import { runCli, tempDataDir } from './run-cli.ts';
import type { TempDir } from './run-cli.ts';

describe(
  'Yahoo, end to end through the CLI and the HTTP API',
  { skip: YAHOO_FIXTURES_SKIP },
  () => {
    let fake: FakeYahoo;
    let dir: TempDir;
    let server: RunningServer | undefined;
    const env = (): Record<string, string> => ({
      FANTASY_DATA_DIR: dir.path,
      YAHOO_BASE_URL: fake.baseUrl,
      YAHOO_AUTH_BASE_URL: fake.authBaseUrl,
      YAHOO_CLIENT_ID: FAKE_CLIENT.id,
      YAHOO_CLIENT_SECRET: FAKE_CLIENT.secret,
    });
    const cli = (...args: string[]) => runCli(args, env());

    before(async () => {
      fake = await startFakeYahoo();
      dir = tempDataDir();
      assert.equal((await cli('users', 'create', 'alice')).code, 0);
    });
    after(async () => {
      await server?.close();
      await fake?.close();
      dir?.remove();
    });

    it('without YAHOO_CLIENT_ID and YAHOO_CLIENT_SECRET, link yahoo exits 2 naming them', async () => {
      const result = await runCli(['link', 'yahoo', '--user', 'alice'], {
        FANTASY_DATA_DIR: dir.path,
      });
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /YAHOO_CLIENT_ID and YAHOO_CLIENT_SECRET/);
    });

    it('link yahoo prints the address to approve; --code links the account', async () => {
      const ask = await cli('link', 'yahoo', '--user', 'alice');
      assert.equal(ask.code, 0, ask.stderr);
      assert.equal(
        ask.stdout.trim(),
        `${fake.authBaseUrl}/request_auth?client_id=${FAKE_CLIENT.id}&redirect_uri=oob&response_type=code`,
      );
      assert.match(ask.stderr, /--code/);
      const linked = await cli('link', 'yahoo', '--user', 'alice', '--code', fake.issueCode());
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
      const token = (
        await cli('tokens', 'create', '--user', 'alice', '--products', 'league roster player')
      ).stdout.trim();
      server = await startServer(loadConfig({ FANTASY_DATA_DIR: dir.path, PORT: '0' }));
      const get = async (path: string): Promise<unknown> => {
        const response = await fetch(`${server?.url}${path}`, {
          headers: { 'X-Auth-Token': token },
        });
        assert.equal(response.status, 200, path);
        return response.json();
      };
      const leagues = (await get('/league/findAllLeagues')) as Array<Record<string, unknown>>;
      assert.equal(leagues.length, 1);
      const league = leagues[0] as Record<string, unknown>;
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
      const dak = await get(`/players/${String(league.league_id)}/searchPlayer/player_id/29369`);
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
      const rostered = (await get(
        `/players/getAllRostered/${String(league.league_id)}/names`,
      )) as Record<string, unknown[]>;
      assert.equal(Object.values(rostered).flat().length, 18);
    });

    it('a renewal Yahoo refuses marks the account "needs linking again"; later syncs leave Yahoo alone', async () => {
      fake.refuseRefresh('invalid_grant');
      fake.expireAccessTokens();
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
      const sent = fake.requests.length;
      const again = await cli('sync', '--user', 'alice', '--platform', 'yahoo');
      assert.equal(again.code, 1);
      assert.match(again.stderr, /needs linking again/);
      assert.equal(
        fake.requests.length,
        sent,
        'no call to Yahoo for an account that needs linking',
      );
      const status = await cli('sync', 'status', '--user', 'alice');
      assert.match(status.stdout, /yahoo .*needs linking again/);
      fake.refuseRefresh(undefined);
      const relinked = await cli('link', 'yahoo', '--user', 'alice', '--code', fake.issueCode());
      assert.equal(relinked.code, 0, relinked.stderr);
      const after = await cli('sync', '--user', 'alice', '--platform', 'yahoo');
      assert.equal(after.code, 0, after.stderr);
    });
  },
);
