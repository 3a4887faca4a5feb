// The player endpoints: by id, by name (matching through HTTP, X-Match-Count) and all rostered
// by name, on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PlayerSchema, RosteredPlayersSchema } from '../../src/serving/schemas.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { assertSchema, expectInvalidParam, expectProblem } from './expect.ts';
import { buildWorld } from './world.ts';
import type { World } from './world.ts';

const MAHOMES = {
  player_id: '4046',
  position: 'QB',
  sport: 'football',
  first_name: 'Patrick',
  last_name: 'Mahomes',
  full_name: 'Patrick Mahomes',
  irl_team: 'KC',
  fantasy_team_roster_id: '1',
  uniform_number: '15',
};
const JOSH_ALLEN_LB = {
  player_id: '3321',
  position: 'LB',
  sport: 'football',
  first_name: 'Josh',
  last_name: 'Allen',
  full_name: 'Josh Allen',
  irl_team: 'JAX',
  fantasy_team_roster_id: '2',
  uniform_number: '41',
};
const JOSH_ALLEN_QB = {
  player_id: '4984',
  position: 'QB',
  sport: 'football',
  first_name: 'Josh',
  last_name: 'Allen',
  full_name: 'Josh Allen',
  irl_team: 'BUF',
  fantasy_team_roster_id: '2',
  uniform_number: '17',
};
const LIONS = {
  player_id: 'DET',
  position: 'DEF',
  sport: 'football',
  first_name: 'Detroit',
  last_name: 'Lions',
  full_name: 'Detroit Lions',
  irl_team: 'DET',
  fantasy_team_roster_id: '1',
};

for (const dialect of testBackends()) {
  describe(`players (${dialect})`, () => {
    let t: TestApp;
    let w: World;
    const get = (path: string, headers: Record<string, string> = {}) =>
      t.request(path, { headers: { auth_token: w.tokens.alice, ...headers } });
    const byName = (league: number, name: string) =>
      get(`/players/${league}/searchPlayer/name/${name}`);

    before(async () => {
      t = await startTestApp({ dialect });
      w = await buildWorld(t);
    });
    after(() => t.close());

    describe('by player_id', () => {
      it('returns a rostered player with the team holding them in this league', async () => {
        const response = await get(`/players/${w.leagues.main}/searchPlayer/player_id/4046`);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'application/json');
        const body: unknown = await response.json();
        assert.deepEqual(body, MAHOMES);
        assertSchema(PlayerSchema, body);
      });

      it('returns a pool player on no team without fantasy_team_roster_id, omitting absent fields', async () => {
        const response = await get(`/players/${w.leagues.main}/searchPlayer/player_id/1234`);
        assert.deepEqual(await response.json(), {
          player_id: '1234',
          position: 'RB',
          sport: 'football',
          first_name: 'Old',
          last_name: 'Timer',
          full_name: 'Old Timer',
        });
      });

      it('reads roster ids per league: rostered in one league, free in another', async () => {
        const response = await get(`/players/${w.leagues.alpha}/searchPlayer/player_id/4046`);
        const { fantasy_team_roster_id, ...rest } = MAHOMES;
        assert.equal(fantasy_team_roster_id, '1');
        assert.deepEqual(await response.json(), rest);
      });

      it("answers 404 for a player outside the league pool, or for another sport's pool", async () => {
        await expectProblem(
          await get(`/players/${w.leagues.main}/searchPlayer/player_id/0000`),
          'player_not_found',
        );
        await expectProblem(
          await get(`/players/${w.leagues.odd}/searchPlayer/player_id/4046`),
          'player_not_found',
        );
      });

      it('checks the league before the player', async () => {
        await expectProblem(
          await get(`/players/${w.leagues.bobs}/searchPlayer/player_id/4046`),
          'league_not_found',
        );
        await expectProblem(
          await get('/players/424242/searchPlayer/player_id/4046'),
          'league_not_found',
        );
      });

      it('answers 400 naming player_id when it is empty, too long or badly encoded', async () => {
        const base = `/players/${w.leagues.main}/searchPlayer/player_id/`;
        await expectInvalidParam(await get(base), 'player_id', 'path');
        await expectInvalidParam(await get(base + 'x'.repeat(65)), 'player_id', 'path');
        await expectInvalidParam(await get(base + '%E0%A4%A'), 'player_id', 'path');
        await expectProblem(await get(base + 'x'.repeat(64)), 'player_not_found');
        await expectInvalidParam(
          await get(`/players/x/searchPlayer/player_id/4046`),
          'league_id',
          'path',
        );
      });

      it('decodes a percent-encoded player_id', async () => {
        const response = await get(`/players/${w.leagues.main}/searchPlayer/player_id/%44%45%54`);
        assert.deepEqual(await response.json(), LIONS);
      });
    });

    describe('by name', () => {
      it('finds a player ignoring case, accents and punctuation, with X-Match-Count', async () => {
        for (const query of [
          'dj%20moore',
          'D.J.%20Moore',
          'DJ%20MOORE',
          'd%C3%A9j%C3%A1%20moore'.replace('d%C3%A9j%C3%A1', 'dj'),
        ]) {
          const response = await byName(w.leagues.main, query);
          assert.equal(response.status, 200, query);
          assert.equal(response.headers.get('x-match-count'), '1');
          const body = (await response.json()) as { player_id: string; full_name: string };
          assert.equal(body.full_name, 'D.J. Moore');
          assert.equal(body.player_id, '4983');
          assertSchema(PlayerSchema, body);
        }
      });

      it('matches by prefix, word prefixes and close spelling', async () => {
        for (const query of [
          'patrick%20mah',
          'pat%20mahomes',
          'mahomes',
          'mahommes',
          'Patrik%20Mahomes',
        ]) {
          const response = await byName(w.leagues.main, query);
          assert.equal(response.status, 200, query);
          assert.deepEqual(await response.json(), MAHOMES, query);
        }
      });

      it('breaks ties deterministically and counts every player in the best tier', async () => {
        const response = await byName(w.leagues.main, 'josh%20allen');
        assert.equal(response.headers.get('x-match-count'), '2');
        // Both rostered and active: the lowest player_id wins.
        assert.deepEqual(await response.json(), JOSH_ALLEN_LB);
      });

      it('prefers a player rostered in the league asked about, then an active one', async () => {
        // In Another Year only the quarterback (4984) is rostered: he beats the lower id 3321.
        const rostered = await byName(w.leagues.lastYear, 'josh%20allen');
        assert.equal(rostered.headers.get('x-match-count'), '2');
        assert.deepEqual(await rostered.json(), { ...JOSH_ALLEN_QB, fantasy_team_roster_id: '1' });
        // Nobody is rostered in Alpha League: the lowest id wins among the active.
        const free = await byName(w.leagues.alpha, 'josh%20allen');
        const { fantasy_team_roster_id: _ignored, ...freeLinebacker } = JOSH_ALLEN_LB;
        assert.deepEqual(await free.json(), freeLinebacker);
        // Two free Mike Williams: the active 2000 beats the retired 1000.
        const active = await byName(w.leagues.alpha, 'mike%20williams');
        assert.equal(active.headers.get('x-match-count'), '2');
        assert.equal(((await active.json()) as { player_id: string }).player_id, '2000');
      });

      it('answers 404 without X-Match-Count when nothing matches', async () => {
        const response = await byName(w.leagues.main, 'nobody%20here');
        assert.equal(response.headers.get('x-match-count'), null);
        await expectProblem(response, 'player_not_found');
      });

      it('answers 400 naming player_name when it is empty, blank, too long or only punctuation', async () => {
        const long = 'a'.repeat(101);
        for (const bad of ['', '%20%20', '...', long, '%E0%A4%A']) {
          await expectInvalidParam(await byName(w.leagues.main, bad), 'player_name', 'path');
        }
        await expectProblem(await byName(w.leagues.main, 'a'.repeat(100)), 'player_not_found');
      });

      it("answers 404 for another user's league even when the name exists", async () => {
        await expectProblem(await byName(w.leagues.bobs, 'mahomes'), 'league_not_found');
      });
    });

    describe('all rostered by name', () => {
      it('keys rostered players by full_name, sorted, each value an array (two Josh Allens stay two)', async () => {
        const response = await get(`/players/getAllRostered/${w.leagues.main}/names`);
        assert.equal(response.status, 200);
        const text = await response.text();
        const body: unknown = JSON.parse(text);
        assert.deepEqual(body, {
          'Detroit Lions': [LIONS],
          'Josh Allen': [JOSH_ALLEN_LB, JOSH_ALLEN_QB],
          'Patrick Mahomes': [MAHOMES],
        });
        assert.deepEqual(Object.keys(body as object), [
          'Detroit Lions',
          'Josh Allen',
          'Patrick Mahomes',
        ]);
        assertSchema(RosteredPlayersSchema, body);
      });

      it('answers {} when nobody is rostered', async () => {
        const response = await get(`/players/getAllRostered/${w.leagues.alpha}/names`);
        assert.equal(response.status, 200);
        assert.equal(await response.text(), '{}');
      });

      it("answers 404 for another user's league and 400 for a malformed league_id", async () => {
        await expectProblem(
          await get(`/players/getAllRostered/${w.leagues.bobs}/names`),
          'league_not_found',
        );
        await expectInvalidParam(
          await get('/players/getAllRostered/1.5/names'),
          'league_id',
          'path',
        );
      });
    });

    it('offers JSON only: an XML-only Accept is a 406', async () => {
      for (const path of [
        `/players/${w.leagues.main}/searchPlayer/player_id/4046`,
        `/players/${w.leagues.main}/searchPlayer/name/mahomes`,
        `/players/getAllRostered/${w.leagues.main}/names`,
      ]) {
        for (const accept of ['application/xml', 'text/xml']) {
          const body = await expectProblem(await get(path, { Accept: accept }), 'not_acceptable');
          assert.match(body.detail, /application\/json/);
        }
        assert.equal(
          (await get(path, { Accept: 'application/xml, application/json;q=0.1' })).status,
          200,
        );
      }
    });
  });
}
