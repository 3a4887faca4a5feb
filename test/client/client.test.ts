// The typed client (packages/client) against the real server (startServer) on the demo store:
// the five endpoints, typed problems, both token headers, ETag revalidation, and 429s.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createFantasyClient, FantasyApiError } from '../../packages/client/src/index.ts';
import type { FantasyClientOptions } from '../../packages/client/src/index.ts';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { findUserByName } from '../../src/storage/repositories/users.ts';
import { tempDataDir } from '../cli/run-cli.ts';
import type { TempDir } from '../cli/run-cli.ts';

/** The demo's 2021 football league, "Weekend Football League" (README: ids on a fresh store). */
const WEEKEND_LEAGUE = 11;

interface Seen {
  status: number;
  ifNoneMatch: string | null;
  tokenHeaders: [string | null, string | null];
}

/** globalThis.fetch, noting what went over the wire. */
function recordingFetch(seen: Seen[]): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await fetch(request);
    seen.push({
      status: response.status,
      ifNoneMatch: request.headers.get('If-None-Match'),
      tokenHeaders: [request.headers.get('X-Auth-Token'), request.headers.get('auth_token')],
    });
    return response;
  };
}

async function startDemo(dir: TempDir, env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(
    loadConfig({ FANTASY_DATA_DIR: dir.path, HOST: '127.0.0.1', PORT: '0', ...env }),
  );
}

describe('typed client against a running server on the demo store', () => {
  let dir: TempDir;
  let server: RunningServer;
  let token: string;
  const client = (options: Partial<FantasyClientOptions> = {}) =>
    createFantasyClient({ baseUrl: server.url, token, ...options });

  before(async () => {
    dir = tempDataDir();
    server = await startDemo(dir);
    token = server.demoToken ?? assert.fail('no demo token');
  });
  after(async () => {
    await server.close();
    dir.remove();
  });

  it('lists leagues with typed filters', async () => {
    const all = await client().findAllLeagues();
    assert.ok(all.data.length >= 17);
    assert.match(all.requestId ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(all.rateLimit?.limit, 600);
    const some = await client().findAllLeagues({ sport: 'football', season: [2021] });
    assert.ok(some.data.length > 0);
    assert.ok(some.data.every((l) => l.sport === 'football' && l.season === 2021));
    assert.ok(some.data.some((l) => l.league_id === WEEKEND_LEAGUE));
    // A season is any number to the types (each deployment serves its own); the service refuses
    // one it does not serve.
    await assert.rejects(
      client().findAllLeagues({ season: [2099] }),
      (error: unknown) => error instanceof FantasyApiError && error.status === 400,
    );
  });

  it('answers every endpoint with typed data, with either token header', async () => {
    const seen: Seen[] = [];
    const viaAuthToken = client({ tokenHeader: 'auth_token', fetch: recordingFetch(seen) });
    const league = await viaAuthToken.getLeagueSettings(WEEKEND_LEAGUE);
    assert.equal(league.data.name, 'Weekend Football League');
    assert.deepEqual(seen[0]?.tokenHeaders, [null, token]);

    const rostered = await client().getAllRosteredByName(WEEKEND_LEAGUE);
    const allmans = rostered.data['Josh Allman'] ?? [];
    assert.equal(allmans.length, 2, 'two rostered players share the name');
    const first = allmans[0] ?? assert.fail('no Josh Allman');

    const byId = await viaAuthToken.getPlayerById(WEEKEND_LEAGUE, first.player_id);
    assert.deepEqual(byId.data, first);

    const byName = await client().searchPlayerByName(WEEKEND_LEAGUE, 'josh allman');
    assert.equal(byName.data.full_name, 'Josh Allman');
    assert.equal(byName.matchCount, 2);
    const accented = await client().searchPlayerByName(WEEKEND_LEAGUE, 'andres penalosa');
    assert.equal(accented.data.full_name, 'Andrés Peñalosa');
    assert.equal(accented.matchCount, 1);
  });

  it('reads the whole league: teams, standings, matchups, transaction pages, the draft', async () => {
    const api = client();
    const teams = (await api.listTeams(WEEKEND_LEAGUE)).data;
    assert.ok(teams.length >= 8);
    const first = teams[0] ?? assert.fail('no team');
    const team = (await api.getTeam(WEEKEND_LEAGUE, first.roster_id)).data;
    assert.equal(team.roster_id, first.roster_id);
    assert.ok(team.players.length > 0);
    const standings = (await api.getStandings(WEEKEND_LEAGUE)).data;
    assert.equal(standings[0]?.standing, 1);
    const week1 = (await api.listMatchups(WEEKEND_LEAGUE, 1)).data;
    assert.ok(week1.length > 0 && week1.every((matchup) => matchup.week === 1));
    // The week as a filter object too, as listLineups takes it; an empty one is every week.
    assert.deepEqual((await api.listMatchups(WEEKEND_LEAGUE, { week: 1 })).data, week1);
    const every = (await api.listMatchups(WEEKEND_LEAGUE, {})).data;
    assert.ok(every.length > week1.length && every.some((matchup) => matchup.week !== 1));
    assert.deepEqual((await api.listMatchups(WEEKEND_LEAGUE)).data, every);
    const page1 = (await api.listTransactions(WEEKEND_LEAGUE, { limit: 2 })).data;
    assert.equal(page1.transactions.length, 2);
    const cursor = page1.next_cursor ?? assert.fail('no next page');
    const page2 = (await api.listTransactions(WEEKEND_LEAGUE, { limit: 2, cursor })).data;
    const ids = (page: typeof page1) => page.transactions.map((t) => t.transaction_id);
    assert.ok(!ids(page2).some((id) => ids(page1).includes(id)));
    const trades = (await api.listTransactions(WEEKEND_LEAGUE, { type: ['trade'] })).data;
    assert.ok(trades.transactions.every((t) => t.type === 'trade'));
    const draft = (await api.getDraft(WEEKEND_LEAGUE)).data;
    assert.equal(draft.drafts[0]?.picks[0]?.overall, 1);
    assert.equal((await api.getPlayerIds(WEEKEND_LEAGUE, '4046')).data.player_id, '4046');
    assert.equal((await api.getUser()).data.name, 'demo');
    assert.equal((await api.getMeta()).data.leagues.length, 17);
  });

  it("reads the game: rules, a week's lineups, the seasons and a player's injury", async () => {
    const api = client();
    assert.equal((await api.getRules(WEEKEND_LEAGUE)).data.league_id, WEEKEND_LEAGUE);
    const week1 = (await api.listLineups(WEEKEND_LEAGUE, { week: 1 })).data;
    assert.equal(week1.week, 1);
    const current = (await api.listLineups(WEEKEND_LEAGUE, { rosterId: '1' })).data;
    assert.equal(current.week, undefined);
    assert.ok(current.teams.every((team) => team.fantasy_team_roster_id === '1'));
    const seasons = (await api.getHistory(WEEKEND_LEAGUE)).data;
    assert.ok(seasons.some((s) => s.season === 2021 && s.league_id === WEEKEND_LEAGUE));
    const injury = (await api.getPlayerInjury(WEEKEND_LEAGUE, '4046')).data;
    assert.equal(injury.player_id, '4046');
    const allmans = (await api.searchPlayers(WEEKEND_LEAGUE, 'josh allman', { limit: 5 })).data;
    assert.equal(allmans.match_count, 2);
    assert.equal(allmans.players.length, 2);
    await assert.rejects(
      api.listLineups(WEEKEND_LEAGUE, { rosterId: 'nobody' }),
      (error: unknown) => error instanceof FantasyApiError && error.status === 400,
    );
  });

  it('throws problems as FantasyApiError with status, type, code and request id', async () => {
    const missing = await client()
      .getLeagueSettings(999_999)
      .catch((error: unknown) => error);
    assert.ok(missing instanceof FantasyApiError);
    assert.equal(missing.status, 404);
    assert.equal(missing.code, 'league_not_found');
    assert.equal(missing.type, '/docs#problem-league-not-found');
    assert.match(missing.requestId ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(missing.problem?.request_id, missing.requestId);

    const badToken = await createFantasyClient({ baseUrl: server.url, token: 'fld_nope' })
      .findAllLeagues()
      .catch((error: unknown) => error);
    assert.ok(badToken instanceof FantasyApiError);
    assert.equal(badToken.status, 401);
    assert.equal(badToken.code, 'token_invalid');

    const user = await findUserByName(server.store.db, 'demo');
    const leagueOnly = await issueToken(server.store.db, {
      userId: user?.id ?? assert.fail('no demo user'),
      products: ['league'],
    });
    const forbidden = await client({ token: leagueOnly.token })
      .getAllRosteredByName(WEEKEND_LEAGUE)
      .catch((error: unknown) => error);
    assert.ok(forbidden instanceof FantasyApiError);
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.problem?.required_product, 'roster');

    const invalid = await client()
      .searchPlayerByName(WEEKEND_LEAGUE, '...')
      .catch((error: unknown) => error);
    assert.ok(invalid instanceof FantasyApiError);
    assert.equal(invalid.code, 'invalid_parameter');
    assert.equal(invalid.problem?.invalid_params?.[0]?.name, 'player_name');
  });

  it('revalidates with the ETag and turns the 304 back into the cached answer', async () => {
    const seen: Seen[] = [];
    const cached = client({ fetch: recordingFetch(seen) });
    const first = await cached.getAllRosteredByName(WEEKEND_LEAGUE);
    const second = await cached.getAllRosteredByName(WEEKEND_LEAGUE);
    assert.equal(first.notModified, false);
    assert.equal(second.notModified, true);
    assert.deepEqual(second.data, first.data);
    assert.equal(second.etag, first.etag);
    assert.notEqual(second.requestId, first.requestId, 'the 304 brings its own request id');
    assert.deepEqual(
      seen.map((s) => [s.status, s.ifNoneMatch]),
      [
        [200, null],
        [304, first.etag],
      ],
    );
    cached.clearCache();
    assert.equal((await cached.getAllRosteredByName(WEEKEND_LEAGUE)).notModified, false);

    const uncached = client({ cacheEntries: 0, fetch: recordingFetch(seen) });
    await uncached.getLeagueSettings(WEEKEND_LEAGUE);
    await uncached.getLeagueSettings(WEEKEND_LEAGUE);
    assert.deepEqual(
      seen.slice(-2).map((s) => s.ifNoneMatch),
      [null, null],
    );
  });

  it('keeps at most cacheEntries answers, dropping the least recently used', async () => {
    const seen: Seen[] = [];
    const small = client({ cacheEntries: 1, fetch: recordingFetch(seen) });
    await small.getLeagueSettings(WEEKEND_LEAGUE);
    await small.getLeagueSettings(1);
    await small.getLeagueSettings(WEEKEND_LEAGUE);
    assert.deepEqual(
      seen.map((s) => s.status),
      [200, 200, 200],
    );
  });
});

describe('typed client and the rate limit', () => {
  let dir: TempDir;
  let server: RunningServer;
  let token: string;

  before(async () => {
    dir = tempDataDir();
    server = await startDemo(dir, { RATE_LIMIT_PER_MINUTE: '2' });
    token = server.demoToken ?? assert.fail('no demo token');
  });
  after(async () => {
    await server.close();
    dir.remove();
  });

  it('throws a 429 with Retry-After, and will not wait longer than maxWaitSeconds', async () => {
    const seen: Seen[] = [];
    const limited = createFantasyClient({
      baseUrl: server.url,
      token,
      retryOnRateLimit: { maxRetries: 3, maxWaitSeconds: 5 },
      fetch: recordingFetch(seen),
    });
    const first = await limited.getLeagueSettings(WEEKEND_LEAGUE);
    assert.equal(first.rateLimit?.remaining, 1);
    await limited.getLeagueSettings(1);
    const started = Date.now();
    const refused = await limited.getLeagueSettings(2).catch((error: unknown) => error);
    assert.ok(refused instanceof FantasyApiError);
    assert.equal(refused.status, 429);
    assert.equal(refused.code, 'rate_limited');
    assert.ok((refused.retryAfterSeconds ?? 0) > 5, 'the window has most of a minute to go');
    assert.equal(refused.rateLimit?.remaining, 0);
    assert.ok(Date.now() - started < 2000, 'a wait beyond maxWaitSeconds is not attempted');
    assert.equal(seen.length, 3);
  });

  it('waits out a 429 as long as Retry-After says, then answers', async () => {
    let calls = 0;
    const times: number[] = [];
    // The first answer is a 429 asking for 1 s; the retry goes to the real server.
    const throttledOnce = async (request: Request): Promise<Response> => {
      times.push(Date.now());
      if (calls++ === 0) {
        return new Response(
          JSON.stringify({
            type: '/docs#problem-rate-limited',
            title: 'Rate limit exceeded',
            status: 429,
            detail: 'wait',
            code: 'rate_limited',
            request_id: 'r-1',
          }),
          { status: 429, headers: { 'Retry-After': '1' } },
        );
      }
      return fetch(request);
    };
    const patient = createFantasyClient({
      baseUrl: server.url,
      token: (
        await issueToken(server.store.db, {
          userId: (await findUserByName(server.store.db, 'demo'))?.id ?? 0,
          products: ['league'],
        })
      ).token,
      retryOnRateLimit: true,
      fetch: throttledOnce,
    });
    const answer = await patient.getLeagueSettings(WEEKEND_LEAGUE);
    assert.equal(answer.data.league_id, WEEKEND_LEAGUE);
    assert.equal(calls, 2);
    assert.ok((times[1] ?? 0) - (times[0] ?? 0) >= 990, 'waited the second Retry-After asked');

    const impatient = createFantasyClient({ baseUrl: server.url, token, fetch: throttledOnce });
    calls = 0;
    await assert.rejects(impatient.getLeagueSettings(WEEKEND_LEAGUE), { status: 429 });
    assert.equal(calls, 1, 'no retry unless asked');
  });
});
