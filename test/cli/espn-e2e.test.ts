// ESPN end to end, as an operator would do it: link an ESPN account with a credentials file
// (cookies) and a followed league id, sync it with the CLI against a fake ESPN replaying
// ../shared/fixtures/espn, then read the ESPN leagues through all five HTTP endpoints. The espn_s2
// cookie is stored encrypted and shows up nowhere in clear: not in the store, not on stdout or
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
import { ESPN_FAN, ESPN_FIXTURES_SKIP, startFakeEspn } from '../helpers/fake-espn.ts';

describe('ESPN, end to end through the CLI and the HTTP API', { skip: ESPN_FIXTURES_SKIP }, () => {
  const e2e = endToEnd({
    startFake: () => startFakeEspn(),
    env: (fake) => ({ ESPN_BASE_URL: fake.baseUrl, ESPN_FAN_BASE_URL: fake.fanBaseUrl }),
  });
  const { cli, getJson } = e2e;

  it('links the cookies of a credentials file and a followed league id', async () => {
    await e2e.createUser('alice');
    const file = join(e2e.dataDir, 'espn.json');
    const bare = ESPN_FAN.swid.slice(1, -1);
    writeFileSync(file, JSON.stringify({ espn_s2: ESPN_FAN.espnS2, swid: bare }));
    const args = ['link', 'espn', '--user', 'alice', '--credentials-file', file];
    const linked = await cli(...args, '--league', 'football:1178049');
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
      assert.deepEqual(account.settings, { leagues: [{ id: '1178049', sport: 'football' }] });
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
    const result = await cli('sync', '--user', 'alice', '--platform', 'espn', '--season', '2020');
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stderr, /espn: 2 leagues found/);
    assert.match(result.stderr, /espn: football 2020 player pool refreshed \(2656 players\)/);
    assert.match(result.stdout, /espn\s+Sucio Boys\s+\d+\s+2020\s+football\s+written\s+10\s+220/);
    assert.match(
      result.stdout,
      /espn\s+ESPN league 1178049\s+\d+\s+2020\s+football\s+written\s+14\s+0/,
    );
    const status = await cli('sync', 'status', '--user', 'alice');
    assert.equal(status.code, 0);
    assert.match(status.stdout, /Sucio Boys/);
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
          'ESPN league 1178049',
          14,
          'https://fantasy.espn.com/football/league?leagueId=1178049&seasonId=2020',
        ],
        [
          'espn',
          'Sucio Boys',
          10,
          'https://fantasy.espn.com/football/league?leagueId=899513&seasonId=2020',
        ],
      ],
    );
    const sucio = leagues[1] as LeagueBody;
    const settings = (await getJson(`/league/settings/${sucio.league_id}`)) as LeagueBody;
    assert.equal(settings.name, 'Sucio Boys');
    assert.deepEqual(await getJson(`/players/${sucio.league_id}/searchPlayer/player_id/-16024`), {
      player_id: '-16024',
      sport: 'football',
      full_name: 'Chargers D/ST',
      first_name: 'Chargers',
      last_name: 'D/ST',
      position: 'DEF',
      irl_team: 'LAC',
      fantasy_team_roster_id: '2',
    });
    const brady = (await getJson(
      `/players/${sucio.league_id}/searchPlayer/name/tom%20brady`,
    )) as Record<string, unknown>;
    assert.deepEqual(
      [brady['player_id'], brady['irl_team'], brady['fantasy_team_roster_id']],
      ['2330', 'TB', '2'],
    );
    const free = (await getJson(
      `/players/${sucio.league_id}/searchPlayer/player_id/15798`,
    )) as Record<string, unknown>;
    assert.equal(free['irl_team'], undefined, 'a player with no team has no irl_team');
    const rostered = (await getJson(`/players/getAllRostered/${sucio.league_id}/names`)) as Record<
      string,
      unknown[]
    >;
    assert.equal(Object.values(rostered).flat().length, 220);
    assert.ok(rostered['Tom Brady']);
  });

  it('a relink adding a league alone keeps the "needs linking again" mark; new cookies clear it', async () => {
    e2e.fake.validS2.clear(); // the user signed out of ESPN: the stored cookies are dead
    try {
      const sync = ['sync', '--user', 'alice', '--platform', 'espn', '--season', '2020'];
      const refused = await cli(...sync);
      assert.equal(refused.code, 1);
      assert.match(refused.stdout + refused.stderr, /link it again: fantasy-data link espn/);
      const league = await cli('link', 'espn', '--user', 'alice', '--league', 'football:1178049');
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
});
