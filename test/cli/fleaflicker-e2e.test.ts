// End to end, as an operator would do it: create a user, link a Fleaflicker e-mail and sync it with
// the CLI against a fake Fleaflicker serving ../shared/fixtures/fleaflicker, issue tokens, then
// read the league through all five endpoints of the real HTTP server; another user gets a 404.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endToEnd } from '../helpers/end-to-end.ts';
import type { LeagueBody } from '../helpers/end-to-end.ts';
import {
  FLEAFLICKER_FIXTURES_SKIP,
  RECORDED_FLEAFLICKER_EMAIL,
  startFakeFleaflicker,
} from '../helpers/fake-fleaflicker.ts';

describe(
  'Fleaflicker, end to end through the CLI and the HTTP API',
  { skip: FLEAFLICKER_FIXTURES_SKIP },
  () => {
    const e2e = endToEnd({
      startFake: () => startFakeFleaflicker({ onlyRecordedLeagues: true }),
      env: (fake) => ({ FLEAFLICKER_BASE_URL: fake.baseUrl }),
    });
    const { cli, get, getJson } = e2e;
    let bobToken = '';
    let league: LeagueBody | undefined;

    it('links by e-mail, refusing a malformed or unknown one', async () => {
      await e2e.createUser('alice');
      await e2e.createUser('bob');
      const malformed = await cli('link', 'fleaflicker', '--user', 'alice', '--email', 'alice');
      assert.equal(malformed.code, 2);
      assert.match(malformed.stderr, /"alice" is not an e-mail address/);
      const unknown = await cli(
        'link',
        'fleaflicker',
        '--user',
        'alice',
        '--email',
        'nobody@example.com',
      );
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /knows no account with the e-mail nobody@example\.com/);
      const linked = await cli(
        'link',
        'fleaflicker',
        '--user',
        'alice',
        '--email',
        RECORDED_FLEAFLICKER_EMAIL.toUpperCase(),
      );
      assert.equal(linked.code, 0, linked.stderr);
      assert.equal(linked.stdout, `${RECORDED_FLEAFLICKER_EMAIL}\n`);
      assert.match(linked.stderr, /linked fleaflicker account/);
    });

    it('syncs the league and the football player pool', async () => {
      const result = await cli('sync', '--user', 'alice', '--platform', 'fleaflicker');
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /fleaflicker: 1 leagues? found/);
      assert.match(result.stderr, /fleaflicker: football player pool refreshed \(60 players\)/);
      assert.match(
        result.stdout,
        /fleaflicker\s+Avid Auctioneers Alliance\s+\d+\s+2020\s+football\s+written\s+12\s+280/,
      );
      // 2020 is over and synced in full: an unnamed run leaves it alone, a named one asks again.
      const later = await cli('sync', '--user', 'alice', '--platform', 'fleaflicker');
      assert.equal(later.code, 0);
      assert.match(later.stdout, /unchanged: 0 leagues found/);
      const again = await cli(
        'sync',
        '--user',
        'alice',
        '--platform',
        'fleaflicker',
        '--season',
        '2020',
      );
      assert.equal(again.code, 0);
      assert.match(again.stdout, /unchanged: 1 leagues? found, 0 written, 1 unchanged/);
    });

    it('serves the league through the five endpoints', async () => {
      e2e.token = await e2e.issueToken('alice');
      bobToken = await e2e.issueToken('bob');
      await e2e.startApi();
      const leagues = (await getJson('/league/findAllLeagues')) as LeagueBody[];
      assert.equal(leagues.length, 1);
      league = leagues[0] as LeagueBody;
      assert.deepEqual(await getJson(`/league/settings/${league.league_id}`), {
        league_id: league.league_id,
        name: 'Avid Auctioneers Alliance',
        platform: 'fleaflicker',
        num_teams: 12,
        sport: 'football',
        league_url: 'https://www.fleaflicker.com/nfl/leagues/312861?season=2020',
        season: 2020,
        league_avatar: 'https://s3.amazonaws.com/fleaflicker/l312861_0_150x150.jpg',
      });
      const id = league.league_id;
      assert.deepEqual(await getJson(`/players/${id}/searchPlayer/player_id/13761`), {
        player_id: '13761',
        sport: 'football',
        full_name: 'Josh Allen',
        first_name: 'Josh',
        last_name: 'Allen',
        position: 'QB',
        irl_team: 'BUF',
        fantasy_team_roster_id: '1581719',
      });
      const mahomes = (await getJson(`/players/${id}/searchPlayer/name/patrick%20mahomes`)) as {
        player_id: string;
        fantasy_team_roster_id?: string;
      };
      assert.deepEqual([mahomes.player_id, mahomes.fantasy_team_roster_id], ['12894', '1581721']);
      // In the pool (the player listing), on no team of this league.
      const rodgers = (await getJson(`/players/${id}/searchPlayer/name/aaron%20rodgers`)) as {
        player_id: string;
        fantasy_team_roster_id?: string;
      };
      assert.deepEqual([rodgers.player_id, rodgers.fantasy_team_roster_id], ['3452', undefined]);
      const rostered = (await getJson(`/players/getAllRostered/${id}/names`)) as Record<
        string,
        Array<{ fantasy_team_roster_id: string }>
      >;
      assert.equal(Object.keys(rostered).length, 280);
      assert.equal(rostered['Carson Wentz']?.[0]?.fantasy_team_roster_id, '1578553');
    });

    it("another user's token gets 404 for the league", async () => {
      assert.ok(league);
      const id = league.league_id;
      for (const path of [
        `/league/settings/${id}`,
        `/players/${id}/searchPlayer/player_id/13761`,
        `/players/getAllRostered/${id}/names`,
      ]) {
        assert.equal((await get(path, bobToken)).status, 404, path);
      }
      assert.deepEqual(await (await get('/league/findAllLeagues', bobToken)).json(), []);
    });
  },
);
