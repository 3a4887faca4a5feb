// A fake Fleaflicker API on 127.0.0.1 serving the responses of a directory, chosen by each call's
// query (league_id, season, result_offset) the way Fleaflicker chooses them: the recordings in
// ../shared/fixtures/fleaflicker (read at test time, never copied) by default, or the project's
// own made-up ones (test/fixtures/fleaflicker/synthetic; fleaflicker-data.ts pairs each with its
// facts). The league activity calls are served by fake-fleaflicker-activity.ts, the game's
// (rules, box scores) by fake-fleaflicker-game.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fleaflickerActivityRoutes } from './fake-fleaflicker-activity.ts';
import { fleaflickerGameRoutes } from './fake-fleaflicker-game.ts';
import { reply, startFakePlatform } from './fake-platform.ts';
import type { FakePlatformServer, FakeReply, FakeRequest, FakeRoute } from './fake-platform.ts';

export const FLEAFLICKER_FIXTURES_DIR = fileURLToPath(
  new URL('../../../shared/fixtures/fleaflicker/', import.meta.url),
);
/** For node:test's `skip` option: false when the recordings are there, else the reason. */
export const FLEAFLICKER_FIXTURES_SKIP: false | string = existsSync(FLEAFLICKER_FIXTURES_DIR)
  ? false
  : '../shared/fixtures/fleaflicker not found: recorded-response tests skipped';

/**
 * The recorded league list was fetched with its owner's e-mail, which the recording's source
 * redacted; the fake answers that list for this address (any case) instead.
 */
export const RECORDED_FLEAFLICKER_EMAIL = 'recorded-owner@example.com';

export interface FakeFleaflickerOptions {
  fixturesDir?: string;
  /** The e-mail whose league lists the directory holds; default RECORDED_FLEAFLICKER_EMAIL. */
  email?: string;
  /**
   * Trim each league list to leagues whose standings (for that season) and rosters are both
   * recorded; otherwise lists are served as recorded and the missing bodies answer 404.
   */
  onlyRecordedLeagues?: boolean;
  /** What FetchUserLeagues answers for any other e-mail; default a 404. */
  unknownEmail?: FakeReply;
  /** Routes that replace the recorded ones, by path ("/FetchLeagueRosters"). */
  overrides?: Record<string, FakeRoute>;
}

export interface FakeFleaflicker extends FakePlatformServer {
  /** What to pass as the connector's baseUrl (the fake serves Fleaflicker's methods at its root). */
  readonly baseUrl: string;
  /** A fresh parse of a served file, by name ("FetchLeagueRosters-312861.json"). */
  recorded(fileName: string): unknown;
}

/** The recorded bodies, keyed by method and the query values that pick them. */
interface Recordings {
  /** "NFL/2020" -> body */
  userLeagues: Map<string, string>;
  /** "312861/2020", or "312861/" for the current season -> body */
  standings: Map<string, string>;
  /** "312861" -> body (recorded without a season; served for every season) */
  rosters: Map<string, string>;
  /** "312861/30" -> body */
  listing: Map<string, string>;
}

function readRecordings(dir: string): { files: Map<string, string>; recorded: Recordings } {
  const files = new Map<string, string>();
  const recorded: Recordings = {
    userLeagues: new Map(),
    standings: new Map(),
    rosters: new Map(),
    listing: new Map(),
  };
  if (!existsSync(dir)) return { files, recorded };
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json')) continue;
    const body = readFileSync(join(dir, name), 'utf8');
    files.set(name, body);
    let m: RegExpExecArray | null;
    if ((m = /^FetchUserLeagues-(\d{4})\.json$/.exec(name))) {
      recorded.userLeagues.set(`NFL/${m[1]}`, body);
    } else if ((m = /^FetchLeagueStandings-(\d+)(?:-(\d{4}))?\.json$/.exec(name))) {
      recorded.standings.set(`${m[1]}/${m[2] ?? ''}`, body);
    } else if ((m = /^FetchLeagueRosters-(\d+)\.json$/.exec(name))) {
      recorded.rosters.set(m[1] as string, body);
    } else if ((m = /^FetchPlayerListing-(\d+)-offset(\d+)\.json$/.exec(name))) {
      recorded.listing.set(`${m[1]}/${m[2]}`, body);
    }
  }
  return { files, recorded };
}

export async function startFakeFleaflicker(
  options: FakeFleaflickerOptions = {},
): Promise<FakeFleaflicker> {
  const dir = options.fixturesDir ?? FLEAFLICKER_FIXTURES_DIR;
  const { files, recorded } = readRecordings(dir);
  const notFound = reply.status(404);
  const q = (request: FakeRequest, name: string): string => request.query.get(name) ?? '';
  // Every recording is of a football league.
  const football = (request: FakeRequest): boolean => ['', 'NFL'].includes(q(request, 'sport'));

  const userLeagues = (request: FakeRequest): FakeReply => {
    if (q(request, 'email').toLowerCase() !== (options.email ?? RECORDED_FLEAFLICKER_EMAIL)) {
      return options.unknownEmail ?? notFound;
    }
    const season = q(request, 'season');
    const body = recorded.userLeagues.get(`${q(request, 'sport') || 'NFL'}/${season}`);
    // A known user with no leagues: Fleaflicker leaves an empty list out altogether.
    if (body === undefined) return reply.json(season ? { season: Number(season) } : {});
    if (!options.onlyRecordedLeagues) return reply.raw(body);
    const list = JSON.parse(body) as { leagues?: Array<{ id: number }> };
    const complete = (id: number): boolean =>
      recorded.standings.has(`${id}/${season}`) && recorded.rosters.has(String(id));
    return reply.json({ ...list, leagues: (list.leagues ?? []).filter((l) => complete(l.id)) });
  };

  const byLeague =
    (table: Map<string, string>, key: (request: FakeRequest) => string) =>
    (request: FakeRequest): FakeReply => {
      const body = football(request) ? table.get(key(request)) : undefined;
      return body === undefined ? notFound : reply.raw(body);
    };

  // Paging ends where the recordings end: the last recorded page is served without its
  // resultOffsetNext, as Fleaflicker serves a real last page.
  const lastOffset = new Map<string, number>();
  for (const key of recorded.listing.keys()) {
    const [league, offset] = key.split('/') as [string, string];
    lastOffset.set(league, Math.max(lastOffset.get(league) ?? 0, Number(offset)));
  }
  // The listing was recorded with external_id_type=SPORTRADAR; asked without it, Fleaflicker
  // gives no ids elsewhere (the box score and draft board, recorded without it, carry none).
  const listing = (request: FakeRequest): FakeReply => {
    const league = q(request, 'league_id');
    const offset = q(request, 'result_offset') || '0';
    const body = football(request) ? recorded.listing.get(`${league}/${offset}`) : undefined;
    if (body === undefined) return notFound;
    const last = lastOffset.get(league) === Number(offset);
    const withIds = q(request, 'external_id_type') === 'SPORTRADAR';
    if (!last && withIds) return reply.raw(body);
    const page = JSON.parse(body) as { players?: Array<{ proPlayer: Record<string, unknown> }> };
    if (last) delete (page as Record<string, unknown>).resultOffsetNext;
    if (!withIds) for (const { proPlayer } of page.players ?? []) delete proPlayer.externalIds;
    return reply.json(page);
  };

  const routes: Record<string, FakeRoute> = {
    '/FetchUserLeagues': userLeagues,
    '/FetchLeagueStandings': byLeague(
      recorded.standings,
      (r) => `${q(r, 'league_id')}/${q(r, 'season')}`,
    ),
    '/FetchLeagueRosters': byLeague(recorded.rosters, (r) => q(r, 'league_id')),
    '/FetchPlayerListing': listing,
    ...fleaflickerActivityRoutes(dir),
    ...fleaflickerGameRoutes(dir),
    ...options.overrides,
  };
  const server = await startFakePlatform(routes);
  return {
    ...server,
    baseUrl: server.url,
    recorded(fileName) {
      const body = files.get(fileName);
      if (body === undefined) throw new Error(`no Fleaflicker response ${fileName} to serve`);
      return JSON.parse(body) as unknown;
    },
  };
}
