// A fake MyFantasyLeague on 127.0.0.1 that answers exports from a set of files: the API's paths
// (/<year>/export?TYPE=..., /<year>/login), a login that hands out a cookie, and one league private
// (answered only with that cookie). Leagues and seasons the files lack answer MFL's refusal shape.
// `intercept` lets a test answer first. The files are the recordings in ../shared/fixtures/mfl by
// default, or the project's own made-up ones (mfl-data.ts pairs each set with its facts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_WIDE_GAME_EXPORTS, weeklyResultsBody } from './fake-mfl-game.ts';
import { reply, startFakePlatform } from './fake-platform.ts';
import type { FakePlatformServer, FakeReply, FakeRequest } from './fake-platform.ts';

export const MFL_FIXTURES_DIR = fileURLToPath(
  new URL('../../../shared/fixtures/mfl/', import.meta.url),
);
export const MFL_FIXTURES_SKIP: false | string = existsSync(MFL_FIXTURES_DIR)
  ? false
  : '../shared/fixtures/mfl not found: recorded-response tests skipped';

/** The one login the fake accepts, and the cookie it gives for it. */
export const MFL_LOGIN = {
  username: 'alice_mfl',
  password: 'correct horse battery',
  cookie: 'ZmFrZS1jb29raWU+/A1=',
};

/** The league the recordings have as private (its anonymous read is the recorded refusal). */
export const PRIVATE_LEAGUE = '11747';

/** The files a fake MFL answers from. */
export interface MflFiles {
  dir: string;
  /** The file of each export, by `<season>:<TYPE>:<L>` ("2020:players:" for the player list). */
  exports: Readonly<Record<string, string>>;
  /** The login's 2020 TYPE=myleagues list. */
  myLeagues2020: string;
  /** The private league, and the file of MFL's refusal to read it without the cookie. */
  privateLeague: string;
  privateRefusal: string;
}

export const RECORDED_MFL_FILES: MflFiles = {
  dir: MFL_FIXTURES_DIR,
  exports: {
    '2019:league:54040': '2019-league-54040.json',
    '2020:league:54040': '2020-league-54040.json',
    '2020:league:65443': '2020-league-65443.json',
    '2020:league:11747': '2020-league-11747-with-apikey.json',
    '2020:rosters:54040': '2020-rosters-54040.json',
    '2020:rosters:11747': '2020-rosters-11747.json',
    '2020:rules:65443': '2020-rules-65443.json',
    '2020:rules:22627': '2020-rules-22627.json',
    // Site-wide: MFL's rule names and the injury report (week 3).
    '2020:allRules:': '2020-allRules.json',
    '2020:injuries:': '2020-injuries-week3.json',
    '2020:players:': '2020-players-DETAILS-L54040.json',
    '2020:schedule:54040': '2020-schedule-54040.json',
    '2020:draftResults:54040': '2020-draftResults-54040.json',
    '2020:futureDraftPicks:54040': '2020-futureDraftPicks-54040.json',
    '2020:draftResults:65443': '2020-draftResults-65443.json',
    '2020:futureDraftPicks:65443': '2020-futureDraftPicks-65443-empty.json',
    // 2019's transactions are recorded, not 2020's (those answer empty, see EMPTY_EXPORTS).
    '2019:transactions:54040': '2019-transactions-54040.json',
  },
  // One league, 21499.
  myLeagues2020: '2020-myleagues-FRANCHISE_NAMES.json',
  privateLeague: PRIVATE_LEAGUE,
  privateRefusal: '2020-league-private-without-apikey-error.json',
};

export interface FakeMflOptions {
  /** Default: the recordings. */
  files?: MflFiles;
  /**
   * The login's leagues by season, as TYPE=myleagues lists them. Default: the files' 2020 list
   * and nothing in other seasons.
   */
  myLeagues?: Record<number, Array<{ league_id: string; name: string; franchise_id: string }>>;
}

export interface FakeMfl extends FakePlatformServer {
  readonly baseUrl: string;
  /** Answers before the recordings when it returns a reply; undefined passes the request on. */
  intercept: ((request: FakeRequest) => FakeReply | undefined) | undefined;
  /** A fresh parse of one of the files. */
  recorded(file: string): unknown;
}

/**
 * The league exports a league may have nothing of, by the element MFL wraps them in. Without a
 * file, the fake answers one as MFL answers an empty one (the element as `{}`, as recorded in
 * 2020-futureDraftPicks-65443-empty.json), so that the recordings' leagues sync whole.
 */
const EMPTY_EXPORTS: Readonly<Record<string, string>> = {
  leagueStandings: 'leagueStandings',
  schedule: 'schedule',
  transactions: 'transactions',
  draftResults: 'draftResults',
  auctionResults: 'auctionResults',
  futureDraftPicks: 'futureDraftPicks',
  // No league's rules are recorded beside its rosters: such a league scores by no rule.
  rules: 'rules',
};

const refusal = (text: string): FakeReply =>
  reply.json({ version: '1.0', error: { $t: text }, encoding: 'utf-8' });

export async function startFakeMfl(options: FakeMflOptions = {}): Promise<FakeMfl> {
  const files = options.files ?? RECORDED_MFL_FILES;
  const read = (file: string): string => readFileSync(join(files.dir, file), 'utf8');
  let intercept: FakeMfl['intercept'];

  function login(request: FakeRequest): FakeReply {
    const form = new URLSearchParams(request.body);
    const user = form.get('USERNAME') ?? request.query.get('USERNAME');
    const password = form.get('PASSWORD') ?? request.query.get('PASSWORD');
    const xml =
      user === MFL_LOGIN.username && password === MFL_LOGIN.password
        ? `<?xml version="1.0" encoding="utf-8"?>\n<status MFL_USER_ID="${MFL_LOGIN.cookie}">OK</status>\n`
        : '<?xml version="1.0" encoding="utf-8"?>\n<error>Invalid Password</error>\n';
    return reply.raw(xml, 200, { 'content-type': 'text/xml; charset=utf-8' });
  }

  function myLeagues(season: number): FakeReply {
    if (options.myLeagues === undefined) {
      return season === 2020
        ? reply.raw(read(files.myLeagues2020))
        : reply.json({ version: '1.0', leagues: {}, encoding: 'utf-8' });
    }
    const list = options.myLeagues[season] ?? [];
    // MFL's JSON: a list of one is the bare object, an empty list is absent.
    const league = list.length === 1 ? list[0] : list.length > 1 ? list : undefined;
    return reply.json({ version: '1.0', leagues: league ? { league } : {}, encoding: 'utf-8' });
  }

  function players(request: FakeRequest): FakeReply {
    const wanted = request.query.get('PLAYERS');
    const body = read(files.exports['2020:players:'] as string);
    if (wanted === null) return reply.raw(body);
    const ids = new Set(wanted.split(','));
    const all = (JSON.parse(body) as { players: { player: Array<{ id: string }> } }).players.player;
    return reply.json({ version: '1.0', players: { player: all.filter((p) => ids.has(p.id)) } });
  }

  function exportAnswer(request: FakeRequest, season: number): FakeReply {
    const type = request.query.get('TYPE') ?? '';
    const league = request.query.get('L') ?? '';
    const loggedIn = request.headers.cookie === `MFL_USER_ID=${MFL_LOGIN.cookie}`;
    if (type === 'myleagues') {
      return loggedIn ? myLeagues(season) : refusal('API requires logged in user');
    }
    if (league === files.privateLeague && !loggedIn) return reply.raw(read(files.privateRefusal));
    if (type === 'players' && season === 2020) return players(request);
    const file = files.exports[`${season}:${type}:${type === 'players' ? '' : league}`];
    if (file !== undefined) return reply.raw(read(file));
    if (type === 'weeklyResults' && files.exports[`${season}:league:${league}`] !== undefined) {
      const body = (kind: string) => {
        const name = files.exports[`${season}:${kind}:${league}`];
        return name === undefined ? undefined : (JSON.parse(read(name)) as Record<string, unknown>);
      };
      const week = request.query.get('W') ?? '';
      return reply.json(weeklyResultsBody(body('schedule'), body('rosters'), week));
    }
    const siteWide = SITE_WIDE_GAME_EXPORTS[type];
    if (siteWide !== undefined && league === '') {
      return reply.json({ version: '1.0', [siteWide]: {}, encoding: 'utf-8' });
    }
    const element = EMPTY_EXPORTS[type];
    if (element !== undefined && files.exports[`${season}:league:${league}`] !== undefined) {
      return reply.json({ version: '1.0', [element]: {}, encoding: 'utf-8' });
    }
    return refusal(`Invalid league ID ${league} for ${season} (no such file)`);
  }

  const server = await startFakePlatform(
    {},
    {
      fallback(request) {
        const early = intercept?.(request);
        if (early !== undefined) return early;
        const match = /^\/(\d{4})\/(export|login)$/.exec(request.path);
        if (!match) return reply.status(404);
        if (match[2] === 'login') return login(request);
        return exportAnswer(request, Number(match[1]));
      },
    },
  );
  const fake = server as FakeMfl;
  Object.defineProperties(fake, {
    baseUrl: { value: server.url },
    intercept: {
      get: () => intercept,
      set: (value: FakeMfl['intercept']) => {
        intercept = value;
      },
    },
    recorded: { value: (file: string) => JSON.parse(read(file)) as unknown },
  });
  return fake;
}
