// The game of Yahoo leagues on the recordings in ../shared/fixtures/yahoo (served by the fake):
// football 2021's settings (XML) as rules, its week lineups (team 4's roster was recorded for
// week 13) with totals equal to the matchup scores, the current slots and injuries of football
// 2021, 2025 and baseball 2022 rosters, hockey 2019's settings (JSON: out of scope as a sport,
// but Yahoo's settings shape for every sport) and a player's week points (football 2024).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import { YahooLeagueWeeks, YahooSettings } from '../../../src/platforms/yahoo/activity-schemas.ts';
import { numberOf } from '../../../src/platforms/yahoo/activity-mapping.ts';
import { YahooLineupPlayer } from '../../../src/platforms/yahoo/game-schemas.ts';
import { mapHistory } from '../../../src/platforms/yahoo/game-mapping.ts';
import { mapRules } from '../../../src/platforms/yahoo/rules-mapping.ts';
import { validate } from '../../../src/platforms/yahoo/schemas.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { YAHOO_FIXTURES_SKIP } from '../../helpers/fake-yahoo.ts';
import { recordedContent } from '../../helpers/fake-yahoo-recordings.ts';
import { yahooWorld } from './world.ts';
import type { YahooWorld } from './world.ts';

const FOOTBALL_2021 = {
  platformLeagueKey: '406.l.117376',
  sport: 'football',
  season: 2021,
} as const;
const weekPath = (week: number): string =>
  `/league/406.l.117376/teams/roster;week=${week}/players/stats;type=week;week=${week}`;

describe('Yahoo game on the recordings', { skip: YAHOO_FIXTURES_SKIP }, () => {
  let world: YahooWorld;
  let connector: PlatformConnector;
  let account: PlatformAccount;
  let league: LeagueSnapshot;
  before(async () => {
    world = await yahooWorld();
    connector = world.connector();
    account = await world.linked(connector);
    league = await connector.fetchLeague(account, FOOTBALL_2021, storeHolding());
  });
  after(() => world.close());

  it('rules from the settings: scoring type, rules by stat, slots, playoffs, waivers, deadline, weeks', () => {
    const rules = league.game?.rules;
    assert.equal(rules?.scoringType, 'head_to_head_points');
    assert.equal(rules?.scoring.length, 44);
    const byId = (id: string) => rules?.scoring.filter((rule) => rule.statId === id);
    assert.deepEqual(byId('4'), [
      { statId: '4', statName: 'Passing Yards', statKey: 'passing_yards', points: 0.04 },
    ]);
    assert.deepEqual(byId('6'), [
      { statId: '6', statName: 'Interceptions', statKey: 'passing_interceptions', points: -2 },
    ]);
    assert.deepEqual(byId('16'), [{ statId: '16', statName: '2-Point Conversions', points: 2 }]);
    assert.deepEqual(byId('53'), [
      {
        statId: '53',
        statName: 'Points Allowed 14-20 points',
        statKey: 'points_allowed',
        points: 3,
        min: 14,
        max: 20,
        bonus: true,
      },
    ]);
    assert.equal(rules?.categories, undefined, 'a points league ranks by points');
    assert.deepEqual(
      rules?.rosterSlots.map((s) => [s.slot, s.platformSlot, s.count]),
      [
        ['QB', 'QB', 1],
        ['WR', 'WR', 2],
        ['RB', 'RB', 2],
        ['TE', 'TE', 1],
        ['FLEX', 'W/R/T', 1],
        ['K', 'K', 1],
        ['DEF', 'DEF', 1],
        ['IDP_FLEX', 'D', 2],
        ['BN', 'BN', 5],
        ['IR', 'IR', 3],
      ],
    );
    assert.deepEqual(rules?.rosterSlots[4]?.eligiblePositions, ['WR', 'RB', 'TE']);
    assert.deepEqual(rules?.playoffs, { teams: 8, firstPeriod: 15 });
    assert.deepEqual(rules?.waivers, { type: 'rolling', platformType: 'R' });
    assert.equal(rules?.tradeDeadlineAt, '2021-11-13');
    assert.deepEqual([rules?.firstPeriod, rules?.lastPeriod], [1, 17]);
  });

  it("history: Yahoo's renew names the 2020 league; nothing renewed it yet", () => {
    assert.deepEqual(league.game?.history, [
      { season: 2020, platformLeagueKey: '399.l.38221' },
      { season: 2021, platformLeagueKey: '406.l.117376' },
    ]);
  });

  it("lineups: every team of weeks 1-13, each total the team's matchup score", () => {
    const lineups = league.game?.lineups ?? [];
    assert.equal(lineups.length, 13 * 16);
    let compared = 0;
    for (const matchup of league.activity?.matchups ?? []) {
      for (const side of matchup.sides) {
        const lineup = lineups.find(
          (l) => l.period === matchup.period && l.rosterId === side.rosterId,
        );
        assert.equal(lineup?.points, side.score, `week ${matchup.period} team ${side.rosterId}`);
        compared++;
      }
    }
    assert.equal(compared, 26, "team 4's 13 matchups, both sides");
    // The scoreboard's projections beside (Wide right!!, team 14, projected 134.40).
    const week1 = lineups.filter((l) => l.period === 1 && ['4', '14'].includes(l.rosterId));
    assert.deepEqual(
      week1.map((l) => [l.rosterId, l.points, l.projectedPoints]),
      [
        ['4', 141.72, 139.25],
        ['14', 107.5, 134.4],
      ],
    );
  });

  it("week 13, team 4: starters in Yahoo's order, then the bench, then IR (no points recorded)", () => {
    const lineup = league.game?.lineups?.find((l) => l.period === 13 && l.rosterId === '4');
    assert.deepEqual(
      lineup?.entries.map((e) => [e.playerId, e.slot, e.platformSlot]),
      [
        ['29369', 'QB', 'QB'],
        ['33398', 'WR', 'WR'],
        ['30182', 'WR', 'WR'],
        ['32066', 'RB', 'RB'],
        ['32814', 'RB', 'RB'],
        ['28592', 'TE', 'TE'],
        ['30551', 'FLEX', 'W/R/T'],
        ['9526', 'K', 'K'],
        ['100006', 'DEF', 'DEF'],
        ['25739', 'IDP_FLEX', 'D'],
        ['28472', 'IDP_FLEX', 'D'],
        ['32018', 'BN', 'BN'],
        ['31005', 'BN', 'BN'],
        ['27564', 'BN', 'BN'],
        ['30494', 'BN', 'BN'],
        ['30274', 'BN', 'BN'],
        ['31883', 'IR', 'IR'],
        ['31104', 'IR', 'IR'],
      ],
    );
    assert.ok(lineup?.entries.every((e) => e.points === undefined));
  });

  it('current lineup and injuries from the rosters (status, designation, what is hurt)', () => {
    const current = league.game?.currentLineup ?? [];
    assert.equal(current.length, 18);
    assert.deepEqual(
      current.find((s) => s.playerId === '31883'),
      { rosterId: '4', playerId: '31883', slot: 'IR', platformSlot: 'IR' },
    );
    assert.deepEqual(league.game?.injuries, [
      { playerId: '28592', status: 'doubtful', designation: 'D', note: 'Knee' },
      { playerId: '30494', status: 'questionable', designation: 'Q', note: 'Hip' },
      { playerId: '31104', status: 'injured_reserve', designation: 'IR', note: 'Ankle' },
      { playerId: '31883', status: 'injured_reserve', designation: 'IR', note: 'Chest' },
    ]);
    const waller = league.players.find((p) => p.playerId === '28592');
    assert.deepEqual(waller?.injury, { status: 'doubtful', designation: 'D', note: 'Knee' });
  });

  it('weeks the store holds as final are not asked again: only week 13', async () => {
    const sent = world.fake.requests.length;
    const held = new Set(Array.from({ length: 12 }, (_, i) => i + 1));
    const context = { ...storeHolding(), finalLineupPeriods: async () => held };
    const again = await connector.fetchLeague(account, FOOTBALL_2021, context);
    const paths = world.fake.requests.slice(sent).map((r) => r.path.slice('/fantasy/v2'.length));
    assert.deepEqual(paths.slice(3), [weekPath(13)]);
    assert.deepEqual([...new Set(again.game?.lineups?.map((l) => l.period))], [13]);
  });

  it('football 2025 (JSON): flex and IDP slots now; IR, NFI-R, inactive and questionable players', async () => {
    const ref = { platformLeagueKey: '461.l.6288', sport: 'football', season: 2025 } as const;
    const game = (await connector.fetchLeague(account, ref, storeHolding())).game;
    const slotOf = (id: string) => game?.currentLineup?.find((s) => s.playerId === id);
    assert.deepEqual(slotOf('42389'), {
      rosterId: '4',
      playerId: '42389',
      slot: 'FLEX',
      platformSlot: 'W/R',
    });
    assert.deepEqual(
      ['33969', '40124', '31837', '30996'].map((id) => slotOf(id)?.slot),
      ['DB', 'DL', 'LB', 'BN'],
    );
    const injury = (id: string) => game?.injuries?.find((i) => i.playerId === id);
    assert.deepEqual(injury('30161'), {
      playerId: '30161',
      status: 'non_football_injury',
      designation: 'NFI-R',
      note: 'Foot',
    });
    assert.deepEqual(injury('31157'), {
      playerId: '31157',
      status: 'not_active',
      designation: 'NA',
    });
    assert.equal(injury('33969')?.status, 'questionable');
    assert.equal(injury('40889')?.note, 'Knee - ACL');
    assert.equal(game?.injuries?.length, 8);
  });

  it('baseball 2022 (JSON): IL is injured reserve; LF, CF, RF and Util; a 60-day IL player', async () => {
    const ref = { platformLeagueKey: '412.l.48244', sport: 'baseball', season: 2022 } as const;
    const fetched = await connector.fetchLeague(account, ref, storeHolding());
    const slots = fetched.game?.currentLineup?.map((s) => `${s.platformSlot}:${s.slot}`);
    for (const slot of ['IL:IR', 'LF:LF', 'CF:CF', 'RF:RF', 'Util:UTIL', 'SP:SP', 'BN:BN']) {
      assert.ok(slots?.includes(slot), slot);
    }
    assert.deepEqual(fetched.game?.injuries, [
      { playerId: '10592', status: 'injured_reserve', designation: 'IL60', note: 'Shoulder' },
    ]);
  });
});

describe('Yahoo game shapes in JSON recordings', { skip: YAHOO_FIXTURES_SKIP }, () => {
  it("hockey 2019's settings: modifiers, IR+ and NA slots, playoffs, waivers, deadline, renew", () => {
    const check = TypeCompiler.Compile(
      Type.Object({
        fantasy_content: Type.Object({
          league: Type.Object({ ...YahooLeagueWeeks.properties, settings: YahooSettings }),
        }),
      }),
    );
    const body = { fantasy_content: recordedContent('nhl-2019-league-396.l.21484-settings.json') };
    const league = validate(check, body, 'GET /league/396.l.21484/settings').fantasy_content.league;
    // Hockey is out of scope: read with basketball's slots, whose reserve and bench names it shares.
    const rules = mapRules(league, league.settings, 'basketball');
    assert.equal(rules.scoringType, 'head_to_head_points');
    assert.equal(rules.scoring.length, 15);
    assert.deepEqual(
      rules.scoring.filter((r) => ['14', '22'].includes(r.statId)),
      [
        { statId: '14', statName: 'Shots on Goal', points: 0.5 },
        { statId: '22', statName: 'Goals Against', points: -1 },
      ],
    );
    assert.deepEqual(
      rules.rosterSlots.slice(-4).map((s) => [s.slot, s.platformSlot, s.count]),
      [
        ['BN', 'BN', 5],
        ['IR', 'IR', 4],
        ['IR', 'IR+', 2],
        ['OTHER', 'NA', 1],
      ],
    );
    assert.deepEqual(rules.playoffs, { teams: 6, firstPeriod: 22 });
    assert.deepEqual(rules.waivers, { type: 'rolling', platformType: 'R' });
    assert.equal(rules.tradeDeadlineAt, '2020-02-19');
    assert.deepEqual(mapHistory(league), [
      { season: 2018, platformLeagueKey: '386.l.29054' },
      { season: 2019, platformLeagueKey: '396.l.21484' },
    ]);
  });

  it("a player's week points (football 2024, week 1): player_points.total", () => {
    const content = recordedContent(
      'nfl-2024-league-449.l.751781-player-449.p.7200-stats-week1.json',
    );
    const check = TypeCompiler.Compile(
      Type.Object({
        fantasy_content: Type.Object({
          league: Type.Object({ players: Type.Array(YahooLineupPlayer, { minItems: 1 }) }),
        }),
      }),
    );
    const body = validate(check, { fantasy_content: content }, 'GET players/stats;type=week');
    const [player] = body.fantasy_content.league.players;
    assert.equal(numberOf(player?.player_points?.total), 8.58);
  });
});
