// The MFL connector when things go wrong: bad input at link time, a refused password or cookie,
// failing and throttling servers, broken bodies; and which host a league's requests go to
// (the rule itself: mapping.test.ts). On the
// made-up MFL exports, and on the recordings when ../shared has them.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { InvalidInputError } from '../../../src/domain/errors.ts';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { PlatformAccount } from '../../../src/platforms/connector.ts';
import { createMflConnector } from '../../../src/platforms/mfl/index.ts';
import type { MflConnectorOptions } from '../../../src/platforms/mfl/index.ts';
import { mayFollowMflRedirect } from '../../../src/platforms/mfl/hosts.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { reply } from '../../helpers/fake-platform.ts';
import { MFL_LOGIN } from '../../helpers/fake-mfl.ts';
import type { FakeMfl } from '../../helpers/fake-mfl.ts';
import { MFL_DATA_SETS } from '../../helpers/mfl-data.ts';

const PUBLIC: PlatformAccount = { platform: 'mfl', externalUserId: 'public-leagues' };

const isKind = (kind: string, pattern: RegExp) => (error: unknown) =>
  error instanceof PlatformError && error.kind === kind && pattern.test(error.message);

for (const data of MFL_DATA_SETS) {
  const { id: LEAGUE_ID, rostered } = data.publicLeague;
  const LEAGUE_2020 = { platformLeagueKey: LEAGUE_ID, season: 2020, sport: 'football' as const };
  const leagueFile = data.files.exports[`2020:league:${LEAGUE_ID}`] as string;
  describe(`MFL connector faults (${data.label})`, { skip: data.skip }, () => {
    let fake: FakeMfl;
    before(async () => {
      fake = await data.start();
    });
    after(() => fake.close());
    beforeEach(() => {
      fake.intercept = undefined;
    });
    const connect = (options: Partial<MflConnectorOptions> = {}) =>
      createMflConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1, ...options });

    test('a wrong password is bad input, named without the password', async () => {
      await assert.rejects(
        connect().link({ credentials: { username: MFL_LOGIN.username, password: 'wrong pass' } }),
        (error: unknown) =>
          error instanceof InvalidInputError &&
          /MFL did not accept the login of "alice_mfl": Invalid Password/.test(error.message) &&
          !error.message.includes('wrong pass'),
      );
    });

    test('a credentials file of the wrong shape is refused before any request', async () => {
      const hits = fake.totalHits();
      for (const credentials of [
        'alice:pw',
        [],
        null,
        { username: 'alice' },
        { username: '', password: 'x' },
        { user: 'alice', pass: 'x' },
      ]) {
        await assert.rejects(connect().link({ credentials }), InvalidInputError);
      }
      await assert.rejects(
        connect().link({ leagueIds: [`${LEAGUE_ID}x`] }),
        /MFL league id is a number/,
      );
      await assert.rejects(connect().link({}), /--credentials-file FILE/);
      assert.equal(fake.totalHits(), hits);
    });

    test('adding a league keeps the login, and a new login keeps the leagues', async () => {
      const withLogin = await connect().link({
        credentials: { username: MFL_LOGIN.username, password: MFL_LOGIN.password },
      });
      assert.equal(withLogin.status, 'linked');
      if (withLogin.status !== 'linked') return;
      const added = await connect().link(
        { leagueIds: [data.unrostered, LEAGUE_ID] },
        withLogin.account,
      );
      assert.deepEqual(added, {
        status: 'linked',
        account: { ...withLogin.account, settings: { leagueIds: [LEAGUE_ID, data.unrostered] } },
      });
      const publicOnly = await connect().link({ leagueIds: [` ${LEAGUE_ID} `] });
      assert.deepEqual(publicOnly, {
        status: 'linked',
        account: {
          platform: 'mfl',
          externalUserId: 'public-leagues',
          settings: { leagueIds: [LEAGUE_ID] },
        },
      });
    });

    test('a cookie MFL no longer accepts means linking again', async () => {
      const stale: PlatformAccount = {
        platform: 'mfl',
        externalUserId: 'alice_mfl',
        username: 'alice_mfl',
        credentials: JSON.stringify({ cookie: 'expired' }),
      };
      await assert.rejects(
        connect().listLeagues(stale, { sports: ['football'], seasons: [2020] }),
        isKind('credentials_rejected', /no longer accepts the login of "alice_mfl".*link again/),
      );
      const garbled = { ...stale, credentials: 'not json' };
      await assert.rejects(
        connect().listLeagues(garbled, { sports: ['football'], seasons: [2020] }),
        isKind('credentials_rejected', /unreadable/),
      );
    });

    test('5xx and 429 are retried; a server that keeps failing is unavailable', async () => {
      let calls = 0;
      fake.intercept = (request) => {
        if (request.query.get('TYPE') !== 'rosters') return undefined;
        calls++;
        return calls === 1 ? reply.status(503) : calls === 2 ? reply.rateLimited('0') : undefined;
      };
      const league = await connect().fetchLeague(PUBLIC, LEAGUE_2020, storeHolding());
      assert.equal(league.rosterEntries.length, rostered);
      assert.equal(calls, 3);
      fake.intercept = (request) =>
        request.query.get('TYPE') === 'league' ? reply.status(500) : undefined;
      await assert.rejects(
        connect({ maxAttempts: 2 }).fetchLeague(PUBLIC, LEAGUE_2020, storeHolding()),
        isKind('unavailable', new RegExp(`TYPE=league&L=${LEAGUE_ID} answered HTTP 500`)),
      );
    });

    test('broken bodies are invalid responses', async () => {
      fake.intercept = (request) =>
        request.query.get('TYPE') === 'rosters' ? reply.malformed() : undefined;
      await assert.rejects(
        connect().fetchLeague(PUBLIC, LEAGUE_2020, storeHolding()),
        isKind('invalid_response', /not valid JSON/),
      );
      fake.intercept = (request) =>
        request.query.get('TYPE') === 'rosters'
          ? reply.json({ rosters: { franchise: [{ player: [{ id: '1' }] }] } })
          : undefined;
      await assert.rejects(
        connect().fetchLeague(PUBLIC, LEAGUE_2020, storeHolding()),
        isKind(
          'invalid_response',
          new RegExp(`TYPE=rosters&L=${LEAGUE_ID} answered an unexpected shape`),
        ),
      );
      fake.intercept = (request) =>
        request.query.get('TYPE') === 'players' ? reply.json({ players: {} }) : undefined;
      await assert.rejects(
        connect().fetchPlayerPool({ platform: 'mfl', sport: 'football', season: 2020 }, PUBLIC),
        isKind('invalid_response', /MFL listed no players for 2020/),
      );
    });

    test("a league's requests follow MFL's own host, never another host or port", async () => {
      const { port } = new URL(fake.url);
      const served = fake.recorded(leagueFile) as { league: Record<string, unknown> };
      const asked: string[] = [];
      // MFL's hosts reach the fake on 127.0.0.1; the host and port asked for are recorded.
      const routed: typeof fetch = (input, init) => {
        const url = new URL(String(input));
        asked.push(`${url.host} ${url.searchParams.get('TYPE')}`);
        if (url.hostname.endsWith('.myfantasyleague.com')) {
          Object.assign(url, { protocol: 'http:', hostname: '127.0.0.1', port });
        }
        return fetch(url, init);
      };
      const answering = (baseURL: string) => {
        fake.intercept = (request) =>
          request.query.get('TYPE') === 'league'
            ? reply.json({ ...served, league: { ...served.league, baseURL } })
            : undefined;
      };
      const mfl = connect({ baseUrl: 'https://api.myfantasyleague.com', fetch: routed });

      answering('https://www47.myfantasyleague.com');
      const league = await mfl.fetchLeague(PUBLIC, LEAGUE_2020, storeHolding(['all']));
      assert.equal(league.rosterEntries.length, rostered);
      assert.equal(asked[0], 'api.myfantasyleague.com league');
      assert.equal(asked[1], 'www47.myfantasyleague.com rosters');
      // The game's site-wide exports (rule names, injury report) are MFL's, read from its API host.
      const siteWide = new Set(['allRules', 'injuries']);
      const [own, api] = [
        asked.slice(1).filter((call) => !siteWide.has(call.split(' ')[1] ?? '')),
        asked.slice(1).filter((call) => siteWide.has(call.split(' ')[1] ?? '')),
      ];
      assert.ok(own.every((call) => call.startsWith('www47.myfantasyleague.com ')));
      assert.deepEqual(api.sort(), [
        'api.myfantasyleague.com allRules',
        'api.myfantasyleague.com injuries',
      ]);

      for (const baseURL of [
        `https://www47.myfantasyleague.com:${port}`,
        `http://127.0.0.1:${port}`,
        'https://www47.elsewhere.example',
      ]) {
        asked.length = 0;
        answering(baseURL);
        await assert.rejects(
          mfl.fetchLeague(PUBLIC, LEAGUE_2020, storeHolding(['all'])),
          isKind('invalid_response', /is not one of MFL's own/),
        );
        assert.deepEqual(asked, ['api.myfantasyleague.com league'], baseURL);
      }
    });

    test("a redirect is followed within the address and to MFL's own hosts only", async () => {
      const other = await data.start();
      try {
        // Within the fake's own address: followed, and the league maps as usual.
        fake.intercept = (request) =>
          request.query.get('TYPE') === 'league' && request.query.get('hop') === null
            ? reply.status(302, { location: `${request.path}?${request.query.toString()}&hop=1` })
            : undefined;
        const league = await connect().fetchLeague(PUBLIC, LEAGUE_2020, storeHolding(['all']));
        assert.equal(league.rosterEntries.length, rostered);

        // To another port: refused before any call is sent there.
        fake.intercept = (request) =>
          request.query.get('TYPE') === 'league'
            ? reply.status(302, { location: `${other.url}/2020/export?TYPE=league&L=${LEAGUE_ID}` })
            : undefined;
        await assert.rejects(
          connect().fetchLeague(PUBLIC, LEAGUE_2020, storeHolding(['all'])),
          isKind(
            'invalid_response',
            /redirected to http:\/\/127\.0\.0\.1:\d+, which is not one of/,
          ),
        );
        assert.equal(other.totalHits(), 0);
      } finally {
        await other.close();
      }
      assert.equal(
        mayFollowMflRedirect(
          new URL('https://api.myfantasyleague.com/x'),
          new URL('https://www47.myfantasyleague.com/y'),
        ),
        true,
      );
      assert.equal(
        mayFollowMflRedirect(
          new URL('https://api.myfantasyleague.com/x'),
          new URL('http://www47.myfantasyleague.com/y'),
        ),
        false,
      );
      assert.equal(
        mayFollowMflRedirect(
          new URL('https://api.myfantasyleague.com/x'),
          new URL('https://www47.myfantasyleague.com:8443/y'),
        ),
        false,
      );
      assert.equal(
        mayFollowMflRedirect(
          new URL('https://api.myfantasyleague.com/x'),
          new URL('https://evil.example/y'),
        ),
        false,
      );
    });

    test("the configured base keeps every call; a league's address with a port is refused", async () => {
      const hits = fake.requests.length;
      const league = await connect().fetchLeague(PUBLIC, LEAGUE_2020, storeHolding(['all']));
      assert.equal(league.rosterEntries.length, rostered, "the league's own host is not followed");
      assert.ok(
        fake.requests
          .slice(hits)
          .every((request) => request.headers.host === new URL(fake.url).host),
      );

      const other = await data.start();
      try {
        const served = fake.recorded(leagueFile) as { league: Record<string, unknown> };
        fake.intercept = (request) =>
          request.query.get('TYPE') === 'league'
            ? reply.json({ ...served, league: { ...served.league, baseURL: other.url } })
            : undefined;
        await assert.rejects(
          connect().fetchLeague(PUBLIC, LEAGUE_2020, storeHolding(['all'])),
          isKind('invalid_response', /MFL named ".*127\.0\.0\.1:\d+.*" as the league's host/),
        );
        assert.equal(other.totalHits(), 0);
      } finally {
        await other.close();
      }
    });
  });
}
