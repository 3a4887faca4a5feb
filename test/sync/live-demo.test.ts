// Game day on the demo (issue 42): `DEMO_LIVE=1` with nothing else set plays the demo's current
// week, and a client polling /league/matchups and /league/lineups over HTTP sees its scores move;
// /meta says when each league was refreshed and when next; the demo's finished seasons are never
// refreshed. Short cadences: LIVE_REFRESH_SECONDS=1.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import { tempDataDir } from '../cli/run-cli.ts';
import type { TempDir } from '../cli/run-cli.ts';

interface League {
  league_id: number;
  sport: string;
  season: number;
}

interface MetaLeague {
  league_id: number;
  season: number;
  last_refreshed_at?: string;
  next_refresh_at?: string;
}

describe('DEMO_LIVE=1: the demo plays a live week', () => {
  let dir: TempDir;
  let server: RunningServer;
  let token: string;
  const get = async (path: string): Promise<Response> =>
    fetch(`${server.url}${path}`, { headers: { 'X-Auth-Token': token } });

  before(async () => {
    dir = tempDataDir();
    server = await startServer(
      loadConfig({
        FANTASY_DATA_DIR: dir.path,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'silent',
        DEMO_LIVE: '1',
        LIVE_REFRESH_SECONDS: '1',
      }),
    );
    token = server.demoToken ?? '';
  });
  after(async () => {
    await server.close();
    dir.remove();
  });

  it('moves the current week’s scores and lineups within a minute, and only there', async () => {
    const leagues = (await (await get('/league/findAllLeagues')).json()) as League[];
    const football = leagues.find((l) => l.sport === 'football' && l.season === 2021);
    assert.ok(football, 'the demo has a 2021 football league');
    const week = 13; // DEMO_TODAY, 30 November 2021, is week 13 of the 2021 football season.
    const matchupsPath = `/league/matchups/${football.league_id}?week=${week}`;
    const lineupsPath = `/league/lineups/${football.league_id}?week=${week}`;
    const first = await get(matchupsPath);
    assert.equal(first.status, 200);
    const firstBody = await first.text();
    const firstEtag = first.headers.get('etag');
    const firstLineups = await (await get(lineupsPath)).text();
    const deadline = Date.now() + 60_000;
    let moved: Response | undefined;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = await get(matchupsPath);
      const body = await now.text();
      if (body !== firstBody) {
        moved = now;
        break;
      }
    }
    assert.ok(moved, 'the week’s scores moved within a minute');
    assert.notEqual(moved.headers.get('etag'), firstEtag, 'the ETag moved with the answer');
    assert.notEqual(await (await get(lineupsPath)).text(), firstLineups, 'the lineups moved');

    const meta = (await (await get('/meta')).json()) as { leagues: MetaLeague[] };
    const state = meta.leagues.find((l) => l.league_id === football.league_id);
    assert.ok(state?.last_refreshed_at, '/meta says when the league was refreshed');
    assert.ok(state.next_refresh_at, '/meta says when it is next');
    assert.ok(Date.parse(state.next_refresh_at) > Date.parse(state.last_refreshed_at));
    const finished = meta.leagues.filter((l) => l.season < 2021);
    assert.ok(finished.length > 0);
    assert.ok(
      finished.every((l) => l.last_refreshed_at === undefined),
      'a finished season is never refreshed',
    );
  });

  it('leaves an earlier week alone', async () => {
    const leagues = (await (await get('/league/findAllLeagues')).json()) as League[];
    const football = leagues.find((l) => l.sport === 'football' && l.season === 2021);
    const path = `/league/matchups/${football?.league_id}?week=5`;
    const before = await (await get(path)).text();
    await new Promise((resolve) => setTimeout(resolve, 6000));
    assert.equal(await (await get(path)).text(), before);
  });
});
