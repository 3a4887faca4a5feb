// ESPN end to end, as an operator would do it: link an ESPN account with a credentials file
// (cookies) and a followed league id, sync it with the CLI against a fake ESPN serving the
// project's made-up world (and the recordings in ../shared/fixtures/espn when there), then read
// the ESPN leagues through all five HTTP endpoints. The espn_s2 cookie is stored encrypted and shows up nowhere in clear: not in the store, not on stdout or
// stderr, not in `sync status`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decryptSecret, loadSecretKey } from '../../src/secrets.ts';
import { openStore } from '../../src/storage/db.ts';
import { listAccounts } from '../../src/storage/repositories/accounts.ts';
import { endToEnd } from '../helpers/end-to-end.ts';
import type { LeagueBody } from '../helpers/end-to-end.ts';
import { ESPN_DATA_SETS } from '../helpers/espn-data.ts';
import { ESPN_FAN } from '../helpers/fake-espn.ts';

for (const data of ESPN_DATA_SETS) {
  const { privateLeague, followedLeague, defence, named } = data.football;
  const followed = `football:${followedLeague.id}`;
  describe(
    `ESPN, end to end through the CLI and the HTTP API (${data.label})`,
    { skip: data.skip },
    () => {
      const e2e = endToEnd({
        startFake: () => data.start(),
        env: (fake) => ({ ESPN_BASE_URL: fake.baseUrl, ESPN_FAN_BASE_URL: fake.fanBaseUrl }),
      });
      const { cli, getJson } = e2e;

      it('links the cookies of a credentials file and a followed league id', async () => {
        await e2e.createUser('alice');
        const file = join(e2e.dataDir, 'espn.json');
        const bare = ESPN_FAN.swid.slice(1, -1);
        writeFileSync(file, JSON.stringify({ espn_s2: ESPN_FAN.espnS2, swid: bare }));
        const args = ['link', 'espn', '--user', 'alice', '--credentials-file', file];
        const linked = await cli(...args, '--league', followed);
        assert.equal(linked.code, 0, linked.stderr);
        assert.equal(linked.stdout, `${ESPN_FAN.swid}\n`);
        assert.match(linked.stderr, /linked espn account/);

        writeFileSync(file, JSON.stringify({ espn_s2: ESPN_FAN.espnS2, swid: 'not-a-swid' }));
        const bad = await cli(...args);
        assert.equal(bad.code, 2);
        assert.match(bad.stderr, /must be the SWID cookie/);
        writeFileSync(file, JSON.stringify({ espn_s2: 'expired-cookie', swid: bare }));
        const refused = await cli(...args);
        assert.equal(refused.code, 1);
        assert.match(refused.stderr, /ESPN refused the espn_s2 and SWID cookies/);
      });

      it('keeps the credentials encrypted in the store', async () => {
        const { dataDir } = e2e;
        const store = await openStore({ dataDir });
        try {
          const [account] = await listAccounts(store.db, { platform: 'espn' });
          assert.ok(account?.credentialsEncrypted);
          assert.equal(account.externalUserId, ESPN_FAN.swid);
          assert.deepEqual(account.settings, {
            leagues: [{ id: followedLeague.id, sport: 'football' }],
          });
          assert.ok(!account.credentialsEncrypted.includes(ESPN_FAN.espnS2));
          const key = loadSecretKey({ secretKey: undefined, dataDir });
          assert.deepEqual(JSON.parse(decryptSecret(key, account.credentialsEncrypted)), {
            espn_s2: ESPN_FAN.espnS2,
            swid: ESPN_FAN.swid,
          });
        } finally {
          await store.close();
        }
      });

      it('syncs the discovered and the followed league', async () => {
        const result = await cli(
          'sync',
          '--user',
          'alice',
          '--platform',
          'espn',
          '--season',
          '2020',
        );
        assert.equal(result.code, 0, result.stdout + result.stderr);
        assert.match(result.stderr, /espn: 2 leagues found/);
        assert.ok(
          result.stderr.includes(
            `espn: football 2020 player pool refreshed (${data.football.poolSize} players)`,
          ),
          result.stderr,
        );
        const row = (name: string, teams: number, rostered: number) =>
          new RegExp(
            `espn\\s+${name}\\s+\\d+\\s+2020\\s+football\\s+written\\s+${teams}\\s+${rostered}\\b`,
          );
        assert.match(
          result.stdout,
          row(privateLeague.name, privateLeague.numTeams, privateLeague.rostered),
        );
        assert.match(
          result.stdout,
          row(`ESPN league ${followedLeague.id}`, followedLeague.numTeams, 0),
        );
        const status = await cli('sync', 'status', '--user', 'alice');
        assert.equal(status.code, 0);
        assert.ok(status.stdout.includes(privateLeague.name), status.stdout);
      });

      it('serves the ESPN leagues through the five endpoints', async () => {
        e2e.token = await e2e.issueToken('alice');
        await e2e.startApi();
        const leagues = (await getJson(
          '/league/findAllLeagues?sport=football&season=2020',
        )) as LeagueBody[];
        assert.deepEqual(
          leagues.map((l) => [l.platform, l.name, l.num_teams, l.league_url]),
          [
            [
              'espn',
              `ESPN league ${followedLeague.id}`,
              followedLeague.numTeams,
              `https://fantasy.espn.com/football/league?leagueId=${followedLeague.id}&seasonId=2020`,
            ],
            [
              'espn',
              privateLeague.name,
              privateLeague.numTeams,
              `https://fantasy.espn.com/football/league?leagueId=${privateLeague.id}&seasonId=2020`,
            ],
          ],
        );
        const joined = leagues[1] as LeagueBody;
        const settings = (await getJson(`/league/settings/${joined.league_id}`)) as LeagueBody;
        assert.equal(settings.name, privateLeague.name);
        assert.deepEqual(
          await getJson(
            `/players/${joined.league_id}/searchPlayer/player_id/${defence['player_id']}`,
          ),
          defence,
        );
        const byName = encodeURIComponent(named.fullName.toLowerCase());
        const found = (await getJson(
          `/players/${joined.league_id}/searchPlayer/name/${byName}`,
        )) as Record<string, unknown>;
        assert.deepEqual(
          [found['player_id'], found['irl_team'], found['fantasy_team_roster_id']],
          [named.id, named.irlTeam, '2'],
        );
        const free = (await getJson(
          `/players/${joined.league_id}/searchPlayer/player_id/${data.football.teamless}`,
        )) as Record<string, unknown>;
        assert.equal(free['irl_team'], undefined, 'a player with no team has no irl_team');
        const rostered = (await getJson(
          `/players/getAllRostered/${joined.league_id}/names`,
        )) as Record<string, unknown[]>;
        assert.equal(Object.values(rostered).flat().length, privateLeague.rostered);
        assert.ok(rostered[named.fullName]);
      });

      it('a relink adding a league alone keeps the "needs linking again" mark; new cookies clear it', async () => {
        e2e.fake.validS2.clear(); // the user signed out of ESPN: the stored cookies are dead
        try {
          const sync = ['sync', '--user', 'alice', '--platform', 'espn', '--season', '2020'];
          const refused = await cli(...sync);
          assert.equal(refused.code, 1);
          assert.match(refused.stdout + refused.stderr, /link it again: fantasy-data link espn/);
          const league = await cli('link', 'espn', '--user', 'alice', '--league', followed);
          assert.equal(league.code, 0, league.stderr);
          assert.match(league.stderr, /still needs linking again/);
          const asked = e2e.fake.requests.length;
          const next = await cli(...sync);
          assert.equal(next.code, 1);
          assert.match(next.stdout + next.stderr, /needs linking again/);
          assert.equal(e2e.fake.requests.length, asked, 'the refused cookies are not sent again');
        } finally {
          e2e.fake.validS2.add(ESPN_FAN.espnS2);
        }
        const file = join(e2e.dataDir, 'espn.json');
        writeFileSync(file, JSON.stringify({ espn_s2: ESPN_FAN.espnS2, swid: ESPN_FAN.swid }));
        const relinked = await cli('link', 'espn', '--user', 'alice', '--credentials-file', file);
        assert.equal(relinked.code, 0, relinked.stderr);
        const status = await cli('sync', 'status', '--user', 'alice');
        assert.doesNotMatch(status.stdout, /needs linking again/);
      });

      it('never shows the espn_s2 cookie in clear: store files, stdout, stderr', () => {
        for (const result of e2e.outputs) {
          assert.ok(
            !result.stdout.includes(ESPN_FAN.espnS2) && !result.stderr.includes(ESPN_FAN.espnS2),
          );
        }
        for (const name of readdirSync(e2e.dataDir)) {
          if (name === 'espn.json') continue; // the user's own credentials file
          const bytes = readFileSync(join(e2e.dataDir, name));
          assert.ok(!bytes.includes(ESPN_FAN.espnS2), `${name} holds espn_s2 in clear`);
        }
      });
    },
  );
}
