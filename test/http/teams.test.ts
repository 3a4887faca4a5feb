// GET /league/teams/{league_id}, /league/teams/{league_id}/{roster_id}, /league/standings/{league_id}
// and /league/matchups/{league_id}: bodies, order, the week filter, problems, XML, ETag/304 and a
// re-sync replacing the cached answers, on every backend. The security suite covers auth and
// products.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LeagueSnapshot } from '../../src/domain/records.ts';
import {
  MatchupListSchema,
  StandingsSchema,
  TeamListSchema,
  TeamWithPlayersSchema,
} from '../../src/serving/team-schemas.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { buildActivity, buildTeamLeagueSnapshot } from '../helpers/team-data.ts';
import { assertSchema, expectInvalidParam, expectProblem } from './expect.ts';
import { buildWorld } from './world.ts';
import type { World } from './world.ts';

const TEAM_ONE = {
  roster_id: '1',
  name: 'Team One',
  abbreviation: 'ONE',
  managers: [{ platform_user_id: '111', display_name: 'ay' }],
  record: { wins: 2, losses: 0, ties: 1 },
  points_for: 301.12,
  points_against: 250,
  standing: 1,
  division_id: '1',
  division_name: 'East',
};
const TEAM_TWO = {
  roster_id: '2',
  name: 'Team Two',
  abbreviation: 'TWO',
  logo_url: 'https://example.test/logos/2.png',
  managers: [{ platform_user_id: '222', display_name: 'bee' }, { platform_user_id: '444' }],
  record: { wins: 1, losses: 1, ties: 0 },
  points_for: 210.5,
  points_against: 199.25,
  standing: 2,
  division_id: '1',
  division_name: 'East',
};
/** No details from the platform: the owner stands as the one manager. */
const TEAM_TEN = { roster_id: '10', name: 'Ten & <Co>', managers: [{ platform_user_id: '333' }] };

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

for (const dialect of testBackends()) {
  describe(`teams, standings and matchups (${dialect})`, () => {
    let t: TestApp;
    let w: World;
    let league: number;
    let snapshot: LeagueSnapshot;
    const get = (path: string, headers: Record<string, string> = {}) =>
      t.request(path, { token: w.tokens.alice, headers });
    const json = async (path: string): Promise<unknown> => {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('content-type'), 'application/json');
      return response.json();
    };

    before(async () => {
      t = await startTestApp({ dialect });
      w = await buildWorld(t);
      snapshot = buildTeamLeagueSnapshot({ platformLeagueKey: 'teams-1', name: 'Team League' });
      league = await t.addLeague(snapshot, w.aliceId);
    });
    after(() => t.close());

    it('lists the teams by roster_id (integers by value), details absent where not given', async () => {
      const body = await json(`/league/teams/${league}`);
      assert.deepEqual(body, [TEAM_ONE, TEAM_TWO, TEAM_TEN]);
      assertSchema(TeamListSchema, body);
    });

    it('lists teams with no details at all, and none for a league without teams', async () => {
      assert.deepEqual(await json(`/league/teams/${w.leagues.main}`), [
        { roster_id: '1', name: 'Team One', managers: [{ platform_user_id: '111' }] },
        { roster_id: '2', name: 'Team Two', managers: [{ platform_user_id: '222' }] },
      ]);
      assert.deepEqual(await json(`/league/teams/${w.leagues.odd}`), []);
    });

    it("gives one team with its roster's Player records, by full_name then player_id", async () => {
      const body = await json(`/league/teams/${league}/1`);
      assert.deepEqual(body, {
        ...TEAM_ONE,
        players: [
          {
            player_id: 'DET',
            position: 'DEF',
            sport: 'football',
            first_name: 'Detroit',
            last_name: 'Lions',
            full_name: 'Detroit Lions',
            irl_team: 'DET',
            fantasy_team_roster_id: '1',
          },
          {
            player_id: '4046',
            position: 'QB',
            sport: 'football',
            first_name: 'Patrick',
            last_name: 'Mahomes',
            full_name: 'Patrick Mahomes',
            irl_team: 'KC',
            fantasy_team_roster_id: '1',
            uniform_number: '15',
          },
        ],
      });
      assertSchema(TeamWithPlayersSchema, body);
      assert.deepEqual(await json(`/league/teams/${league}/10`), { ...TEAM_TEN, players: [] });
      // The main league's team 2 holds two players named alike: ordered by player_id.
      const two = (await json(`/league/teams/${w.leagues.main}/2`)) as {
        players: Array<{ player_id: string }>;
      };
      assert.deepEqual(
        two.players.map((p) => p.player_id),
        ['3321', '4984'],
      );
    });

    it('answers 404 team_not_found for an unknown roster_id, 400 for a malformed one', async () => {
      const unknown = await expectProblem(await get(`/league/teams/${league}/3`), 'team_not_found');
      assert.match(unknown.detail, /roster_id "3"/);
      await expectProblem(await get(`/league/teams/${league}/%31%30%20`), 'team_not_found');
      assert.equal((await get(`/league/teams/${league}/%31%30`)).status, 200, 'percent-decoded');
      await expectInvalidParam(
        await get(`/league/teams/${league}/${'9'.repeat(65)}`),
        'roster_id',
        'path',
      );
      await expectInvalidParam(await get(`/league/teams/${league}/%ff`), 'roster_id', 'path');
      await expectProblem(await get(`/league/teams/${w.leagues.bobs}/1`), 'league_not_found');
    });

    it('orders the standings by standing, unranked teams last, then roster_id', async () => {
      const body = await json(`/league/standings/${league}`);
      const row = ({
        managers: _managers,
        abbreviation: _a,
        logo_url: _l,
        ...rest
      }: Record<string, unknown>) => rest;
      assert.deepEqual(body, [
        row(TEAM_ONE),
        row(TEAM_TWO),
        { roster_id: '10', name: 'Ten & <Co>' },
      ]);
      assert.deepEqual(Object.keys((body as object[])[0] ?? {}), [
        'standing',
        'roster_id',
        'name',
        'record',
        'points_for',
        'points_against',
        'division_id',
        'division_name',
      ]);
      assertSchema(StandingsSchema, body);
      // Without any standing, roster_id order.
      assert.deepEqual(
        ((await json(`/league/standings/${w.leagues.main}`)) as Array<{ roster_id: string }>).map(
          (r) => r.roster_id,
        ),
        ['1', '2'],
      );
    });

    it('lists the matchups by week then matchup_id, and of one week with ?week=', async () => {
      const body = await json(`/league/matchups/${league}`);
      assertSchema(MatchupListSchema, body);
      assert.deepEqual(body, [
        {
          week: 1,
          matchup_id: '1',
          status: 'final',
          kind: 'regular',
          teams: [
            { roster_id: '1', score: 88 },
            { roster_id: '2', score: 111 },
          ],
          winner_roster_id: '2',
        },
        {
          week: 2,
          matchup_id: '2',
          status: 'final',
          kind: 'regular',
          teams: [
            { roster_id: '2', score: 99.5 },
            { roster_id: '1', score: 101 },
          ],
          winner_roster_id: '1',
        },
        {
          week: 2,
          matchup_id: '10',
          status: 'final',
          kind: 'regular',
          teams: [{ roster_id: '10' }],
        },
        { week: 3, matchup_id: '1', teams: [{ roster_id: '1' }, { roster_id: '10' }] },
      ]);
      const week2 = (await json(`/league/matchups/${league}?week=2`)) as Array<{
        matchup_id: string;
      }>;
      assert.deepEqual(
        week2.map((m) => m.matchup_id),
        ['2', '10'],
      );
      assert.deepEqual(await json(`/league/matchups/${league}?week=9`), []);
      assert.deepEqual(await json(`/league/matchups/${w.leagues.main}`), []);
    });

    it('answers 400 naming week for a bad week, and any other query parameter', async () => {
      for (const query of [
        'week=0',
        'week=101',
        'week=two',
        'week=1.5',
        'week=',
        'week=1&week=2',
      ]) {
        await expectInvalidParam(await get(`/league/matchups/${league}?${query}`), 'week', 'query');
      }
      await expectInvalidParam(await get(`/league/matchups/${league}?bogus=1`), 'bogus', 'query');
      await expectInvalidParam(await get(`/league/teams/${league}?week=1`), 'week', 'query');
      await expectProblem(await get('/league/matchups/999999?week=1'), 'league_not_found');
      // The product is checked before the query: a token without `team` learns nothing more.
      const noTeam = await t.issueToken(w.aliceId, { products: ['league', 'roster', 'player'] });
      const refused = await t.request(`/league/matchups/${league}?week=0`, { token: noTeam });
      await expectProblem(refused, 'product_missing');
    });

    it('answers XML with Accept: application/xml', async () => {
      const xml = async (path: string) => {
        const response = await get(path, { Accept: 'application/xml' });
        assert.equal(response.status, 200, path);
        assert.equal(response.headers.get('content-type'), 'application/xml; charset=utf-8');
        return response.text();
      };
      const teams = await xml(`/league/teams/${league}`);
      assert.ok(teams.startsWith(`${XML_DECLARATION}<Teams><Team><roster_id>1</roster_id>`), teams);
      assert.ok(
        teams.endsWith(
          '<Team><roster_id>10</roster_id><name>Ten &amp; &lt;Co&gt;</name><managers>' +
            '<item><platform_user_id>333</platform_user_id></item></managers></Team></Teams>',
        ),
        teams,
      );
      assert.match(teams, /<record><wins>2<\/wins><losses>0<\/losses><ties>1<\/ties><\/record>/);
      const team = await xml(`/league/teams/${league}/10`);
      assert.equal(
        team,
        `${XML_DECLARATION}<Team><roster_id>10</roster_id><name>Ten &amp; &lt;Co&gt;</name>` +
          '<managers><item><platform_user_id>333</platform_user_id></item></managers>' +
          '<players></players></Team>',
      );
      const standings = await xml(`/league/standings/${league}`);
      assert.ok(
        standings.startsWith(`${XML_DECLARATION}<Standings><Standing><standing>1</standing>`),
      );
      assert.equal(
        await xml(`/league/matchups/${league}?week=3`),
        `${XML_DECLARATION}<Matchups><Matchup><week>3</week><matchup_id>1</matchup_id><teams>` +
          '<item><roster_id>1</roster_id></item><item><roster_id>10</roster_id></item>' +
          '</teams></Matchup></Matchups>',
      );
      assert.equal(
        await xml(`/league/matchups/${league}?week=9`),
        `${XML_DECLARATION}<Matchups></Matchups>`,
      );
    });

    it('sends an ETag and 304 to a matching If-None-Match', async () => {
      for (const path of [
        `/league/teams/${league}`,
        `/league/teams/${league}/1`,
        `/league/standings/${league}`,
        `/league/matchups/${league}?week=2`,
      ]) {
        const first = await get(path);
        assert.equal(first.status, 200, path);
        await first.arrayBuffer();
        const etag = first.headers.get('etag') ?? '';
        assert.match(etag, /^"[A-Za-z0-9_-]+"$/, path);
        const again = await get(path, { 'If-None-Match': etag });
        assert.equal(again.status, 304, path);
        assert.equal(await again.text(), '');
      }
    });

    it('answers from the new data once a re-sync changes the league', async () => {
      const paths = [
        `/league/teams/${league}`,
        `/league/teams/${league}/2`,
        `/league/standings/${league}`,
        `/league/matchups/${league}`,
      ];
      const before = new Map<string, string | null>();
      for (const path of paths) {
        const response = await get(path);
        await response.arrayBuffer();
        before.set(path, response.headers.get('etag'));
      }
      // Team Two wins week 3 and takes the lead.
      const resynced: LeagueSnapshot = {
        ...snapshot,
        teams: snapshot.teams.map((team) =>
          team.rosterId === '2'
            ? { ...team, standing: 1, record: { wins: 2, losses: 1, ties: 0 } }
            : team.rosterId === '1'
              ? { ...team, standing: 2 }
              : team,
        ),
        activity: buildActivity({
          matchups: [
            {
              period: 3,
              matchupId: '1',
              sides: [
                { rosterId: '2', score: 120 },
                { rosterId: '10', score: 80 },
              ],
              status: 'final',
              winnerRosterId: '2',
            },
          ],
        }),
      };
      await t.addLeague(resynced, w.aliceId);
      await t.app.refresh();
      for (const path of paths) {
        const response = await get(path, { 'If-None-Match': before.get(path) ?? '' });
        assert.equal(response.status, 200, `${path} changed`);
        assert.notEqual(response.headers.get('etag'), before.get(path), path);
        await response.arrayBuffer();
      }
      const standings = (await json(`/league/standings/${league}`)) as Array<{ roster_id: string }>;
      assert.deepEqual(
        standings.map((r) => r.roster_id),
        ['2', '1', '10'],
      );
      const matchups = (await json(`/league/matchups/${league}`)) as Array<{
        winner_roster_id?: string;
      }>;
      assert.deepEqual(
        matchups.map((m) => m.winner_roster_id),
        ['2'],
      );
      const team = (await json(`/league/teams/${league}/2`)) as { record: unknown };
      assert.deepEqual(team.record, { wins: 2, losses: 1, ties: 0 });
    });
  });
}
