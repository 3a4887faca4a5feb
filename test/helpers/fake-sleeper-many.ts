// A fake Sleeper serving many generated accounts (no recordings needed): each user (`sleeper<i>`
// by name) has `leagues` football leagues of this year's season (never finished, so every
// scheduled run syncs it again; workers must run with SUPPORTED_SEASONS reaching it:
// MANY_SEASON_RANGE) with 4 teams of 3 players, every other sport and season is empty, and
// the player list holds every rostered player. It records when each call arrived, so a test can
// count calls in any window across every process calling it, and how often each league was read.
import { createServer } from 'node:http';
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';

/** The season of every generated league: the current year, a season still being played. */
export const MANY_SEASON = new Date().getUTCFullYear();
/** SUPPORTED_SEASONS for processes syncing this fake. */
export const MANY_SEASON_RANGE = `2017-${MANY_SEASON}`;

/** The app configuration (startTestApp's `config`) of a service reaching the fake at `url`. */
export function manyAppConfig(url: string): Pick<Config, 'platforms' | 'supportedSeasons'> {
  const config = loadConfig({ SLEEPER_BASE_URL: url, SUPPORTED_SEASONS: MANY_SEASON_RANGE });
  return { platforms: config.platforms, supportedSeasons: config.supportedSeasons };
}
import type { AddressInfo } from 'node:net';

export interface FakeSleeperMany {
  url: string;
  /** Arrival times (ms, Date.now()) of every call. */
  readonly calls: number[];
  /** GET /league/<id> calls per league id. */
  readonly leagueReads: Map<string, number>;
  /** Answers after this many ms (keeps a sync in flight long enough to interrupt it). */
  delayMs: number;
  userId(index: number): string;
  leagueIds(userIndex: number): string[];
  /** Most calls that arrived within any `windowMs`. */
  maxCallsInWindow(windowMs: number): number;
  close(): Promise<void>;
}

export const TEAMS = 4;
export const PLAYERS_PER_TEAM = 3;

export async function startFakeSleeperMany(options: {
  users: number;
  leagues: number;
}): Promise<FakeSleeperMany> {
  const calls: number[] = [];
  const leagueReads = new Map<string, number>();
  const userId = (i: number): string => `9${String(i).padStart(6, '0')}`;
  const leagueIds = (u: number): string[] =>
    Array.from({ length: options.leagues }, (_, l) => `8${String(u).padStart(6, '0')}${l}`);
  const playerId = (n: number): string => String(1000 + n);
  const league = (id: string) => ({
    league_id: id,
    name: `League ${id}`,
    sport: 'nfl',
    season: String(MANY_SEASON),
    total_rosters: TEAMS,
    settings: { num_teams: TEAMS },
  });
  const playerCount = TEAMS * PLAYERS_PER_TEAM;
  const players = Object.fromEntries(
    Array.from({ length: playerCount }, (_, n) => [
      playerId(n),
      {
        player_id: playerId(n),
        first_name: `First${n}`,
        last_name: `Last${n}`,
        full_name: `First${n} Last${n}`,
        position: ['QB', 'RB', 'WR', 'TE'][n % 4],
        team: 'DET',
        active: true,
      },
    ]),
  );

  function answer(path: string): unknown {
    // The user `sleeper<i>` by name, as linking looks it up.
    let m = /^\/user\/sleeper(\d+)$/.exec(path);
    if (m) {
      const index = Number(m[1]);
      if (index >= options.users) return null;
      return {
        user_id: userId(index),
        username: `sleeper${index}`,
        display_name: `Sleeper ${index}`,
      };
    }
    m = /^\/user\/(\d+)\/leagues\/(\w+)\/(\d{4})$/.exec(path);
    if (m) {
      const index = Number((m[1] as string).slice(1));
      if (m[2] !== 'nfl' || m[3] !== String(MANY_SEASON) || index >= options.users) return [];
      return leagueIds(index).map(league);
    }
    // A league's activity: none yet (the leagues have no status, so no week is read).
    if (/^\/league\/\d+\/(traded_picks|transactions\/\d+|matchups\/\d+)$/.test(path)) return [];
    m = /^\/league\/(\d+)(\/rosters|\/users|\/drafts)?$/.exec(path);
    if (m) {
      const id = m[1] as string;
      if (m[2] === undefined) {
        leagueReads.set(id, (leagueReads.get(id) ?? 0) + 1);
        return league(id);
      }
      const teams = Array.from({ length: TEAMS }, (_, t) => t);
      if (m[2] === '/rosters') {
        return teams.map((t) => ({
          roster_id: t + 1,
          owner_id: `u${id}${t}`,
          players: Array.from({ length: PLAYERS_PER_TEAM }, (_, p) =>
            playerId(t * PLAYERS_PER_TEAM + p),
          ),
        }));
      }
      if (m[2] === '/users') {
        return teams.map((t) => ({ user_id: `u${id}${t}`, display_name: `Owner ${t}` }));
      }
      return [];
    }
    if (path === '/players/nfl') return players;
    if (path === '/players/nba') return {};
    return undefined;
  }

  const fake: FakeSleeperMany = {
    url: '',
    calls,
    leagueReads,
    delayMs: 0,
    userId,
    leagueIds,
    maxCallsInWindow(windowMs) {
      const sorted = [...calls].sort((a, b) => a - b);
      let most = 0;
      let start = 0;
      for (let end = 0; end < sorted.length; end++) {
        while ((sorted[end] as number) - (sorted[start] as number) >= windowMs) start++;
        most = Math.max(most, end - start + 1);
      }
      return most;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    calls.push(Date.now());
    const path = new URL(request.url ?? '/', 'http://fake').pathname.replace(/^\/v1/, '');
    const body = answer(path);
    setTimeout(() => {
      if (body === undefined) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('null');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }, fake.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.keepAliveTimeout = 60_000;
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
