// SUPPORTED_SEASONS on the HTTP side: the season filter accepts exactly the configured years (by
// default 2017 through the current season; 2017-2021 answers 2022 with a 400), and a league outside them, kept in the store
// from a wider setting, is neither listed nor served (404 like an unknown league) until the
// setting widens again. Apps with different settings share one store; with and without caches.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { createApp } from '../../src/http/app.ts';
import type { App } from '../../src/http/app.ts';
import { silentLogger } from '../../src/logger.ts';
import { writeLeagueSnapshot, writePlayerPool } from '../../src/storage/repositories/snapshots.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { buildLeagueSnapshot, buildPlayerPool } from '../helpers/records.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { expectInvalidParam, expectProblem } from './expect.ts';

const CLOCK = new Date('2026-10-01T00:00:00Z');

interface Served {
  get(path: string): Promise<Response>;
  close(): Promise<void>;
}

async function serve(store: TestStore, env: Record<string, string>, cache: boolean, token: string) {
  const config = loadConfig(env, CLOCK);
  const app: App = createApp({
    store,
    config,
    logger: silentLogger(),
    ...(cache ? {} : { cache: false as const }),
  });
  const server: Server = createServer((req, res) => app.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const served: Served = {
    get: (path) => fetch(base + path, { headers: { 'X-Auth-Token': token } }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
  return served;
}

const seasonsOf = async (response: Response) => {
  assert.equal(response.status, 200);
  return ((await response.json()) as Array<{ season: number }>).map((l) => l.season);
};

/** Every league-scoped endpoint of one league: the statuses they answer. */
async function leagueStatuses(served: Served, leagueId: number): Promise<number[]> {
  const paths = [
    `/league/settings/${leagueId}`,
    `/players/${leagueId}/searchPlayer/player_id/4046`,
    `/players/${leagueId}/searchPlayer/name/mahomes`,
    `/players/getAllRostered/${leagueId}/names`,
  ];
  const statuses: number[] = [];
  for (const path of paths) {
    const response = await served.get(path);
    if (response.status === 404) await expectProblem(response, 'league_not_found');
    else await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

for (const dialect of testBackends()) {
  for (const cache of [true, false]) {
    describe(`SUPPORTED_SEASONS over HTTP (${dialect}, ${cache ? 'cached' : 'uncached'})`, () => {
      let store: TestStore;
      let token = '';
      const ids: Record<number, number> = {};

      before(async () => {
        store = await createTestStore(dialect);
        const user = await createUser(store.db, 'alice');
        token = (
          await issueToken(store.db, { userId: user.id, products: ['league', 'player', 'roster'] })
        ).token;
        await writePlayerPool(store, buildPlayerPool());
        for (const season of [2019, 2021, 2022, 2025]) {
          const snapshot = buildLeagueSnapshot({
            platformLeagueKey: `league-${season}`,
            name: `League ${season}`,
            season,
          });
          ids[season] = (
            await writeLeagueSnapshot(store, snapshot, { userId: user.id, accountId: null })
          ).leagueId;
        }
      });
      after(() => store.destroy());

      it('by default: every season from 2017 through the current one is listed and served', async () => {
        const served = await serve(store, {}, cache, token);
        try {
          assert.deepEqual(
            await seasonsOf(await served.get('/league/findAllLeagues')),
            [2025, 2022, 2021, 2019],
          );
          assert.equal((await served.get('/league/findAllLeagues?season=2022')).status, 200);
          assert.deepEqual(await leagueStatuses(served, ids[2025] as number), [200, 200, 200, 200]);
        } finally {
          await served.close();
        }
      });

      it("with the specification's 2017-2021: 2022 is a 400, and later leagues are not served", async () => {
        const served = await serve(store, { SUPPORTED_SEASONS: '2017-2021' }, cache, token);
        try {
          const body = await expectInvalidParam(
            await served.get('/league/findAllLeagues?season=2022'),
            'season',
            'query',
          );
          assert.equal(
            body.detail,
            'season must be one of 2017, 2018, 2019, 2020, 2021; got "2022"',
          );
          assert.deepEqual(
            await seasonsOf(await served.get('/league/findAllLeagues')),
            [2021, 2019],
          );
          assert.deepEqual(await leagueStatuses(served, ids[2021] as number), [200, 200, 200, 200]);
          assert.deepEqual(await leagueStatuses(served, ids[2022] as number), [404, 404, 404, 404]);
        } finally {
          await served.close();
        }
      });

      it('widened to 2017-2025: the later leagues are listed, filtered and served', async () => {
        const served = await serve(store, { SUPPORTED_SEASONS: '2017-2025' }, cache, token);
        try {
          assert.deepEqual(
            await seasonsOf(await served.get('/league/findAllLeagues')),
            [2025, 2022, 2021, 2019],
          );
          assert.deepEqual(
            await seasonsOf(await served.get('/league/findAllLeagues?season=2022&season=2025')),
            [2025, 2022],
          );
          assert.deepEqual(await leagueStatuses(served, ids[2022] as number), [200, 200, 200, 200]);
          const body = await expectInvalidParam(
            await served.get('/league/findAllLeagues?season=2026'),
            'season',
            'query',
          );
          assert.match(body.detail, /2017, 2018, .*, 2024, 2025; got "2026"/);
        } finally {
          await served.close();
        }
      });

      it('narrowed to 2020-2021: 2019 is hidden and 404, yet kept for when it widens again', async () => {
        const narrow = await serve(store, { SUPPORTED_SEASONS: '2020-2021' }, cache, token);
        try {
          assert.deepEqual(await seasonsOf(await narrow.get('/league/findAllLeagues')), [2021]);
          await expectInvalidParam(
            await narrow.get('/league/findAllLeagues?season=2019'),
            'season',
            'query',
          );
          assert.deepEqual(await leagueStatuses(narrow, ids[2019] as number), [404, 404, 404, 404]);
        } finally {
          await narrow.close();
        }
        const wide = await serve(store, {}, cache, token);
        try {
          assert.deepEqual(await leagueStatuses(wide, ids[2019] as number), [200, 200, 200, 200]);
        } finally {
          await wide.close();
        }
      });

      it('a single supported season works as a filter value', async () => {
        const served = await serve(store, { SUPPORTED_SEASONS: '2022-2022' }, cache, token);
        try {
          assert.deepEqual(
            await seasonsOf(await served.get('/league/findAllLeagues?season=2022')),
            [2022],
          );
          const body = await expectInvalidParam(
            await served.get('/league/findAllLeagues?season=2021'),
            'season',
            'query',
          );
          assert.equal(body.detail, 'season must be 2022; got "2021"');
        } finally {
          await served.close();
        }
      });
    });
  }
}
