// End to end, as an operator would do it: create a user, link a Fleaflicker e-mail and sync it with
// the CLI against a fake Fleaflicker serving the project's made-up data (and the recordings in
// ../shared/fixtures/fleaflicker when there), issue tokens, then read the league through all five
// endpoints of the real HTTP server; another user gets a 404.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endToEnd } from '../helpers/end-to-end.ts';
import type { LeagueBody } from '../helpers/end-to-end.ts';
import { FLEAFLICKER_DATA_SETS } from '../helpers/fleaflicker-data.ts';

for (const data of FLEAFLICKER_DATA_SETS) {
  const { email, league: facts } = data;
  describe(
    `Fleaflicker, end to end through the CLI and the HTTP API (${data.label})`,
    { skip: data.skip },
    () => {
      const e2e = endToEnd({
        startFake: () => data.start(),
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
          email.toUpperCase(),
        );
        assert.equal(linked.code, 0, linked.stderr);
        // Never the address as the account's id: a keyed digest of it, the same in either case.
        assert.match(linked.stdout, /^email-[0-9a-f]{32}\n$/);
        assert.ok(!linked.stdout.includes('@') && !linked.stderr.includes(email));
        const again = await cli('link', 'fleaflicker', '--user', 'alice', '--email', ` ${email} `);
        assert.equal(again.stdout, linked.stdout);
        assert.match(linked.stderr, /linked fleaflicker account/);
      });

      it('syncs the league and the football player pool', async () => {
        const result = await cli('sync', '--user', 'alice', '--platform', 'fleaflicker');
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stderr, /fleaflicker: 1 leagues? found/);
        const refreshed = `fleaflicker: football player pool refreshed (${data.poolSize} players)`;
        assert.ok(result.stderr.includes(refreshed), result.stderr);
        assert.match(
          result.stdout,
          new RegExp(
            `fleaflicker\\s+${facts.name}\\s+\\d+\\s+2020\\s+football\\s+written\\s+${facts.numTeams}\\s+${facts.rostered}\\b`,
          ),
        );
        // 2020 is over and synced in full: an unnamed run leaves it alone, a named one asks again.
        const later = await cli('sync', '--user', 'alice', '--platform', 'fleaflicker');
        assert.equal(later.code, 0);
        assert.match(later.stdout, /unchanged: ([1-9]\d*) leagues? found, 0 written, \1 unchanged/);
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
          name: facts.name,
          platform: 'fleaflicker',
          num_teams: facts.numTeams,
          sport: 'football',
          league_url: `https://www.fleaflicker.com/nfl/leagues/${facts.id}?season=2020`,
          season: 2020,
          league_avatar: facts.avatar,
        });
        const id = league.league_id;
        const playerId = data.player['player_id'] as string;
        assert.deepEqual(
          await getJson(`/players/${id}/searchPlayer/player_id/${playerId}`),
          data.player,
        );
        const byName = (name: string) =>
          getJson(
            `/players/${id}/searchPlayer/name/${encodeURIComponent(name.toLowerCase())}`,
          ) as Promise<{ player_id: string; fantasy_team_roster_id?: string }>;
        const named = await byName(data.byName.name);
        assert.deepEqual(
          [named.player_id, named.fantasy_team_roster_id],
          [data.byName.id, data.byName.rosterId],
        );
        // In the pool (the player listing), on no team of this league.
        const free = await byName(data.free.name);
        assert.deepEqual([free.player_id, free.fantasy_team_roster_id], [data.free.id, undefined]);
        const rostered = (await getJson(`/players/getAllRostered/${id}/names`)) as Record<
          string,
          Array<{ fantasy_team_roster_id: string }>
        >;
        assert.equal(Object.keys(rostered).length, facts.rostered);
        const { name, rosterId } = data.rosteredName;
        assert.equal(rostered[name]?.[0]?.fantasy_team_roster_id, rosterId);
      });

      it("another user's token gets 404 for the league", async () => {
        assert.ok(league);
        const id = league.league_id;
        for (const path of [
          `/league/settings/${id}`,
          `/players/${id}/searchPlayer/player_id/${data.player['player_id']}`,
          `/players/getAllRostered/${id}/names`,
        ]) {
          assert.equal((await get(path, bobToken)).status, 404, path);
        }
        assert.deepEqual(await (await get('/league/findAllLeagues', bobToken)).json(), []);
      });
    },
  );
}
