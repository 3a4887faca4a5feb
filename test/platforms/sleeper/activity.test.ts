// The Sleeper connector's league activity (team details, matchups, transactions, drafts, traded
// picks) on recorded responses (../shared/fixtures/sleeper, served by a real local HTTP server).
// Weeks the recordings skip answer 404, which the connector reads as an empty week.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import { createSleeperConnector } from '../../../src/platforms/sleeper/index.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import {
  RECORDED_SLEEPER_USER,
  SLEEPER_FIXTURES_SKIP,
  reply,
  startFakeSleeper,
} from '../../helpers/fake-platform.ts';
import type { FakeSleeper } from '../../helpers/fake-platform.ts';

const JML = '522458773317046272'; // 2020, complete: 16 weeks, FAAB, a linear rookie draft
const DSD = '515566249837142016'; // 2020, complete: rosters carry their final rank
const JUNGLE = '649647301366755328'; // 2021, in_season in the off-season, three named divisions

const account: PlatformAccount = {
  platform: 'sleeper',
  externalUserId: RECORDED_SLEEPER_USER.userId,
};
const ref = (key: string, season = 2020) => ({
  platformLeagueKey: key,
  season,
  sport: 'football' as const,
});

describe('Sleeper league activity on recorded responses', { skip: SLEEPER_FIXTURES_SKIP }, () => {
  let fake: FakeSleeper;
  let sleeper: PlatformConnector;
  let jml: LeagueSnapshot;

  before(async () => {
    fake = await startFakeSleeper();
    sleeper = createSleeperConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1, timeoutMs: 5_000 });
    jml = await sleeper.fetchLeague(account, ref(JML), storeHolding());
  });
  after(() => fake.close());

  const activityOf = (snapshot: LeagueSnapshot) => {
    assert.ok(snapshot.activity, 'the snapshot carries activity');
    return snapshot.activity;
  };

  test('teams: managers, picture, record and points', () => {
    const [first, , third] = jml.teams;
    assert.deepEqual(first, {
      rosterId: '1',
      ownerPlatformUserId: '70729037081100288',
      name: 'Fake News',
      managers: [{ platformUserId: '70729037081100288', displayName: 'Jcurtis44' }],
      // The team's own picture, set in the league's user metadata.
      logoUrl: 'https://sleepercdn.com/uploads/227fe45a080c97ba3ee59ebd1dca80af.jpg',
      record: { wins: 8, losses: 5, ties: 0 },
      pointsFor: 1270.9,
      pointsAgainst: 1277.76,
    });
    // No team picture: the manager's avatar, as Sleeper shows it.
    assert.equal(third?.logoUrl, 'https://sleepercdn.com/avatars/a71f864896ba28cbfaa4dc5df5b564e0');
    // Sleeper ranks this league nowhere, and has no abbreviations: neither is made up.
    assert.ok(jml.teams.every((team) => team.standing === undefined));
    assert.ok(jml.teams.every((team) => team.abbreviation === undefined));
  });

  test("standing: the rosters' final rank where Sleeper gives it", async () => {
    const snapshot = await sleeper.fetchLeague(account, ref(DSD), storeHolding());
    const byRank = [...snapshot.teams].sort((a, b) => (a.standing ?? 0) - (b.standing ?? 0));
    assert.deepEqual(
      byRank.slice(0, 3).map((team) => [team.rosterId, team.standing, team.record?.wins]),
      [
        ['4', 1, 10],
        ['9', 2, 9],
        ['2', 3, 8],
      ],
    );
    // Fifth at 7-6 ahead of two 8-5 teams: the final rank after the playoffs, not recomputed.
    assert.equal(snapshot.teams.find((team) => team.rosterId === '1')?.standing, 5);
  });

  test('matchups: every week of a finished season, with scores, status and winner', () => {
    const activity = activityOf(jml);
    assert.equal(activity.currentPeriod, 16);
    const week1 = activity.matchups.filter((m) => m.period === 1);
    assert.equal(week1.length, 6);
    assert.deepEqual(week1[0], {
      period: 1,
      matchupId: '1',
      sides: [
        { rosterId: '2', score: 65.94 },
        { rosterId: '8', score: 70.16 },
      ],
      status: 'final',
      kind: 'regular',
      winnerRosterId: '8',
    });
    // Week 14 opens the playoffs: four games (rosters without a matchup_id play no one there).
    const week14 = activity.matchups.filter((m) => m.period === 14);
    assert.deepEqual(
      week14.map((m) => m.sides.map((side) => side.rosterId)),
      [
        ['3', '11'],
        ['1', '4'],
        ['2', '9'],
        ['5', '10'],
      ],
    );
    // Without recorded brackets a playoff week's games get no kind (Sleeper's week does not say).
    assert.ok(week14.every((m) => m.kind === undefined && m.status === 'final'));
    assert.equal(week14[0]?.winnerRosterId, '3'); // 125.22 to 119.66
    assert.deepEqual([...new Set(activity.matchups.map((m) => m.period))], [1, 2, 14, 16]);
  });

  test('a trade with both sides and a pick, the maker first', () => {
    const trade = activityOf(jml).transactions.find(
      (t) => t.transactionId === '614194090199818240',
    );
    assert.deepEqual(trade, {
      transactionId: '614194090199818240',
      type: 'trade',
      status: 'complete',
      occurredAt: new Date(1600818892819).toISOString(),
      period: 2,
      rosterIds: ['10', '1'],
      playerMoves: [
        { playerId: '344', fromRosterId: '10', toRosterId: '1' },
        { playerId: '4137', fromRosterId: '10', toRosterId: '1' },
        { playerId: '4993', fromRosterId: '1', toRosterId: '10' },
      ],
      pickMoves: [
        { season: 2021, round: 2, originalRosterId: '1', fromRosterId: '1', toRosterId: '10' },
      ],
    });
  });

  test('FAAB in a trade, waiver claims with bids, releases and commissioner moves', () => {
    const byId = new Map(activityOf(jml).transactions.map((t) => [t.transactionId, t]));
    const faab = byId.get('576633797718618112');
    assert.deepEqual(faab?.rosterIds, ['5', '6']); // made by roster 5's owner, listed second
    assert.deepEqual(faab?.budgetMoves, [{ amount: 10, fromRosterId: '5', toRosterId: '6' }]);
    assert.deepEqual(byId.get('614388998093238272'), {
      transactionId: '614388998093238272',
      type: 'waiver',
      status: 'complete',
      occurredAt: new Date(1600848263834).toISOString(),
      period: 2,
      rosterIds: ['5'],
      playerMoves: [
        { playerId: '5162', toRosterId: '5' },
        { playerId: '6074', fromRosterId: '5' },
      ],
      faabBid: 2,
    });
    const lost = byId.get('614322779390541824');
    assert.equal(lost?.status, 'failed');
    assert.equal(lost?.faabBid, 101);
    assert.equal(byId.get('613070549983244288')?.type, 'drop');
    assert.equal(byId.get('611498488487825408')?.type, 'add');
    const moved = byId.get('619259034406567936');
    assert.equal(moved?.type, 'commissioner');
    assert.deepEqual(moved?.playerMoves, [
      { playerId: '6820', fromRosterId: '4', toRosterId: '8' },
    ]);
  });

  test('transactions: every recorded round, newest first', () => {
    const transactions = activityOf(jml).transactions;
    assert.equal(transactions.length, 357 + 39 + 36 + 34 + 21 + 18 + 17 + 29 + 31);
    const times = transactions.map((t) => t.occurredAt);
    assert.deepEqual(times, [...times].sort().reverse());
    assert.equal(new Set(transactions.map((t) => t.period)).size, 9);
  });

  test('the draft: picks in order with round, pick, team and player', () => {
    const [draft] = activityOf(jml).drafts;
    assert.equal(activityOf(jml).drafts.length, 1);
    assert.equal(draft?.draftId, '522458773321240576');
    assert.equal(draft?.type, 'linear');
    assert.equal(draft?.status, 'complete');
    assert.equal(draft?.startedAt, new Date(1587906296857).toISOString());
    assert.equal(draft?.rounds, 4);
    assert.equal(draft?.picks.length, 48);
    assert.deepEqual(draft?.picks[0], {
      overall: 1,
      round: 1,
      pickInRound: 1,
      rosterId: '4',
      playerId: '6820',
    });
    assert.deepEqual(draft?.picks[13], {
      overall: 14,
      round: 2,
      pickInRound: 2,
      rosterId: '6',
      playerId: '6814',
    });
    // The drafted players the store lacks come with the league, as their picks describe them.
    assert.equal(jml.players.find((p) => p.playerId === '6814')?.fullName, 'Laviska Shenault');
  });

  test("traded picks of drafts not held yet; the season's own draft is done", () => {
    const picks = activityOf(jml).futurePicks;
    assert.equal(picks.length, 33);
    assert.ok(picks.every((pick) => pick.season === 2021 || pick.season === 2022));
    assert.deepEqual(picks[0], {
      season: 2021,
      round: 1,
      originalRosterId: '1',
      ownerRosterId: '5',
    });
    assert.deepEqual(picks.at(-1), {
      season: 2022,
      round: 2,
      originalRosterId: '9',
      ownerRosterId: '2',
    });
  });

  test('requests: one per week for matchups and transactions, brackets once in the playoffs', () => {
    const paths = fake.requests.map((request) => request.path);
    const forJml = (part: string) => paths.filter((p) => p.startsWith(`/league/${JML}/${part}`));
    assert.equal(new Set(forJml('matchups/')).size, 16);
    assert.equal(new Set(forJml('transactions/')).size, 16);
    assert.ok(paths.includes(`/league/${JML}/winners_bracket`));
    assert.ok(!paths.includes(`/league/${JML}/matchups/17`));
    assert.ok(!paths.includes('/state/nfl'), 'a finished season needs no state');
  });

  test('a season not under way yet: divisions, round 1 transactions, no matchups', async () => {
    fake.route('/state/nfl', reply.json({ season: '2021', season_type: 'pre', week: 0, leg: 0 }));
    const before = fake.requests.length;
    const snapshot = await sleeper.fetchLeague(account, ref(JUNGLE, 2021), storeHolding());
    const asked = fake.requests.slice(before).map((request) => request.path);
    assert.ok(asked.includes('/state/nfl'));
    assert.ok(!asked.some((path) => path.includes('/matchups/')));
    assert.deepEqual(
      asked.filter((path) => path.includes('/transactions/')),
      [`/league/${JUNGLE}/transactions/1`],
    );
    const activity = activityOf(snapshot);
    assert.equal(activity.currentPeriod, undefined);
    assert.deepEqual(activity.matchups, []);
    assert.equal(activity.transactions.length, 327);
    const trade = activity.transactions.find((t) => t.transactionId === '712387926272589824');
    assert.deepEqual(trade?.rosterIds, ['7', '11']);
    assert.deepEqual(trade?.pickMoves, [
      { season: 2023, round: 1, originalRosterId: '11', fromRosterId: '11', toRosterId: '7' },
      { season: 2022, round: 1, originalRosterId: '7', fromRosterId: '11', toRosterId: '7' },
      { season: 2022, round: 2, originalRosterId: '7', fromRosterId: '7', toRosterId: '11' },
    ]);
    const divisions = snapshot.teams.map((t) => [t.rosterId, t.divisionId, t.divisionName]);
    assert.deepEqual(divisions.slice(0, 2), [
      ['1', '1', 'The Jungle'],
      ['2', '2', 'Abella Danger Zone'],
    ]);
    assert.deepEqual(divisions[6], ['7', '3', 'Meat Market']);
  });
});
