// The MFL league data exports when things go wrong: a broken or failing one fails the league's
// fetch (the engine then keeps the stored league whole); one that is merely absent (HTTP 404, an
// auction MFL refuses to a league without one) is an empty part. On the made-up league 90004.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { LeagueFetchContext, PlatformAccount } from '../../../src/platforms/connector.ts';
import { createMflConnector } from '../../../src/platforms/mfl/index.ts';
import { reply } from '../../helpers/fake-platform.ts';
import type { FakeMfl } from '../../helpers/fake-mfl.ts';
import { SYNTHETIC_MFL } from '../../helpers/mfl-data.ts';

const PUBLIC: PlatformAccount = { platform: 'mfl', externalUserId: 'public-leagues' };
const LEAGUE = { platformLeagueKey: '90004', season: 2020, sport: 'football' as const };
const EVERY_PLAYER: LeagueFetchContext = { storedPlayerIds: async (asked) => new Set(asked) };

const isKind = (kind: string, pattern: RegExp) => (error: unknown) =>
  error instanceof PlatformError && error.kind === kind && pattern.test(error.message);

describe('MFL league data faults (synthetic league 90004)', () => {
  let fake: FakeMfl;
  before(async () => {
    fake = await SYNTHETIC_MFL.start();
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.intercept = undefined;
  });
  const connect = () => createMflConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1 });
  const answering = (type: string, answer: ReturnType<typeof reply.json>) => {
    fake.intercept = (request) => (request.query.get('TYPE') === type ? answer : undefined);
  };
  const fetch90004 = () => connect().fetchLeague(PUBLIC, LEAGUE, EVERY_PLAYER);

  test('a schedule that is not JSON fails the league', async () => {
    answering('schedule', reply.malformed());
    await assert.rejects(fetch90004(), isKind('invalid_response', /TYPE=schedule&L=90004/));
  });

  test('a transaction of another shape fails the league, naming the call', async () => {
    const bad = { transactions: { transaction: [{ type: 'TRADE', timestamp: 'yesterday' }] } };
    answering('transactions', reply.json(bad));
    await assert.rejects(
      fetch90004(),
      isKind('invalid_response', /TYPE=transactions&L=90004 answered an unexpected shape/),
    );
  });

  test('standings failing with HTTP 500 fail the league', async () => {
    answering('leagueStandings', reply.status(500));
    await assert.rejects(fetch90004(), isKind('unavailable', /TYPE=leagueStandings/));
  });

  test("MFL's refusal of the schedule fails the league; a login refusal says so", async () => {
    answering('schedule', reply.json({ error: { $t: 'Temporarily unavailable' } }));
    await assert.rejects(fetch90004(), isKind('unavailable', /Temporarily unavailable/));
    answering('draftResults', reply.json({ error: { $t: 'API requires logged in user' } }));
    await assert.rejects(fetch90004(), isKind('forbidden', /needs a login/));
  });

  test('future picks answering HTTP 404 are none; the rest is kept', async () => {
    answering('futureDraftPicks', reply.status(404));
    const { activity } = await fetch90004();
    assert.deepEqual(activity?.futurePicks, []);
    assert.equal(activity?.transactions.length, 7);
  });

  test('an auction MFL refuses (no login asked) is no auction', async () => {
    answering('auctionResults', reply.json({ error: { $t: 'No auction in this league' } }));
    const { activity } = await fetch90004();
    assert.deepEqual(
      activity?.drafts.map((d) => d.draftId),
      ['LEAGUE'],
    );
  });

  test('empty exports (as MFL answers a league with none) are empty parts', async () => {
    fake.intercept = (request) => {
      const type = request.query.get('TYPE') ?? '';
      if (['league', 'rosters', 'players'].includes(type)) return undefined;
      // leagueStandings -> {leagueStandings: {}}, and so on.
      return reply.json({ version: '1.0', [type]: {}, encoding: 'utf-8' });
    };
    const league = await fetch90004();
    assert.deepEqual(league.activity, {
      matchups: [],
      transactions: [],
      drafts: [],
      futurePicks: [],
    });
    assert.equal(league.teams[0]?.standing, undefined);
    assert.equal(league.teams[0]?.abbreviation, 'SLUG');
  });
});
