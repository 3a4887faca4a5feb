// GET /league/rules, /league/lineups, /league/history and /players/{league_id}/injury: bodies,
// the week and roster filters, lineup totals equal to the matchups' scores, problems, XML and
// ETag/304, on every backend. The security suite covers auth and products.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  HistorySchema,
  LineupsSchema,
  PlayerInjurySchema,
} from '../../src/serving/game-schemas.ts';
import { RulesSchema } from '../../src/serving/rules-schemas.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { buildGame, buildGameLeagueSnapshot } from '../helpers/game-data.ts';
import { testBackends } from '../helpers/store.ts';
import { assertSchema, expectInvalidParam, expectProblem } from './expect.ts';
import { buildWorld } from './world.ts';
import type { World } from './world.ts';

const RULES = {
  scoring_type: 'head_to_head_points',
  scoring_rules: [
    { stat_id: 'pass_yd', stat_name: 'Passing yards', stat_key: 'passing_yards', points: 0.04 },
    { stat_id: 'rec', stat_key: 'receptions', points: 1.5, positions: ['TE'] },
    { stat_id: 'bonus_pass_yd_300', points: 3, min: 300, bonus: true },
    { stat_id: 'fg_40_49', stat_key: 'field_goals_made', points: 4, min: 40, max: 49 },
    { stat_id: 'pa_0', stat_key: 'points_allowed', points: 10, min: 0, max: 0, bonus: true },
  ],
  categories: [],
  roster_slots: [
    { slot: 'QB', platform_slot: 'QB', count: 1 },
    { slot: 'FLEX', platform_slot: 'REC_FLEX', count: 1, eligible_positions: ['WR', 'TE'] },
    { slot: 'DEF', platform_slot: 'DEF', count: 1 },
    { slot: 'BN', platform_slot: 'BN', count: 5 },
  ],
  playoffs: { teams: 4, first_week: 15 },
  waivers: { type: 'faab', platform_type: 'FAAB', faab_budget: 100 },
  trade_deadline_week: 11,
  first_week: 1,
  last_week: 17,
};

const MAHOMES = { player_id: '4046', full_name: 'Patrick Mahomes', position: 'QB', irl_team: 'KC' };
const LIONS = { player_id: 'DET', full_name: 'Detroit Lions', position: 'DEF', irl_team: 'DET' };
const ALLEN = { player_id: '4984', full_name: 'Josh Allen', position: 'QB', irl_team: 'BUF' };
const MAHOMES_OUT = { status: 'out', designation: 'Out' };
const ALLEN_Q = { status: 'questionable', designation: 'Q', note: 'Ankle' };

for (const dialect of testBackends()) {
  describe(`the game (${dialect})`, () => {
    let t: TestApp;
    let w: World;
    let league: number;
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
      league = await t.addLeague(
        buildGameLeagueSnapshot({
          platformLeagueKey: 'game-1',
          name: 'Game League',
          game: buildGame({
            history: [
              { season: 2021, platformLeagueKey: 'game-1' },
              // The world's "Another Year", Alice's: its id is given.
              { season: 2020, platformLeagueKey: '784462448236363776' },
              { season: 2019, platformLeagueKey: 'never-synced' },
            ],
          }),
        }),
        w.aliceId,
      );
    });
    after(() => t.close());

    it('gives the rules, and empty lists for a league with none synced', async () => {
      const body = await json(`/league/rules/${league}`);
      assert.deepEqual(body, { league_id: league, ...RULES });
      assertSchema(RulesSchema, body);
      assert.deepEqual(await json(`/league/rules/${w.leagues.main}`), {
        league_id: w.leagues.main,
        scoring_rules: [],
        categories: [],
        roster_slots: [],
      });
    });

    it("gives a week's box score, players named from the pool, with slots, points and injuries", async () => {
      const body = await json(`/league/lineups/${league}?week=1`);
      assert.deepEqual(body, {
        league_id: league,
        week: 1,
        teams: [
          {
            fantasy_team_roster_id: '1',
            points: 88,
            projected_points: 90.12,
            players: [
              {
                ...MAHOMES,
                slot: 'QB',
                platform_slot: 'QB',
                slot_group: 'starter',
                points: 80.5,
                projected_points: 81,
                injury: MAHOMES_OUT,
              },
              { ...LIONS, slot: 'DEF', platform_slot: 'DEF', slot_group: 'starter', points: 7.5 },
            ],
          },
          {
            fantasy_team_roster_id: '2',
            points: 111,
            players: [
              {
                ...ALLEN,
                slot: 'QB',
                platform_slot: 'QB',
                slot_group: 'starter',
                points: 111,
                injury: ALLEN_Q,
              },
              // On no team, but in the league's pool: named from it.
              {
                player_id: '1234',
                full_name: 'Old Timer',
                position: 'RB',
                slot: 'BN',
                platform_slot: 'BN',
                slot_group: 'bench',
                points: 3.3,
              },
            ],
          },
        ],
      });
      assertSchema(LineupsSchema, body);
    });

    it("totals each team's lineup to the score /league/matchups gives it that week", async () => {
      for (const week of [1, 2]) {
        const matchups = (await json(`/league/matchups/${league}?week=${week}`)) as Array<{
          teams: Array<{ roster_id: string; score?: number }>;
        }>;
        const lineups = (await json(`/league/lineups/${league}?week=${week}`)) as {
          teams: Array<{ fantasy_team_roster_id: string; points?: number }>;
        };
        const totals = new Map(lineups.teams.map((t) => [t.fantasy_team_roster_id, t.points]));
        for (const side of matchups.flatMap((m) => m.teams)) {
          if (side.score !== undefined) assert.equal(totals.get(side.roster_id), side.score);
        }
      }
    });

    it('gives the current lineup without week or points, one team with roster_id', async () => {
      const body = await json(`/league/lineups/${league}`);
      assert.deepEqual(body, {
        league_id: league,
        teams: [
          {
            fantasy_team_roster_id: '1',
            players: [
              {
                ...MAHOMES,
                slot: 'QB',
                platform_slot: 'QB',
                slot_group: 'starter',
                injury: MAHOMES_OUT,
              },
              { ...LIONS, slot: 'BN', platform_slot: 'BN', slot_group: 'bench' },
            ],
          },
          {
            fantasy_team_roster_id: '2',
            players: [
              { ...ALLEN, slot: 'IR', platform_slot: 'IR', slot_group: 'reserve', injury: ALLEN_Q },
            ],
          },
        ],
      });
      const one = (await json(`/league/lineups/${league}?week=2&roster_id=2`)) as {
        teams: Array<{ fantasy_team_roster_id: string }>;
      };
      assert.deepEqual(
        one.teams.map((team) => team.fantasy_team_roster_id),
        ['2'],
      );
      assert.deepEqual(await json(`/league/lineups/${league}?week=9`), {
        league_id: league,
        week: 9,
        teams: [],
      });
    });

    it('answers 400 for an unknown roster_id or a bad week, 404 for a league not of the user', async () => {
      await expectInvalidParam(
        await get(`/league/lineups/${league}?roster_id=99`),
        'roster_id',
        'query',
      );
      await expectInvalidParam(await get(`/league/lineups/${league}?week=0`), 'week', 'query');
      await expectInvalidParam(await get(`/league/lineups/${league}?wek=1`), 'wek', 'query');
      for (const path of [
        `/league/rules/${league}`,
        `/league/lineups/${league}`,
        `/league/history/${league}`,
        `/players/${league}/injury/4046`,
      ]) {
        await expectProblem(await t.request(path, { token: w.tokens.bob }), 'league_not_found');
      }
    });

    it("lists the league's seasons oldest first, with the user's league ids", async () => {
      const body = await json(`/league/history/${league}`);
      assert.deepEqual(body, [
        { season: 2019, platform_league_id: 'never-synced', league_id: null },
        { season: 2020, platform_league_id: '784462448236363776', league_id: w.leagues.lastYear },
        { season: 2021, platform_league_id: 'game-1', league_id: league },
      ]);
      assertSchema(HistorySchema, body);
      // No seasons linked: the league's own season alone.
      assert.deepEqual(await json(`/league/history/${w.leagues.main}`), [
        { season: 2021, platform_league_id: '784462448236363776', league_id: w.leagues.main },
      ]);
    });

    it("gives a player's injury from the league's list, else the pool's, else null", async () => {
      const allen = await json(`/players/${league}/injury/4984`);
      assert.deepEqual(allen, { player_id: '4984', full_name: 'Josh Allen', injury: ALLEN_Q });
      assertSchema(PlayerInjurySchema, allen);
      assert.deepEqual(await json(`/players/${league}/injury/4046`), {
        player_id: '4046',
        full_name: 'Patrick Mahomes',
        injury: MAHOMES_OUT,
      });
      assert.deepEqual(await json(`/players/${league}/injury/DET`), {
        player_id: 'DET',
        full_name: 'Detroit Lions',
        injury: null,
      });
      await expectProblem(await get(`/players/${league}/injury/nobody`), 'player_not_found');
    });

    it("adds each player's injury to the one-team answer, and nothing for a healthy one", async () => {
      const team = (await json(`/league/teams/${league}/1`)) as {
        players: Array<{ player_id: string; injury?: unknown }>;
      };
      assert.deepEqual(
        team.players.map((p) => [p.player_id, p.injury]),
        [
          ['DET', undefined],
          ['4046', MAHOMES_OUT],
        ],
      );
    });

    it('answers XML', async () => {
      const accept = { Accept: 'application/xml' };
      const rules = await (await get(`/league/rules/${league}`, accept)).text();
      assert.match(rules, /<Rules><league_id>\d+<\/league_id><scoring_type>head_to_head_points/);
      assert.match(rules, /<roster_slots><item><slot>QB<\/slot>/);
      const lineups = await (await get(`/league/lineups/${league}?week=1`, accept)).text();
      assert.match(lineups, /<Lineups><league_id>\d+<\/league_id><week>1<\/week><teams><item>/);
      assert.match(lineups, /<players><item><player_id>4046<\/player_id>/);
      const history = await (await get(`/league/history/${league}`, accept)).text();
      assert.match(history, /<Seasons><Season><season>2019<\/season>.*<league_id\/><\/Season>/);
      const injury = await (await get(`/players/${league}/injury/DET`, accept)).text();
      assert.match(injury, /<PlayerInjury><player_id>DET<\/player_id>.*<injury\/><\/PlayerInjury>/);
    });

    it('sends an ETag and 304 to a matching If-None-Match', async () => {
      for (const path of [
        `/league/rules/${league}`,
        `/league/lineups/${league}?week=1`,
        `/league/lineups/${league}`,
        `/league/history/${league}`,
        `/players/${league}/injury/4984`,
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

    it("never serves one user's season league ids to another", async () => {
      // Bob joins the league; the 2020 season is Alice's only.
      await t.addLeague(
        buildGameLeagueSnapshot({
          platformLeagueKey: 'game-1',
          name: 'Game League',
          game: buildGame({
            history: [
              { season: 2021, platformLeagueKey: 'game-1' },
              { season: 2020, platformLeagueKey: '784462448236363776' },
              { season: 2019, platformLeagueKey: 'never-synced' },
            ],
          }),
        }),
        w.bobId,
      );
      await t.app.refresh();
      // Bob's leagues held in memory, so that a cached answer of the league would reach him.
      const bobsLeagues = await t.request('/league/findAllLeagues', { token: w.tokens.bob });
      assert.equal(bobsLeagues.status, 200);
      await bobsLeagues.arrayBuffer();
      const alice = (await json(`/league/history/${league}`)) as Array<{ league_id: unknown }>;
      assert.equal(alice[1]?.league_id, w.leagues.lastYear);
      const response = await t.request(`/league/history/${league}`, { token: w.tokens.bob });
      assert.equal(response.status, 200);
      const bob = (await response.json()) as Array<{ league_id: unknown }>;
      assert.deepEqual(
        bob.map((season) => season.league_id),
        [null, null, league],
      );
    });
  });
}
