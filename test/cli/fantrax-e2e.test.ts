// Fantrax end to end, as an operator would do it: link a Fantrax account with a credentials file
// holding the user's secret id, sync it with the CLI against the fake of Fantrax's official API
// serving the recorded league (../shared/fixtures/fantrax) and the made-up ones, then read the
// leagues through all five HTTP endpoints. The secret id is stored encrypted and shows up nowhere
// in clear; another user gets 404.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { endToEnd } from '../helpers/end-to-end.ts';
import { reply } from '../helpers/fake-platform.ts';
import type { LeagueBody } from '../helpers/end-to-end.ts';
import {
  FANTRAX_FIXTURES_SKIP,
  FANTRAX_SECRET_ID,
  readRecordedSeason,
  startFakeFantrax,
} from '../helpers/fake-fantrax.ts';

describe(
  'Fantrax, end to end through the CLI and the HTTP API',
  { skip: FANTRAX_FIXTURES_SKIP },
  () => {
    const e2e = endToEnd({
      startFake: async () => {
        const fake = await startFakeFantrax();
        // Fantrax answers a well-formed Secret ID it does not know with 200 and no leagues.
        fake.route('/getLeagues', (request) =>
          request.query.get('userSecretId') === 'nobodysecret0fx9'
            ? reply.json({ leagues: [] })
            : reply.json(fake.served('/getLeagues', Object.fromEntries(request.query))),
        );
        return fake;
      },
      env: (fake) => ({ FANTRAX_BASE_URL: fake.baseUrl }),
    });
    const { cli, get, getJson } = e2e;
    let bobToken = '';
    let leagues: LeagueBody[] = [];

    it('links by a credentials file holding the secret id, refusing a wrong one', async () => {
      await e2e.createUser('alice');
      await e2e.createUser('bob');
      const file = join(e2e.dataDir, 'fantrax.json');
      const args = ['link', 'fantrax', '--user', 'alice', '--credentials-file', file];
      writeFileSync(file, JSON.stringify({ secret: FANTRAX_SECRET_ID }));
      const malformed = await cli(...args);
      assert.equal(malformed.code, 2);
      assert.match(malformed.stderr, /\{"secret_id": "<the Secret ID of your Fantrax profile>"\}/);
      writeFileSync(file, JSON.stringify({ secret_id: 'wrongsecret00000' }));
      const unknown = await cli(...args);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /knows no user with this secret id/);
      writeFileSync(file, JSON.stringify({ secret_id: 'nobodysecret0fx9' }));
      const empty = await cli(...args);
      assert.equal(empty.code, 1);
      assert.match(empty.stderr, /found no leagues for this Secret ID; .* nothing was linked/);
      const users = (await cli('users', 'list')).stdout;
      assert.match(users, /^\d+\s+alice\b/m);
      assert.doesNotMatch(users, /fantrax:/, 'nothing stored');
      writeFileSync(file, JSON.stringify({ secret_id: FANTRAX_SECRET_ID }));
      const linked = await cli(...args);
      assert.equal(linked.code, 0, linked.stderr);
      assert.match(linked.stdout, /^secret-[0-9a-f]{16}\n$/);
      assert.match(linked.stderr, /linked fantrax account/);
    });

    it('syncs every season of the football league and the basketball league', async () => {
      const result = await cli('sync', '--user', 'alice', '--platform', 'fantrax');
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /fantrax: 3 leagues found/);
      assert.match(
        result.stderr,
        /fantrax: 1 league of sports this service does not cover, skipped/,
      );
      assert.match(result.stdout, /; 1 league of sports this service does not cover skipped$/m);
      assert.match(result.stderr, /fantrax: football player pool refreshed/);
      assert.match(result.stderr, /fantrax: basketball player pool refreshed \(3 players\)/);
      for (const season of [2020, 2021]) {
        assert.match(
          result.stdout,
          new RegExp(
            `fantrax\\s+Primetime Soap Operas\\s+\\d+\\s+${season}\\s+football\\s+written\\s+12\\b`,
          ),
        );
      }
    });

    it('serves the leagues through the five endpoints', async () => {
      e2e.token = await e2e.issueToken('alice');
      bobToken = await e2e.issueToken('bob');
      await e2e.startApi();
      leagues = (await getJson('/league/findAllLeagues')) as LeagueBody[];
      assert.deepEqual(leagues.map((l) => [l.name, l.season, l.sport]).sort(), [
        ['Ada Hoops', 2020, 'basketball'],
        ['Primetime Soap Operas', 2020, 'football'],
        ['Primetime Soap Operas', 2021, 'football'],
      ]);
      const league = leagues.find((l) => l.season === 2020 && l.sport === 'football');
      assert.ok(league);
      const id = league.league_id;
      assert.deepEqual(await getJson(`/league/settings/${id}`), {
        league_id: id,
        name: 'Primetime Soap Operas',
        platform: 'fantrax',
        num_teams: 12,
        sport: 'football',
        league_url: 'https://www.fantrax.com/fantasy/league/eju35f9ok7xr9cvt/home',
        season: 2020,
      });
      const recorded = readRecordedSeason(2020, 'eju35f9ok7xr9cvt');
      const [teamId, playerIds] = [...recorded.rosters].find(([, ids]) => ids.length > 0) as [
        string,
        string[],
      ];
      const scorer = recorded.players.get(playerIds[0] as string);
      assert.ok(scorer);
      const byId = (await getJson(
        `/players/${id}/searchPlayer/player_id/${scorer.scorerId}`,
      )) as Record<string, unknown>;
      assert.equal(byId['full_name'], scorer.name);
      assert.equal(byId['fantasy_team_roster_id'], teamId);
      const byName = (await getJson(
        `/players/${id}/searchPlayer/name/${encodeURIComponent(scorer.name.toLowerCase())}`,
      )) as Record<string, unknown>;
      assert.equal(byName['player_id'], scorer.scorerId);
      const rostered = (await getJson(`/players/getAllRostered/${id}/names`)) as Record<
        string,
        Array<{ fantasy_team_roster_id: string }>
      >;
      assert.equal(rostered[scorer.name]?.[0]?.fantasy_team_roster_id, teamId);
      const total = [...recorded.rosters.values()].flat().length;
      assert.ok(Object.keys(rostered).length <= total && Object.keys(rostered).length > 50);
    });

    it("another user's token gets 404 for the league", async () => {
      for (const league of leagues) {
        const path = `/league/settings/${league.league_id}`;
        assert.equal((await get(path, bobToken)).status, 404, path);
      }
      assert.deepEqual(await (await get('/league/findAllLeagues', bobToken)).json(), []);
    });

    it('never shows the secret id in clear: store files, stdout, stderr', () => {
      for (const result of e2e.outputs) {
        assert.ok(!result.stdout.includes(FANTRAX_SECRET_ID));
        assert.ok(!result.stderr.includes(FANTRAX_SECRET_ID));
      }
      for (const name of readdirSync(e2e.dataDir)) {
        if (name === 'fantrax.json') continue; // the user's own credentials file
        const bytes = readFileSync(join(e2e.dataDir, name));
        assert.ok(!bytes.includes(FANTRAX_SECRET_ID), `${name} holds the secret id in clear`);
      }
    });
  },
);
