// The one parser of Yahoo's JSON: collections, entities, lists and the padding, on small bodies
// written here and on the recordings.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { plainYahoo } from '../../../src/platforms/yahoo/yahoo-json.ts';
import { YAHOO_FIXTURES_DIR, YAHOO_FIXTURES_SKIP } from '../../helpers/fake-yahoo.ts';

const recording = (name: string): unknown =>
  JSON.parse(readFileSync(join(YAHOO_FIXTURES_DIR, name), 'utf8')) as unknown;

describe('plainYahoo', () => {
  it('turns a "0","1",...,count collection into an array of its members, in index order', () => {
    const body = {
      teams: { '1': { team: [{ team_id: '2' }] }, '0': { team: [{ team_id: '1' }] }, count: 2 },
    };
    assert.deepEqual(plainYahoo(body), { teams: [{ team_id: '1' }, { team_id: '2' }] });
  });

  it('reads empty collections, [] or {"count": 0}, as []', () => {
    assert.deepEqual(plainYahoo({ players: [] }), { players: [] });
    assert.deepEqual(plainYahoo({ leagues: { count: 0 } }), { leagues: [] });
  });

  it('merges an entity told as one-key objects, nested arrays and [] padding into one object', () => {
    const team = [
      [{ team_key: '1.l.2.t.3' }, { team_id: '3' }, [], { name: 'A' }],
      { roster: { week: '1' } },
    ];
    assert.deepEqual(plainYahoo({ team }), {
      team: { team_key: '1.l.2.t.3', team_id: '3', name: 'A', roster: { week: '1' } },
    });
  });

  it('keeps lists under plural keys as lists, unwrapping the singular name', () => {
    const body = {
      eligible_positions: [{ position: 'C' }, { position: 'Util' }],
      managers: [{ manager: { guid: 'G' } }],
      selected_position: [{ coverage_type: 'date' }, { position: 'C' }],
    };
    assert.deepEqual(plainYahoo(body), {
      eligible_positions: ['C', 'Util'],
      managers: [{ guid: 'G' }],
      selected_position: { coverage_type: 'date', position: 'C' },
    });
  });

  it('a plural name inside a plural key is a sub-resource, not a list ("standings": [{"teams"}])', () => {
    const body = {
      standings: [{ teams: { '0': { team: [{ team_id: '1' }] }, count: 1 } }],
      bonuses: [{ bonus: { target: '10' } }, { bonus: { target: '20' } }],
    };
    assert.deepEqual(plainYahoo(body), {
      standings: { teams: [{ team_id: '1' }] },
      bonuses: [{ target: '10' }, { target: '20' }],
    });
  });

  it('merges numbered sub-resources of an entity into it ("roster": {"date", "0": {"players"}})', () => {
    const roster = {
      date: '2022-05-23',
      '0': { players: { '0': { player: [[{ player_key: '1.p.9' }]] }, count: 1 } },
    };
    assert.deepEqual(plainYahoo({ roster }), {
      roster: { date: '2022-05-23', players: [{ player_key: '1.p.9' }] },
    });
  });

  it('a one-field entity under a singular key stays an object (users;use_login=1)', () => {
    assert.deepEqual(plainYahoo({ users: { '0': { user: [{ guid: 'X' }] }, count: 1 } }), {
      users: [{ guid: 'X' }],
    });
  });

  it('keeps primitives, false included, and drops nothing else', () => {
    assert.deepEqual(plainYahoo({ logo_url: false, num_teams: 12, n: null }), {
      logo_url: false,
      num_teams: 12,
      n: null,
    });
  });

  describe('on the recordings', { skip: YAHOO_FIXTURES_SKIP }, () => {
    it("a user's games and leagues", () => {
      const plain = plainYahoo(recording('users-games-leagues-nfl2024-mlb2025.json')) as {
        fantasy_content: { users: Array<{ guid: string; games: Array<Record<string, unknown>> }> };
      };
      const [user] = plain.fantasy_content.users;
      assert.equal(user?.guid, 'BHVG6BFSIBLNQNPEC2SKXNNRVY');
      assert.deepEqual(
        user?.games.map((game) => [
          game.game_key,
          game.code,
          game.season,
          (game.leagues as Array<{ league_key: string; name: string }>).map((l) => [
            l.league_key,
            l.name,
          ]),
        ]),
        [
          ['449', 'nfl', '2024', [['449.l.751781', 'Harambe Memorial League']]],
          ['458', 'mlb', '2025', [['458.l.48797', "Dave's Excellent League"]]],
        ],
      );
    });

    it("a team's roster: the team, its managers and every player with his selected position", () => {
      const plain = plainYahoo(recording('mlb-2022-team-412.l.48244.t.8-roster-week7.json')) as {
        fantasy_content: {
          team: Record<string, unknown> & { roster: { players: Array<Record<string, unknown>> } };
        };
      };
      const team = plain.fantasy_content.team;
      assert.equal(team.name, 'Sunday Flameouts');
      assert.deepEqual(team.managers, [
        {
          manager_id: '8',
          nickname: 'Jennifer',
          guid: 'AV6IXHPC4QP7HDCKNCWNL35IPI',
          image_url: 'https://s.yimg.com/ag/images/default_user_profile_pic_64sq.jpg',
          felo_score: '644',
          felo_tier: 'silver',
        },
      ]);
      const jansen = team.roster.players[0] as Record<string, unknown>;
      assert.equal(jansen.player_key, '412.p.10959');
      assert.deepEqual(jansen.name, {
        full: 'Danny Jansen',
        first: 'Danny',
        last: 'Jansen',
        ascii_first: 'Danny',
        ascii_last: 'Jansen',
      });
      assert.deepEqual(jansen.eligible_positions, ['C', 'Util']);
      assert.deepEqual(jansen.selected_position, {
        coverage_type: 'date',
        date: '2022-05-23',
        position: 'C',
        is_flex: 0,
      });
      const raw = recording('mlb-2022-team-412.l.48244.t.8-roster-week7.json') as {
        fantasy_content: { team: [unknown, { roster: { '0': { players: { count: number } } } }] };
      };
      assert.equal(
        team.roster.players.length,
        raw.fantasy_content.team[1].roster['0'].players.count,
      );
    });

    it('league settings: the roster positions list and the stat categories', () => {
      const plain = plainYahoo(recording('nhl-2019-league-396.l.21484-settings.json')) as {
        fantasy_content: {
          league: {
            name: string;
            settings: {
              roster_positions: unknown[];
              stat_categories: { stats: Array<{ stat_id: number }> };
            };
          };
        };
      };
      const league = plain.fantasy_content.league;
      assert.equal(league.name, 'KFJ');
      assert.deepEqual(league.settings.roster_positions[0], {
        position: 'C',
        position_type: 'P',
        count: 2,
      });
      assert.equal(league.settings.roster_positions.length, 11);
      assert.equal(league.settings.stat_categories.stats[0]?.stat_id, 1);
    });

    it('an empty player search answer has an empty players list', () => {
      const plain = plainYahoo(
        recording('mlb-2020-league-398.l.10372-players-search-blah-stats.json'),
      ) as {
        fantasy_content: { league: { league_key: string; players: unknown[] } };
      };
      assert.equal(plain.fantasy_content.league.league_key, '398.l.10372');
      assert.deepEqual(plain.fantasy_content.league.players, []);
    });
  });
});
