// Fantrax's league data calls when Fantrax misbehaves: a body of another shape, a refusal (a 4xx,
// or the error Fantrax sends with a 200), a call that hangs or fails, or answers that contradict
// themselves all fail the league's fetch with a PlatformError naming the call, so the engine keeps
// the league it stored before. Through a real FantraxCall to the fake on 127.0.0.1.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { fetchFantraxLeagueData } from '../../../src/platforms/fantrax/activity.ts';
import type { FantraxCall } from '../../../src/platforms/fantrax/activity.ts';
import {
  fantraxActivityRoutes,
  fantraxError,
  fantraxTestCall,
  syntheticFantraxActivity,
} from '../../helpers/fake-fantrax-activity.ts';
import type { FantraxActivityBodies } from '../../helpers/fake-fantrax-activity.ts';
import { reply, startFakePlatform } from '../../helpers/fake-platform.ts';
import type { FakePlatformServer, FakeRoute } from '../../helpers/fake-platform.ts';
import { failure } from '../../helpers/failure.ts';

const LEAGUE = 'fxfaults0000lg01';
const TEAMS = [
  { id: 'aaaa1111bbbb2222', name: 'Alder' },
  { id: 'cccc3333dddd4444', name: 'Birch' },
  { id: 'eeee5555ffff6666', name: 'Cedar' },
  { id: 'gggg7777hhhh8888', name: 'Dogwood' },
];

let fake: FakePlatformServer;
let bodies: FantraxActivityBodies;
let routes: Record<string, FakeRoute>;

before(async () => {
  bodies = syntheticFantraxActivity({ teams: TEAMS, season: 2025, currentPeriod: 2 });
  routes = fantraxActivityRoutes(new Map([[LEAGUE, bodies]]));
  fake = await startFakePlatform(routes);
});
after(() => fake.close());
// Each test spoils what it needs; the others answer as the synthetic league.
beforeEach(() => {
  for (const [path, route] of Object.entries(routes)) fake.route(path, route);
});

function fetchLeague(
  options: { call?: FantraxCall; leagueInfo?: unknown; signal?: AbortSignal } = {},
) {
  return fetchFantraxLeagueData({
    // Long enough that a loaded machine never times out a call the test means to answer.
    call: options.call ?? fantraxTestCall(`${fake.url}/fxea/general`, { timeoutMs: 10_000 }),
    ref: { platformLeagueKey: LEAGUE, season: 2025, sport: 'football' },
    leagueInfo: options.leagueInfo ?? bodies.leagueInfo,
    teams: TEAMS.map((t) => t.id),
    seasonOver: false,
    signal: options.signal,
  });
}

describe('Fantrax league data: a body of another shape fails the fetch', () => {
  const cases: Array<[string, string, FakeRoute, RegExp]> = [
    [
      'standings that are not a list',
      'getStandings',
      reply.json({ standings: [] }),
      /GET \/getStandings answered an unexpected shape at the top level/,
    ],
    [
      'a standings row without its team',
      'getStandings',
      reply.json([{ rank: 1, points: '1-0-0' }]),
      /GET \/getStandings answered an unexpected shape at \/0\/teamId/,
    ],
    [
      'a score written as text',
      'getMatchupScores',
      reply.json({ period: 2, matchups: [{ home: { teamId: TEAMS[0]!.id, score: '98.5' } }] }),
      /GET \/getMatchupScores answered an unexpected shape at \/matchups\/0\/home\/score/,
    ],
    [
      'a draft slot without its round',
      'getDraftResults',
      reply.json({ draftPicks: [{ pick: 1, pickInRound: 1, teamId: TEAMS[0]!.id }] }),
      /GET \/getDraftResults answered an unexpected shape at \/draftPicks\/0\/round/,
    ],
    [
      'a future pick without its year',
      'getDraftPicks',
      reply.json({
        futureDraftPicks: [
          { round: 1, originalOwnerTeamId: TEAMS[0]!.id, currentOwnerTeamId: TEAMS[1]!.id },
        ],
      }),
      /GET \/getDraftPicks answered an unexpected shape at \/futureDraftPicks\/0\/year/,
    ],
  ];
  for (const [name, method, route, message] of cases) {
    test(name, async () => {
      fake.route(`/fxea/general/${method}`, route);
      const error = await failure(fetchLeague());
      assert.equal(error.platform, 'fantrax');
      assert.equal(error.kind, 'invalid_response');
      assert.match(error.message, message);
    });
  }

  test('a schedule period of 0 in getLeagueInfo', async () => {
    const leagueInfo = { matchups: [{ period: 0, matchupList: [] }] };
    const error = await failure(fetchLeague({ leagueInfo }));
    assert.equal(error.kind, 'invalid_response');
    assert.match(
      error.message,
      /GET \/getLeagueInfo answered an unexpected shape at \/matchups\/0\/period/,
    );
  });

  test('a body that is not JSON', async () => {
    fake.route('/fxea/general/getDraftResults', reply.malformed());
    const error = await failure(fetchLeague());
    assert.equal(error.kind, 'invalid_response');
    assert.match(error.message, /getDraftResults answered a body that is not JSON/);
  });

  test('a draft board listing one overall pick twice', async () => {
    const slot = { round: 1, pick: 1, pickInRound: 1, teamId: TEAMS[0]!.id };
    fake.route('/fxea/general/getDraftResults', reply.json({ draftPicks: [slot, slot] }));
    const error = await failure(fetchLeague());
    assert.equal(error.kind, 'invalid_response');
    assert.match(error.message, /getDraftResults of league fxfaults0000lg01 lists pick 1 twice/);
  });

  test('scores of another period than the one asked for', async () => {
    const current = bodies.matchupScores.get(2);
    fake.route('/fxea/general/getMatchupScores', reply.json(current));
    const error = await failure(fetchLeague());
    assert.equal(error.kind, 'invalid_response');
    assert.match(error.message, /answered period 2 when asked for 1/);
  });
});

describe('Fantrax league data: a refused or failing call fails the fetch', () => {
  test('a 404', async () => {
    fake.route('/fxea/general/getDraftPicks', reply.status(404));
    const error = await failure(fetchLeague());
    assert.equal(error.kind, 'unavailable');
    assert.match(
      error.message,
      /getDraftPicks refused league fxfaults0000lg01 \(football 2025\), whose settings it answered \(HTTP 404\)/,
    );
  });

  test("Fantrax's error sent with a 200, its markup left out", async () => {
    fake.route(
      '/fxea/general/getStandings',
      fantraxError('Temporarily unavailable.<br/><br/> <b>Try again later.</b>'),
    );
    const error = await failure(fetchLeague());
    assert.equal(error.kind, 'unavailable');
    assert.match(
      error.message,
      /getStandings refused .*\(Temporarily unavailable\. Try again later\.\)$/,
    );
  });

  test('an unknown period', async () => {
    const board = { ...(bodies.matchupScores.get(2) as object), period: 7 };
    fake.route('/fxea/general/getMatchupScores', (request) =>
      request.query.get('period') === null ? reply.json(board) : fantraxError('x'),
    );
    const error = await failure(fetchLeague());
    assert.match(error.message, /getMatchupScores refused/);
  });

  test('a 500', async () => {
    fake.route('/fxea/general/getDraftResults', reply.status(500));
    const error = await failure(fetchLeague());
    assert.equal(error.platform, 'fantrax');
    assert.match(error.message, /getDraftResults answered HTTP 500/);
  });

  test('a call that never answers times out', async () => {
    fake.route('/fxea/general/getStandings', reply.hang());
    const call = fantraxTestCall(`${fake.url}/fxea/general`, { timeoutMs: 300 });
    const error = await failure(fetchLeague({ call }));
    // On a loaded machine another call may time out first: any of them fails the fetch.
    assert.equal(error.kind, 'unavailable');
    assert.match(error.message, /^fantrax: get\w+ failed: no answer within 300 ms$/);
  });

  test('a cancelled sync stops the calls under way', async () => {
    fake.route('/fxea/general/getMatchupScores', reply.hang());
    const controller = new AbortController();
    const run = fetchLeague({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('sync cancelled')), 50);
    const error = await failure(run);
    assert.match(error.message, /^fantrax: get\w+ failed: sync cancelled$/);
  });
});
