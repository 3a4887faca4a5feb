// GET /league/findAllLeagues and GET /league/settings/{league_id}: bodies, order, filters, XML and
// content negotiation, on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LeagueSchema } from '../../src/serving/schemas.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { assertSchema, expectInvalidParam, expectProblem } from './expect.ts';
import { buildWorld } from './world.ts';
import type { World } from './world.ts';

for (const dialect of testBackends()) {
  describe(`leagues (${dialect})`, () => {
    let t: TestApp;
    let w: World;
    const get = (path: string, headers: Record<string, string> = {}) =>
      t.request(path, { token: w.tokens.alice, headers });
    const ids = async (path: string) =>
      ((await (await get(path)).json()) as Array<{ league_id: number }>).map((l) => l.league_id);

    before(async () => {
      t = await startTestApp({ dialect });
      w = await buildWorld(t);
    });
    after(() => t.close());

    it('lists every league of the user, season desc, then sport, then name; optional fields omitted', async () => {
      const response = await get('/league/findAllLeagues');
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/json');
      assert.equal(response.headers.get('vary'), 'Accept, Accept-Encoding');
      const body: unknown = await response.json();
      assert.deepEqual(body, [
        {
          league_id: w.leagues.odd,
          name: 'Zeta "League" & <Co> \u0007',
          platform: 'demo',
          sport: 'baseball',
          season: 2021,
        },
        {
          league_id: w.leagues.alpha,
          name: 'Alpha League',
          platform: 'sleeper',
          num_teams: 2,
          sport: 'football',
          season: 2021,
          league_avatar: 'https://sleepercdn.com/avatars/abc',
        },
        {
          league_id: w.leagues.main,
          name: 'Dynasty Friends',
          platform: 'sleeper',
          num_teams: 2,
          sport: 'football',
          league_url: 'https://sleeper.com/leagues/784462448236363776',
          season: 2021,
        },
        {
          league_id: w.leagues.lastYear,
          name: 'Another Year',
          platform: 'sleeper',
          num_teams: 2,
          sport: 'football',
          league_url: 'https://sleeper.com/leagues/784462448236363776',
          season: 2020,
        },
      ]);
      for (const league of body as unknown[]) assertSchema(LeagueSchema, league);
    });

    it('filters by repeated sport and season values', async () => {
      const { main, alpha, lastYear, odd } = w.leagues;
      assert.deepEqual(await ids('/league/findAllLeagues?sport=football'), [alpha, main, lastYear]);
      assert.deepEqual(await ids('/league/findAllLeagues?season=2020'), [lastYear]);
      assert.deepEqual(
        await ids('/league/findAllLeagues?sport=baseball&sport=football&season=2021'),
        [odd, alpha, main],
      );
      assert.deepEqual(await ids('/league/findAllLeagues?season=2020&season=2021&season=2021'), [
        odd,
        alpha,
        main,
        lastYear,
      ]);
      assert.deepEqual(await ids('/league/findAllLeagues?sport=basketball'), []);
      assert.deepEqual(await ids('/league/findAllLeagues?season=2017'), []);
    });

    it('reads sport=available as every sport, alone or with others', async () => {
      const all = await ids('/league/findAllLeagues');
      assert.deepEqual(await ids('/league/findAllLeagues?sport=available'), all);
      assert.deepEqual(await ids('/league/findAllLeagues?sport=football&sport=available'), all);
    });

    it("never lists another user's league", async () => {
      const response = await t.request('/league/findAllLeagues', { token: w.tokens.bob });
      assert.deepEqual(
        ((await response.json()) as Array<{ league_id: number }>).map((l) => l.league_id),
        [w.leagues.bobs],
      );
      // The same path in turn for both users, each list cached: each gets their own.
      const alices = await ids('/league/findAllLeagues');
      for (let round = 0; round < 2; round++) {
        const bobs = await t.request('/league/findAllLeagues', { token: w.tokens.bob });
        const listed = (await bobs.json()) as Array<{ league_id: number }>;
        assert.deepEqual(
          listed.map((l) => l.league_id),
          [w.leagues.bobs],
        );
        assert.deepEqual(await ids('/league/findAllLeagues'), alices);
      }
      assert.equal(alices.includes(w.leagues.bobs), false);
    });

    it('answers 400 naming the parameter and the allowed values for a bad filter', async () => {
      const sport = await expectInvalidParam(
        await get('/league/findAllLeagues?sport=hockey'),
        'sport',
        'query',
      );
      assert.match(sport.detail, /baseball, football, basketball, available/);
      assert.match(sport.detail, /"hockey"/);
      for (const season of ['1999', '2099', '2021.0', '2e3', 'twenty', '']) {
        const body = await expectInvalidParam(
          await get(`/league/findAllLeagues?season=${season}`),
          'season',
          'query',
        );
        assert.match(body.detail, /2017, 2018, 2019, 2020, 2021/);
      }
      await expectInvalidParam(
        await get('/league/findAllLeagues?sport=Football'),
        'sport',
        'query',
      );
      await expectInvalidParam(
        await get('/league/findAllLeagues?sport=football&sport='),
        'sport',
        'query',
      );
      await expectInvalidParam(
        await get('/league/findAllLeagues?season=2021&season=1'),
        'season',
        'query',
      );
      const unknown = await expectInvalidParam(
        await get('/league/findAllLeagues?sports=football'),
        'sports',
        'query',
      );
      assert.match(unknown.detail, /accepted: sport, season/);
      await expectInvalidParam(
        await get('/league/findAllLeagues?constructor=1'),
        'constructor',
        'query',
      );
    });

    it('writes the list as XML when asked, escaped, with a declaration', async () => {
      const response = await get(
        '/league/findAllLeagues?sport=baseball&sport=football&season=2021',
        {
          Accept: 'application/xml',
        },
      );
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/xml; charset=utf-8');
      assert.equal(
        await response.text(),
        '<?xml version="1.0" encoding="UTF-8"?>\n<Leagues>' +
          `<League><league_id>${w.leagues.odd}</league_id><name>Zeta &quot;League&quot; &amp; &lt;Co&gt; \uFFFD</name>` +
          '<platform>demo</platform><sport>baseball</sport><season>2021</season></League>' +
          `<League><league_id>${w.leagues.alpha}</league_id><name>Alpha League</name><platform>sleeper</platform>` +
          '<num_teams>2</num_teams><sport>football</sport><season>2021</season>' +
          '<league_avatar>https://sleepercdn.com/avatars/abc</league_avatar></League>' +
          `<League><league_id>${w.leagues.main}</league_id><name>Dynasty Friends</name><platform>sleeper</platform>` +
          '<num_teams>2</num_teams><sport>football</sport>' +
          '<league_url>https://sleeper.com/leagues/784462448236363776</league_url><season>2021</season></League>' +
          '</Leagues>',
      );
    });

    it('writes an empty XML list as an empty Leagues element', async () => {
      const response = await get('/league/findAllLeagues?season=2017', {
        Accept: 'application/xml',
      });
      assert.equal(
        await response.text(),
        '<?xml version="1.0" encoding="UTF-8"?>\n<Leagues></Leagues>',
      );
    });

    it('negotiates on Accept: q-values, wildcards, most specific range', async () => {
      const cases: Array<[string, string]> = [
        ['*/*', 'application/json'],
        ['application/*', 'application/json'],
        ['application/json', 'application/json'],
        ['application/xml', 'application/xml; charset=utf-8'],
        ['text/html, application/xml;q=0.9, */*;q=0.1', 'application/xml; charset=utf-8'],
        ['application/xml;q=0.5, application/json;q=0.9', 'application/json'],
        ['application/json;q=0.2, application/xml', 'application/xml; charset=utf-8'],
        ['application/*;q=0.3, application/xml;q=0.8', 'application/xml; charset=utf-8'],
        ['*/*, application/json;q=0', 'application/xml; charset=utf-8'],
        ['APPLICATION/XML', 'application/xml; charset=utf-8'],
        ['application/json; charset=utf-8', 'application/json'],
        ['text/xml', 'text/xml; charset=utf-8'],
        ['text/*', 'text/xml; charset=utf-8'],
        ['image/png, text/xml', 'text/xml; charset=utf-8'],
        ['text/xml, application/xml', 'application/xml; charset=utf-8'],
        ['text/xml, application/xml;q=0.5', 'text/xml; charset=utf-8'],
      ];
      for (const [accept, expected] of cases) {
        const response = await get('/league/findAllLeagues', { Accept: accept });
        assert.equal(response.status, 200, accept);
        assert.equal(response.headers.get('content-type'), expected, accept);
        await response.arrayBuffer();
      }
    });

    it('answers 406 when Accept allows neither JSON nor XML', async () => {
      for (const accept of [
        'text/html',
        'text/plain, image/*',
        'application/json;q=0, application/xml;q=0, text/xml;q=0',
        'image/png, text/csv',
      ]) {
        const body = await expectProblem(
          await get('/league/findAllLeagues', { Accept: accept }),
          'not_acceptable',
        );
        assert.match(body.detail, /application\/json, application\/xml or text\/xml/);
      }
    });

    it('returns one league by id, as JSON or XML', async () => {
      const response = await get(`/league/settings/${w.leagues.main}`);
      assert.equal(response.status, 200);
      const body: unknown = await response.json();
      assert.deepEqual(body, {
        league_id: w.leagues.main,
        name: 'Dynasty Friends',
        platform: 'sleeper',
        num_teams: 2,
        sport: 'football',
        league_url: 'https://sleeper.com/leagues/784462448236363776',
        season: 2021,
      });
      assertSchema(LeagueSchema, body);
      const xml = await get(`/league/settings/${w.leagues.lastYear}`, {
        Accept: 'application/xml',
      });
      assert.equal(xml.headers.get('content-type'), 'application/xml; charset=utf-8');
      assert.equal(
        await xml.text(),
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          `<League><league_id>${w.leagues.lastYear}</league_id><name>Another Year</name><platform>sleeper</platform>` +
          '<num_teams>2</num_teams><sport>football</sport>' +
          '<league_url>https://sleeper.com/leagues/784462448236363776</league_url><season>2020</season></League>',
      );
      const textXml = await get(`/league/settings/${w.leagues.lastYear}`, { Accept: 'text/xml' });
      assert.equal(textXml.headers.get('content-type'), 'text/xml; charset=utf-8');
      assert.equal(textXml.headers.get('vary'), 'Accept, Accept-Encoding');
      assert.match(await textXml.text(), /^<\?xml [^>]+>\n<League><league_id>/);
      // One path in each format in turn, twice: each answer in its own format (a cached answer's
      // key is kept per path and format).
      for (let round = 0; round < 2; round++) {
        for (const [accept, type] of [
          ['application/json', 'application/json'],
          ['application/xml', 'application/xml; charset=utf-8'],
          ['text/xml', 'text/xml; charset=utf-8'],
        ] as const) {
          const again = await get(`/league/settings/${w.leagues.main}`, { Accept: accept });
          assert.equal(again.headers.get('content-type'), type, `${accept}, round ${round}`);
          const text = await again.text();
          assert.equal(text.startsWith('<?xml'), type !== 'application/json', text);
        }
      }
      await expectProblem(
        await get(`/league/settings/${w.leagues.main}`, { Accept: 'text/csv' }),
        'not_acceptable',
      );
    });

    it("answers 404 alike for a league that does not exist and for another user's league", async () => {
      const missing = await expectProblem(await get('/league/settings/999999'), 'league_not_found');
      const foreign = await expectProblem(
        await get(`/league/settings/${w.leagues.bobs}`),
        'league_not_found',
      );
      assert.equal(
        foreign.detail.replace(String(w.leagues.bobs), 'N'),
        missing.detail.replace('999999', 'N'),
      );
      await expectProblem(await get('/league/settings/9007199254740991'), 'league_not_found');
    });

    it('answers 400 naming league_id unless it is a positive safe integer in plain decimal', async () => {
      for (const bad of [
        '0',
        '-1',
        '+1',
        '01',
        '1.0',
        '1e3',
        '0x1F',
        'abc',
        '%201',
        '9007199254740992',
        '99999999999999999999',
        '',
      ]) {
        const body = await expectInvalidParam(
          await get(`/league/settings/${bad}`),
          'league_id',
          'path',
        );
        assert.match(body.detail, /from 1 to 9007199254740991/);
      }
    });
  });
}
