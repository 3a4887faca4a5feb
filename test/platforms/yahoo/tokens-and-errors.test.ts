// Yahoo's OAuth tokens and refusals against the fake: renewal ahead of expiry, the rotated refresh
// token kept by compare-and-swap (also with two connectors racing), a 401 answered by one renewal,
// a refused renewal, the approval gate, throttling, Yahoo's error bodies and the budgets. On the
// made-up Yahoo, and on the recordings when ../shared has them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { PlatformAccount } from '../../../src/platforms/connector.ts';
import { poolOf, storeHolding } from '../../helpers/connectors.ts';
import { reply } from '../../helpers/fake-platform.ts';
import { YAHOO_DATA_SETS } from '../../helpers/yahoo-data.ts';
import { memoryCredentials, yahooWorld } from './world.ts';
import type { YahooWorld } from './world.ts';

const refreshOf = (text: string): string =>
  (JSON.parse(text) as { refresh_token: string }).refresh_token;
const kindOf = (kind: PlatformError['kind'], pattern: RegExp) => (error: unknown) => {
  assert.ok(error instanceof PlatformError, String(error));
  assert.equal(error.kind, kind, error.message);
  assert.match(error.message, pattern);
  return true;
};

for (const data of YAHOO_DATA_SETS) {
  const FOOTBALL = { sports: ['football' as const], seasons: [data.listed.season] };
  const ref = {
    platformLeagueKey: data.listed.key,
    sport: 'football' as const,
    season: data.listed.season,
  };
  describe(`Yahoo tokens and refusals (${data.label})`, { skip: data.skip }, () => {
    let world: YahooWorld;
    before(async () => {
      world = await yahooWorld(data);
    });
    after(() => world.close());

    async function storedAccount(): Promise<PlatformAccount & { credentials: string }> {
      const account = await world.linked(world.connector());
      return { ...account, credentials: account.credentials ?? '' };
    }

    it('renews the access token ahead of expiry and stores the rotated refresh token', async () => {
      const connector = world.connector();
      const linked = await storedAccount();
      const store = memoryCredentials(linked.credentials);
      const refreshes = world.fake.refreshes();
      await connector.listLeagues({ ...linked, credentialStore: store }, FOOTBALL);
      assert.equal(world.fake.refreshes(), refreshes, 'a fresh token is used as it is');
      world.clock.now += 56 * 60_000; // four minutes left: renew now rather than fail mid-sync
      const account = { ...linked, credentialStore: store };
      await connector.listLeagues(account, FOOTBALL);
      await connector.listLeagues(account, FOOTBALL);
      assert.equal(world.fake.refreshes(), refreshes + 1, 'once, then the new token serves');
      assert.notEqual(store.current(), linked.credentials);
      assert.equal(refreshOf(store.current()), world.fake.validRefreshToken());
    });

    it('a 401 mid-life renews once and retries the call', async () => {
      const connector = world.connector();
      const linked = await storedAccount();
      const store = memoryCredentials(linked.credentials);
      world.fake.expireAccessTokens();
      const refs = await connector.listLeagues({ ...linked, credentialStore: store }, FOOTBALL);
      assert.equal(refs.length, 1);
      assert.equal(refreshOf(store.current()), world.fake.validRefreshToken());
    });

    it('two connectors (two processes) renewing one account at once keep the newest refresh token', async () => {
      const linked = await storedAccount();
      const store = memoryCredentials(linked.credentials);
      world.clock.now += 58 * 60_000;
      const [a, b] = [world.connector(), world.connector()];
      const results = await Promise.all([
        a.listLeagues({ ...linked, credentialStore: store }, FOOTBALL),
        b.listLeagues({ ...linked, credentialStore: store }, FOOTBALL),
        a.fetchLeague({ ...linked, credentialStore: store }, ref, storeHolding()),
      ]);
      assert.equal(results[0].length, 1);
      assert.equal(results[1].length, 1);
      // Whoever won, the refresh token stored is the one Yahoo still takes.
      assert.equal(refreshOf(store.current()), world.fake.validRefreshToken());
      const later = world.connector();
      world.clock.now += 58 * 60_000;
      await later.listLeagues(
        { ...linked, credentials: store.current(), credentialStore: store },
        FOOTBALL,
      );
      assert.equal(refreshOf(store.current()), world.fake.validRefreshToken());
    });

    it('a renewal Yahoo refuses is credentials_rejected: the user must link again', async () => {
      const connector = world.connector();
      const linked = await storedAccount();
      world.fake.refuseRefresh('invalid_grant');
      try {
        world.fake.expireAccessTokens();
        const account = { ...linked, credentialStore: memoryCredentials(linked.credentials) };
        await assert.rejects(
          connector.listLeagues(account, FOOTBALL),
          kindOf('credentials_rejected', /refused to renew .*invalid_grant.*link yahoo again/),
        );
      } finally {
        world.fake.refuseRefresh(undefined);
      }
    });

    it("Yahoo's approval gate (403) says the application is not approved and what to do", async () => {
      const connector = world.connector();
      const linked = await storedAccount();
      world.fake.setUnapproved(true);
      try {
        const rejection = kindOf(
          'forbidden',
          /Yahoo has not approved this application.*developer\.yahoo\.com/,
        );
        await assert.rejects(connector.listLeagues(linked, FOOTBALL), rejection);
        await assert.rejects(connector.link({ code: world.fake.issueCode() }), rejection);
      } finally {
        world.fake.setUnapproved(false);
      }
    });

    it('throttling (999) backs off for minutes, honouring a longer Retry-After; nothing is sent meanwhile', async () => {
      const connector = world.connector({ throttleBackoffMs: 5 * 60_000 });
      const linked = await storedAccount();
      world.fake.throttle({ status: 999, retryAfter: '1200' });
      const sent = world.fake.requests.length;
      const until = new Date(world.clock.now + 1_200_000).toISOString().slice(11, 19);
      await assert.rejects(
        connector.listLeagues(linked, FOOTBALL),
        kindOf('rate_limited', new RegExp(`throttling .*until ${until} UTC`)),
      );
      assert.equal(world.fake.requests.length, sent + 1, 'a 999 is not retried within seconds');
      world.fake.throttle(undefined);
      world.clock.now += 10 * 60_000;
      await assert.rejects(
        connector.fetchLeague(linked, ref, storeHolding()),
        kindOf('rate_limited', /later sync/),
      );
      assert.equal(world.fake.requests.length, sent + 1, 'other leagues wait for a later sync');
      world.clock.now += 11 * 60_000;
      assert.equal(
        (await connector.fetchLeague(linked, ref, storeHolding())).teams.length,
        data.listed.teams,
      );
    });

    it('429 without Retry-After backs off for the configured minutes', async () => {
      const connector = world.connector({ throttleBackoffMs: 5 * 60_000 });
      const linked = await storedAccount();
      world.fake.throttle({ status: 429 });
      await assert.rejects(
        connector.listLeagues(linked, FOOTBALL),
        kindOf('rate_limited', /throttling/),
      );
      world.fake.throttle(undefined);
      world.clock.now += 4 * 60_000;
      await assert.rejects(
        connector.listLeagues(linked, FOOTBALL),
        kindOf('rate_limited', /throttling/),
      );
      world.clock.now += 2 * 60_000;
      assert.equal((await connector.listLeagues(linked, FOOTBALL)).length, 1);
    });

    it("a 400 for an unknown game says Yahoo's own words (from its XML error body)", async () => {
      const connector = world.connector();
      const linked = await storedAccount();
      const path = `/game/${data.game.key}/players;start=0;count=25`;
      world.fake.override(
        path,
        reply.raw(
          `<?xml version="1.0"?><error xmlns="http://www.yahooapis.com/v1/base.rng"><description>Invalid game key provided - ${data.game.key}</description></error>`,
          400,
        ),
      );
      try {
        await assert.rejects(
          connector.fetchPlayerPool(poolOf('yahoo', 'football', data.game.season), linked),
          kindOf('not_found', new RegExp(`Invalid game key provided - ${data.game.key}`)),
        );
      } finally {
        world.fake.override(path, undefined);
      }
    });

    it('a body that fits no schema is invalid_response, naming where', async () => {
      const connector = world.connector();
      const linked = await storedAccount();
      const path = `/league/${data.listed.key}/teams/roster`;
      world.fake.override(
        path,
        reply.json({ fantasy_content: { league: [{ league_key: data.listed.key }] } }),
      );
      try {
        await assert.rejects(
          connector.fetchLeague(linked, ref, storeHolding()),
          kindOf(
            'invalid_response',
            /teams\/roster answered an unexpected shape at \/fantasy_content\/league\/name/,
          ),
        );
      } finally {
        world.fake.override(path, undefined);
      }
    });

    it('keeps to the per-account budget (waits rather than send more)', async () => {
      const waits: number[] = [];
      const connector = world.connector({
        accountRequestsPerMinute: 2,
        sleep: async (ms) => {
          waits.push(ms);
          world.clock.now += ms;
        },
      });
      const linked = await storedAccount();
      await connector.listLeagues(linked, {
        sports: ['football'],
        seasons: [data.listed.season, data.listed.season + 1],
      });
      await connector.listLeagues(linked, FOOTBALL);
      assert.deepEqual(waits, [60_000]);
    });
  });
}
