// Fantrax's league data, read through a real FantraxCall from the fake official API on 127.0.0.1
// and mapped, value by value, for a made-up league: four teams, three scoring periods (the third
// the playoffs'), a finished snake draft with one traded pick, and future picks with one traded.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeagueRef } from '../../../src/platforms/connector.ts';
import { fetchFantraxLeagueData } from '../../../src/platforms/fantrax/activity.ts';
import type { FantraxCall } from '../../../src/platforms/fantrax/activity.ts';
import { draftType, fantraxInstant, mapDraft } from '../../../src/platforms/fantrax/drafts.ts';
import { periodKind } from '../../../src/platforms/fantrax/matchups.ts';
import { parseRecord } from '../../../src/platforms/fantrax/team-details.ts';
import {
  fantraxActivityRoutes,
  fantraxTestCall,
  syntheticFantraxActivity,
} from '../../helpers/fake-fantrax-activity.ts';
import type {
  FantraxActivityBodies,
  FantraxActivityOptions,
} from '../../helpers/fake-fantrax-activity.ts';
import { startFakePlatform } from '../../helpers/fake-platform.ts';
import type { FakePlatformServer } from '../../helpers/fake-platform.ts';

const ASHFORD = 'k3p9x2m1ab4c5d6e';
const BROOKSIDE = 'q7w2e5r8ty1u4i0o';
const CEDAR = 'z1x2c3v4bn5m6l7k';
const DUNMORE = 'h8g7f6d5s4a3p2o1';
const TEAMS = [
  { id: ASHFORD, name: 'Ashford Anchors' },
  { id: BROOKSIDE, name: 'Brookside Badgers' },
  { id: CEDAR, name: 'Cedar Comets' },
  { id: DUNMORE, name: 'Dunmore Dragons' },
];
const TEAM_IDS = TEAMS.map((t) => t.id);

/** Each case is its own league on the one fake. */
const LEAGUES: Record<string, Partial<FantraxActivityOptions>> = {
  underway: { currentPeriod: 3, divisions: ['East', 'East', 'West', 'West'] },
  over: {},
  preseason: { currentPeriod: 1, currentBegun: false, picksMade: 5 },
};

let fake: FakePlatformServer;
const bodies = new Map<string, FantraxActivityBodies>();

before(async () => {
  for (const [key, options] of Object.entries(LEAGUES)) {
    bodies.set(`fx${key}`, syntheticFantraxActivity({ teams: TEAMS, season: 2025, ...options }));
  }
  fake = await startFakePlatform(fantraxActivityRoutes(bodies));
});
after(() => fake.close());
const api = () => `${fake.url}/fxea/general`;

function fetchLeague(
  key: string,
  options: { call?: FantraxCall; seasonOver?: boolean; teams?: string[]; info?: unknown } = {},
) {
  const leagueKey = `fx${key}`;
  const ref: LeagueRef = { platformLeagueKey: leagueKey, season: 2025, sport: 'football' };
  return fetchFantraxLeagueData({
    call: options.call ?? fantraxTestCall(api()),
    ref,
    leagueInfo: options.info ?? bodies.get(leagueKey)?.leagueInfo,
    teams: options.teams ?? TEAM_IDS,
    seasonOver: options.seasonOver ?? false,
    signal: undefined,
  });
}

function hitsSince(start: number, method: string): number {
  return fake.requests.slice(start).filter((r) => r.path === `/fxea/general/${method}`).length;
}

describe('Fantrax league data, a season under way (period 3 begun)', () => {
  test('standings give each team its record, points for and place; teamInfo its division', async () => {
    const record = (wins: number, losses: number) => ({ record: { wins, losses, ties: 0 } });
    const { teamDetails } = await fetchLeague('underway');
    assert.deepEqual(
      Object.fromEntries(teamDetails),
      Object.fromEntries([
        [ASHFORD, { divisionId: 'East', ...record(0, 2), pointsFor: 178.75, standing: 4 }],
        [BROOKSIDE, { divisionId: 'East', ...record(2, 0), pointsFor: 219.25, standing: 1 }],
        [CEDAR, { divisionId: 'West', ...record(1, 1), pointsFor: 210.75, standing: 2 }],
        [DUNMORE, { divisionId: 'West', ...record(1, 1), pointsFor: 202.25, standing: 3 }],
      ]),
    );
  });

  test('matchups: the schedule with its scores, home first, final before the current period', async () => {
    const { activity } = await fetchLeague('underway');
    assert.equal(activity.currentPeriod, 3);
    assert.deepEqual(activity.transactions, []);
    assert.deepEqual(activity.matchups, [
      {
        period: 1,
        matchupId: '1',
        sides: [
          { rosterId: DUNMORE, score: 105 },
          { rosterId: ASHFORD, score: 93.25 },
        ],
        status: 'final',
        kind: 'regular',
        winnerRosterId: DUNMORE,
      },
      {
        period: 1,
        matchupId: '2',
        sides: [
          { rosterId: CEDAR, score: 109.75 },
          { rosterId: BROOKSIDE, score: 113.5 },
        ],
        status: 'final',
        kind: 'regular',
        winnerRosterId: BROOKSIDE,
      },
      {
        period: 2,
        matchupId: '1',
        sides: [
          { rosterId: BROOKSIDE, score: 105.75 },
          { rosterId: ASHFORD, score: 85.5 },
        ],
        status: 'final',
        kind: 'regular',
        winnerRosterId: BROOKSIDE,
      },
      {
        period: 2,
        matchupId: '2',
        sides: [
          { rosterId: DUNMORE, score: 97.25 },
          { rosterId: CEDAR, score: 101 },
        ],
        status: 'final',
        kind: 'regular',
        winnerRosterId: CEDAR,
      },
      {
        period: 3,
        matchupId: '1',
        sides: [
          { rosterId: CEDAR, score: 46.625 },
          { rosterId: ASHFORD, score: 49.375 },
        ],
        status: 'in_progress',
        kind: 'playoff',
      },
      {
        period: 3,
        matchupId: '2',
        sides: [
          { rosterId: BROOKSIDE, score: 59 },
          { rosterId: DUNMORE, score: 44.75 },
        ],
        status: 'in_progress',
        kind: 'playoff',
      },
    ]);
  });

  test('the draft in pick order, the traded slot with its holder; future picks with their owners', async () => {
    const { activity } = await fetchLeague('underway');
    const order = [ASHFORD, BROOKSIDE, CEDAR, DUNMORE, DUNMORE, CEDAR, BROOKSIDE, BROOKSIDE];
    assert.deepEqual(activity.drafts, [
      {
        draftId: 'fxunderway',
        type: 'snake',
        status: 'complete',
        startedAt: '2025-09-01T23:00:00.000Z',
        rounds: 2,
        picks: order.map((rosterId, i) => ({
          overall: i + 1,
          round: i < 4 ? 1 : 2,
          pickInRound: (i % 4) + 1,
          rosterId,
          playerId: `0a00${i + 1}`,
        })),
      },
    ]);
    const own = (season: number, round: number, team: string, owner = team) => ({
      season,
      round,
      originalRosterId: team,
      ownerRosterId: owner,
    });
    // By season, round, then first owner's id in code-unit order (h8g7 < k3p9 < q7w2 < z1x2).
    assert.deepEqual(activity.futurePicks, [
      own(2026, 1, DUNMORE),
      own(2026, 1, ASHFORD),
      own(2026, 1, BROOKSIDE),
      own(2026, 1, CEDAR, DUNMORE),
      own(2026, 2, DUNMORE),
      own(2026, 2, ASHFORD),
      own(2026, 2, BROOKSIDE),
      own(2026, 2, CEDAR),
      own(2027, 1, DUNMORE),
      own(2027, 1, ASHFORD),
      own(2027, 1, BROOKSIDE),
      own(2027, 1, CEDAR),
      own(2027, 2, DUNMORE),
      own(2027, 2, ASHFORD),
      own(2027, 2, BROOKSIDE),
      own(2027, 2, CEDAR),
    ]);
  });

  test('calls: standings, draft results, draft picks, and one score call per period so far', async () => {
    const start = fake.requests.length;
    await fetchLeague('underway');
    assert.equal(hitsSince(start, 'getStandings'), 1);
    assert.equal(hitsSince(start, 'getDraftResults'), 1);
    assert.equal(hitsSince(start, 'getDraftPicks'), 1);
    const scoreCalls = fake.requests
      .slice(start)
      .filter((r) => r.path === '/fxea/general/getMatchupScores')
      .map((r) => r.query.get('period') ?? 'current')
      .sort();
    assert.deepEqual(scoreCalls, ['1', '2', 'current']);
    for (const r of fake.requests.slice(start)) {
      assert.equal(r.method, 'GET');
      assert.equal(r.query.get('leagueId'), 'fxunderway');
    }
  });

  test('the same league read with JSON POST bodies maps the same', async () => {
    const start = fake.requests.length;
    const posted = await fetchLeague('underway', { call: fantraxTestCall(api(), { post: true }) });
    const got = await fetchLeague('underway');
    assert.deepEqual(posted.activity, got.activity);
    assert.deepEqual(Object.fromEntries(posted.teamDetails), Object.fromEntries(got.teamDetails));
    const first = fake.requests[start];
    assert.equal(first?.method, 'POST');
    assert.equal((JSON.parse(first?.body ?? '{}') as { leagueId?: string }).leagueId, 'fxunderway');
  });

  test('data naming a team the league does not list is left out', async () => {
    const teams = [ASHFORD, BROOKSIDE, CEDAR];
    const { teamDetails, activity } = await fetchLeague('underway', { teams });
    assert.deepEqual([...teamDetails.keys()].sort(), [...teams].sort());
    const named = new Set(activity.matchups.flatMap((m) => m.sides.map((s) => s.rosterId)));
    assert.ok(!named.has(DUNMORE));
    assert.deepEqual(
      activity.matchups.map((m) => `${m.period}/${m.matchupId}`),
      ['1/2', '2/1', '3/1'],
    );
    assert.deepEqual(
      activity.drafts[0]?.picks.map((p) => p.overall),
      [1, 2, 3, 6, 7, 8],
    );
    assert.ok(activity.futurePicks.every((p) => p.ownerRosterId !== DUNMORE));
    assert.equal(activity.futurePicks.length, 11);
  });
});

describe('Fantrax league data, a finished season', () => {
  test('every period is read by number and final; no pick holdings are read', async () => {
    const start = fake.requests.length;
    const { activity, teamDetails } = await fetchLeague('over', { seasonOver: true });
    assert.equal(activity.currentPeriod, 3);
    assert.ok(activity.matchups.every((m) => m.status === 'final'));
    assert.deepEqual(
      activity.matchups.filter((m) => m.period === 3),
      [
        {
          period: 3,
          matchupId: '1',
          sides: [
            { rosterId: CEDAR, score: 93.25 },
            { rosterId: ASHFORD, score: 98.75 },
          ],
          status: 'final',
          kind: 'playoff',
          winnerRosterId: ASHFORD,
        },
        {
          period: 3,
          matchupId: '2',
          sides: [
            { rosterId: BROOKSIDE, score: 118 },
            { rosterId: DUNMORE, score: 89.5 },
          ],
          status: 'final',
          kind: 'playoff',
          winnerRosterId: BROOKSIDE,
        },
      ],
    );
    assert.deepEqual(activity.futurePicks, []);
    assert.deepEqual(teamDetails.get(BROOKSIDE), {
      record: { wins: 3, losses: 0, ties: 0 },
      pointsFor: 337.25,
      standing: 1,
    });
    assert.deepEqual(teamDetails.get(ASHFORD), {
      record: { wins: 1, losses: 2, ties: 0 },
      pointsFor: 277.5,
      standing: 4,
    });
    const periods = fake.requests
      .slice(start)
      .filter((r) => r.path === '/fxea/general/getMatchupScores')
      .map((r) => r.query.get('period'))
      .sort();
    assert.deepEqual(periods, ['1', '2', '3']);
    assert.equal(hitsSince(start, 'getDraftPicks'), 0);
  });
});

describe('Fantrax league data, before the first period and during the draft', () => {
  test('a period not begun is upcoming without scores; the draft is in progress', async () => {
    const start = fake.requests.length;
    const { activity, teamDetails } = await fetchLeague('preseason');
    assert.equal(activity.currentPeriod, 1);
    assert.equal(activity.matchups.length, 6);
    for (const m of activity.matchups) {
      assert.equal(m.status, 'upcoming');
      assert.ok(m.sides.every((s) => s.score === undefined));
      assert.equal(m.winnerRosterId, undefined);
    }
    assert.equal(hitsSince(start, 'getMatchupScores'), 1);
    assert.deepEqual(teamDetails.get(ASHFORD), {
      record: { wins: 0, losses: 0, ties: 0 },
      pointsFor: 0,
      standing: 1,
    });
    const draft = activity.drafts[0];
    assert.equal(draft?.status, 'in_progress');
    assert.deepEqual(
      draft?.picks.map((p) => p.playerId ?? null),
      ['0a001', '0a002', '0a003', '0a004', '0a005', null, null, null],
    );
    assert.equal(activity.futurePicks.length, 16);
  });

  test('a league with no schedule (not head to head) asks for no scores', async () => {
    const start = fake.requests.length;
    const info = { ...bodies.get('fxunderway')?.leagueInfo, matchups: undefined };
    const { activity } = await fetchLeague('underway', { info });
    assert.deepEqual(activity.matchups, []);
    assert.equal(activity.currentPeriod, undefined);
    assert.equal(hitsSince(start, 'getMatchupScores'), 0);
  });
});

describe('Fantrax values read one by one', () => {
  test('a record is "W-L-T" and nothing else', () => {
    assert.deepEqual(parseRecord('7-5-1'), { wins: 7, losses: 5, ties: 1 });
    assert.equal(parseRecord('85.5'), undefined);
    assert.equal(parseRecord(12), undefined);
    assert.equal(parseRecord('7-5'), undefined);
  });

  test('times as Fantrax writes them become ISO 8601 in UTC', () => {
    assert.equal(fantraxInstant('2026-09-30T19:29:59.0-0400'), '2026-09-30T23:29:59.000Z');
    assert.equal(fantraxInstant('2025-09-01T23:00:00.0+0000'), '2025-09-01T23:00:00.000Z');
    assert.equal(fantraxInstant(1756767690000), '2025-09-01T23:01:30.000Z');
    assert.equal(fantraxInstant('Sept 1'), undefined);
    assert.equal(fantraxInstant(0), undefined);
  });

  test('draft types in any case; others left out', () => {
    assert.equal(draftType('SNAKE'), 'snake');
    assert.equal(draftType('Auction'), 'auction');
    assert.equal(draftType('keeper'), undefined);
  });

  test('a blank player id is a pick not made', () => {
    const slot = { round: 1, pickInRound: 1, teamId: ASHFORD };
    const draft = mapDraft(
      'fxblank',
      {
        draftPicks: [
          { ...slot, pick: 1, playerId: '0a001' },
          { ...slot, pick: 2, pickInRound: 2, playerId: ' ' },
        ],
      },
      undefined,
      new Set(TEAM_IDS),
    );
    assert.equal(draft?.status, 'in_progress');
    assert.deepEqual(
      draft?.picks.map((p) => p.playerId),
      ['0a001', undefined],
    );
    assert.equal(draft?.type, undefined);
  });

  test('playoff periods: from the first playoff period on, when the league plays playoffs', () => {
    assert.equal(periodKind(14, { used: true, firstPlayoffPeriod: 14 }), 'playoff');
    assert.equal(periodKind(13, { used: true, firstPlayoffPeriod: 14 }), 'regular');
    assert.equal(periodKind(14, { used: false, firstPlayoffPeriod: 0 }), 'regular');
    assert.equal(periodKind(14, {}), 'regular');
    assert.equal(periodKind(14, undefined), undefined);
  });
});
