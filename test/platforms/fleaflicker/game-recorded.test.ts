// A league's game from recorded Fleaflicker responses (../shared/fixtures/fleaflicker, read at
// test time, never copied): rules, lineups with points, injuries and seasons, served by a real
// local HTTP server. League 206154 has its rules, two weeks of scoreboards and one box score a
// week recorded; 312861 its rules and rosters (with injuries).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeagueGame } from '../../../src/domain/game.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { LeagueFetchContext, PlatformAccount } from '../../../src/platforms/connector.ts';
import { createFleaflickerConnector } from '../../../src/platforms/fleaflicker/index.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { failure } from '../../helpers/failure.ts';
import {
  FLEAFLICKER_FIXTURES_SKIP,
  RECORDED_FLEAFLICKER_EMAIL,
  startFakeFleaflicker,
} from '../../helpers/fake-fleaflicker.ts';
import type { FakeFleaflicker } from '../../helpers/fake-fleaflicker.ts';
import { reply } from '../../helpers/fake-platform.ts';
import type { FakeRoute } from '../../helpers/fake-platform.ts';

const AAA = '312861';
const JACKPOT = '206154';
const account: PlatformAccount = {
  platform: 'fleaflicker',
  externalUserId: RECORDED_FLEAFLICKER_EMAIL,
};
const ref = (key: string) => ({ platformLeagueKey: key, season: 2020, sport: 'football' as const });
// In June 2021 the 2020 season is not yet over by the engine's rule: week 5 is the current one.
const june2021 = () => new Date('2021-06-12T00:00:00Z');

describe('Fleaflicker game on recorded responses', { skip: FLEAFLICKER_FIXTURES_SKIP }, () => {
  let fake: FakeFleaflicker;
  let jackpot: LeagueSnapshot;
  let aaa: LeagueSnapshot;
  let jackpotGame: LeagueGame;

  async function start(overrides: Record<string, FakeRoute> = {}) {
    const server: FakeFleaflicker = await startFakeFleaflicker({
      overrides: {
        // Jackpot's rosters are not recorded: an empty roster list stands in for them.
        '/FetchLeagueRosters': (r) =>
          r.query.get('league_id') === JACKPOT
            ? reply.json({})
            : reply.raw(JSON.stringify(server.recorded(`FetchLeagueRosters-${AAA}.json`))),
        ...overrides,
      },
    });
    return server;
  }
  const connect = (server: FakeFleaflicker) =>
    createFleaflickerConnector({
      baseUrl: server.baseUrl,
      backoffBaseMs: 1,
      timeoutMs: 5_000,
      requestsPerMinute: 10_000,
      today: june2021,
    });
  const holdingFinal = (periods: number[]): LeagueFetchContext => ({
    ...storeHolding(),
    finalLineupPeriods: async () => new Set(periods),
  });
  const boxscores = (server: FakeFleaflicker, from: number) =>
    server.requests.slice(from).filter((r) => r.path === '/FetchLeagueBoxscore');

  before(async () => {
    fake = await start();
    const connector = connect(fake);
    jackpot = await connector.fetchLeague(account, ref(JACKPOT), storeHolding());
    aaa = await connector.fetchLeague(account, ref(AAA), storeHolding());
    assert.ok(jackpot.game);
    jackpotGame = jackpot.game;
  });
  after(() => fake.close());

  test('rules: slots from the season standings, every scoring rule, FAAB waivers', () => {
    const rules = jackpotGame.rules;
    assert.ok(rules);
    assert.equal(rules.scoringType, 'head_to_head_points');
    assert.deepEqual(
      rules.rosterSlots.map((s) => [s.slot, s.platformSlot, s.count]),
      [
        ['QB', 'QB', 1],
        ['RB', 'RB', 2],
        ['WR', 'WR', 2],
        ['TE', 'TE', 1],
        ['FLEX', 'RB/WR/TE', 1],
        ['K', 'K', 1],
        ['DB', 'DB', 2],
        ['DL', 'EDR/IL', 2],
        ['LB', 'LB', 2],
        ['IDP_FLEX', 'DB/EDR/IL/LB', 2],
        ['IR', 'IR', 25],
        ['TAXI', 'TAXI', 3],
        ['BN', 'BN', 24],
      ],
    );
    const flex = rules.rosterSlots.find((s) => s.slot === 'IDP_FLEX');
    assert.deepEqual(flex?.eligiblePositions, ['CB', 'S', 'EDR', 'IL', 'LB']);
    assert.equal(rules.scoring.length, 48);
    assert.deepEqual(rules.scoring[0], {
      statId: '3',
      statName: 'Passing Yard',
      statKey: 'passing_yards',
      points: 1,
      per: 25,
    });
    // The tight-end premium: a catch is a point for a TE, half a point for the others.
    const catches = rules.scoring.filter((r) => r.statId === '41');
    assert.deepEqual(
      catches.map((r) => [r.points, r.per, r.positions?.includes('TE') ?? true]),
      [
        [1, 1, true],
        [1, 2, false],
      ],
    );
    assert.deepEqual(
      rules.scoring.find((r) => r.statId === '11' && r.bonus),
      { statId: '11', statName: 'QB Rating', points: -1, max: 49, bonus: true, positions: ['QB'] },
    );
    assert.deepEqual(rules.waivers, { type: 'faab', platformType: 'BLIND_BID', faabBudget: 100 });
    // The fake cuts the schedule to the recorded weeks.
    assert.deepEqual([rules.firstPeriod, rules.lastPeriod], [4, 5]);
    assert.equal(rules.tradeDeadlinePeriod, undefined);
    // A super-flex league: QB/RB/WR/TE.
    const superFlex = aaa.game?.rules?.rosterSlots.find((s) => s.platformSlot === 'QB/RB/WR/TE');
    assert.deepEqual([superFlex?.slot, superFlex?.count], ['SUPER_FLEX', 1]);
  });

  test('lineup totals are the matchup scores of the same team and week', () => {
    const lineups = (jackpotGame.lineups ?? []).filter((l) => l.entries.length > 0);
    assert.deepEqual(
      lineups.map((l) => [l.period, l.rosterId, l.points, l.entries.length]),
      [
        [4, '1373535', 174.31, 46],
        [4, '1373970', 168.51, 45],
        [5, '1373991', 161.65, 48],
        [5, '1373475', 206.65, 49],
      ],
    );
    for (const lineup of lineups) {
      const side = jackpot.activity?.matchups
        .filter((m) => m.period === lineup.period)
        .flatMap((m) => m.sides)
        .find((s) => s.rosterId === lineup.rosterId);
      assert.equal(lineup.points, side?.score);
    }
  });

  test('starters, bench, injured reserve and taxi with their points', () => {
    const ducks = jackpotGame.lineups?.find((l) => l.period === 4 && l.rosterId === '1373535');
    const entries = ducks?.entries ?? [];
    assert.deepEqual(entries[0], {
      playerId: '8625',
      slot: 'QB',
      platformSlot: 'QB',
      points: 20.11,
    });
    assert.deepEqual(entries[5], {
      playerId: '9311',
      slot: 'FLEX',
      platformSlot: 'RB/WR/TE',
      points: 9.1,
    });
    // On the bench: a player who scored, one who scored 0, one without a game (COVID-19 postponed).
    const bench = entries.filter((e) => e.slot === 'BN');
    assert.equal(bench.length, 24);
    assert.deepEqual(
      ['10475', '14798', '394'].map((id) => bench.find((e) => e.playerId === id)?.points),
      [13.4, 0, undefined],
    );
    assert.deepEqual(
      entries.filter((e) => e.slot === 'IR' || e.slot === 'TAXI').map((e) => e.playerId),
      ['10895', '12035', '15814', '15692', '15729', '15590'],
    );
    // Fleaflicker gives no projections in these box scores.
    assert.ok(entries.every((e) => e.projectedPoints === undefined));
    // Players of the lineups come with the league when the pool lacks them.
    assert.ok(jackpot.players.some((p) => p.playerId === '15590'));
  });

  test('injuries come from the rosters, normalized with the designation kept', () => {
    const injuries = aaa.game?.injuries ?? [];
    assert.equal(injuries.length, 30);
    assert.deepEqual(
      injuries.find((i) => i.playerId === '14471'),
      { playerId: '14471', status: 'out', designation: 'OUT', note: 'Knee - Meniscus' },
    );
    assert.deepEqual(
      injuries.find((i) => i.playerId === '309'),
      { playerId: '309', status: 'questionable', designation: 'Q', note: 'Knee' },
    );
  });

  test('no current lineup while some team has no lineup read for the current week', () => {
    // Only one of week 5's eight games is recorded.
    assert.equal(jackpotGame.currentLineup, undefined);
  });

  test('a week the store holds as final is not read again', async () => {
    const connector = connect(fake);
    let from = fake.totalHits();
    await connector.fetchLeague(account, ref(JACKPOT), storeHolding());
    assert.equal(boxscores(fake, from).length, 16);
    from = fake.totalHits();
    const snapshot = await connector.fetchLeague(account, ref(JACKPOT), holdingFinal([4]));
    const asked = boxscores(fake, from);
    assert.equal(asked.length, 8);
    assert.ok(asked.every((r) => r.query.get('scoring_period') === '5'));
    assert.deepEqual([...new Set(snapshot.game?.lineups?.map((l) => l.period))], [5]);
  });

  test('history: the seasons the league lists name the league in', async () => {
    const connector = connect(fake);
    // Without the lists read, the connector knows no seasons: no history.
    assert.equal(
      (await connector.fetchLeague(account, ref(AAA), storeHolding())).game?.history,
      undefined,
    );
    const refs = await connector.listLeagues(account, {
      sports: ['football'],
      seasons: [2019, 2020],
    });
    assert.ok(refs.some((r) => r.platformLeagueKey === AAA));
    const snapshot = await connector.fetchLeague(account, ref(AAA), storeHolding());
    assert.deepEqual(snapshot.game?.history, [{ season: 2020, platformLeagueKey: AAA }]);
  });

  test('a finished season has no current lineup and no injuries', async () => {
    const later = createFleaflickerConnector({
      baseUrl: fake.baseUrl,
      backoffBaseMs: 1,
      timeoutMs: 5_000,
      requestsPerMinute: 10_000,
    });
    const game = (await later.fetchLeague(account, ref(AAA), storeHolding())).game;
    assert.deepEqual([game?.currentLineup, game?.injuries], [undefined, undefined]);
    assert.equal(game?.rules?.rosterSlots.length, 8);
  });

  test('a malformed box score, or another game, is invalid_response', async () => {
    for (const body of [{ lineups: 'none' }, { game: { id: '1' } }]) {
      const server = await start({ '/FetchLeagueBoxscore': () => reply.json(body) });
      try {
        const error = await failure(
          connect(server).fetchLeague(account, ref(JACKPOT), storeHolding()),
        );
        assert.ok(error instanceof PlatformError);
        assert.equal(error.kind, 'invalid_response');
      } finally {
        await server.close();
      }
    }
  });

  test('refused rules or box scores fail the league as unavailable', async () => {
    for (const path of ['/FetchLeagueRules', '/FetchLeagueBoxscore']) {
      const server = await start({ [path]: () => reply.status(404) });
      try {
        const error = await failure(
          connect(server).fetchLeague(account, ref(JACKPOT), storeHolding()),
        );
        assert.ok(error instanceof PlatformError);
        assert.equal(error.kind, 'unavailable');
      } finally {
        await server.close();
      }
    }
  });
});
