// The fake Fleaflicker's answers to the league activity calls (scoreboards, transaction feed,
// trades, draft board, team picks), chosen by query from the files of its directory the way
// Fleaflicker chooses them. What is not recorded for a league is answered as an empty list (`{}`:
// Fleaflicker leaves empty lists out), so leagues recorded only in part still sync whole; a
// recorded league's missing page or week answers 404.
//
// Recorded in part, and served as follows:
// - scoreboards: weeks 4 and 5 of league 206154 (2020). Asked without scoring_period, the fake
//   answers the last recorded week, as Fleaflicker answers the current one, with the schedule
//   (eligibleSchedulePeriods) cut to the recorded weeks, so a client reads only those.
// - the transaction feed: only one team's pages are recorded (team_id=...); asked for the whole
//   league's feed, the fake serves the league's recorded team feed (a part of the league's).
// - paged lists: each recorded page points (resultOffsetNext) to the next recorded one; the last
//   has none, as Fleaflicker's last page.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { reply } from './fake-platform.ts';
import type { FakeReply, FakeRequest, FakeRoute } from './fake-platform.ts';

interface ActivityRecordings {
  /** "206154/2020" -> week -> body */
  scoreboards: Map<string, Map<number, string>>;
  /** "312861" (league feed) or "312861/team1581722" -> offset -> body */
  feeds: Map<string, Map<number, string>>;
  /** "206154" -> offset -> body */
  trades: Map<string, Map<number, string>>;
  /** "206154/2020" -> body */
  draftBoards: Map<string, string>;
  /** "206154/1373475" -> body */
  teamPicks: Map<string, string>;
}

function put<K, V>(map: Map<string, Map<K, V>>, key: string, inner: K, value: V): void {
  const held = map.get(key) ?? new Map<K, V>();
  held.set(inner, value);
  map.set(key, held);
}

function readActivity(dir: string): ActivityRecordings {
  const recorded: ActivityRecordings = {
    scoreboards: new Map(),
    feeds: new Map(),
    trades: new Map(),
    draftBoards: new Map(),
    teamPicks: new Map(),
  };
  if (!existsSync(dir)) return recorded;
  for (const name of readdirSync(dir)) {
    const body = (): string => readFileSync(join(dir, name), 'utf8');
    let m: RegExpExecArray | null;
    if ((m = /^FetchLeagueScoreboard-(\d+)-(\d{4})-week(\d+)\.json$/.exec(name))) {
      put(recorded.scoreboards, `${m[1]}/${m[2]}`, Number(m[3]), body());
    } else if (
      (m = /^FetchLeagueTransactions-(\d+)(?:-team(\d+))?-offset(\d+)\.json$/.exec(name))
    ) {
      const key = m[2] ? `${m[1]}/team${m[2]}` : (m[1] as string);
      put(recorded.feeds, key, Number(m[3]), body());
    } else if ((m = /^FetchTrades-(\d+)-offset(\d+)\.json$/.exec(name))) {
      put(recorded.trades, m[1] as string, Number(m[2]), body());
    } else if ((m = /^FetchLeagueDraftBoard-(\d+)-(\d{4})\.json$/.exec(name))) {
      recorded.draftBoards.set(`${m[1]}/${m[2]}`, body());
    } else if ((m = /^FetchTeamPicks-(\d+)-(\d+)\.json$/.exec(name))) {
      recorded.teamPicks.set(`${m[1]}/${m[2]}`, body());
    }
  }
  return recorded;
}

const q = (request: FakeRequest, name: string): string => request.query.get(name) ?? '';
const none = (): FakeReply => reply.json({});

/** The recorded page at `offset`, pointing to the next recorded page (or to none). */
function chainedPage(pages: Map<number, string> | undefined, offset: number): FakeReply {
  if (pages === undefined) return none();
  const body = pages.get(offset);
  if (body === undefined) return reply.status(404);
  const next = [...pages.keys()].filter((o) => o > offset).sort((a, b) => a - b)[0];
  const page = JSON.parse(body) as Record<string, unknown>;
  if (next === undefined) delete page.resultOffsetNext;
  else page.resultOffsetNext = next;
  return reply.json(page);
}

/** Routes for the activity calls, serving the activity files of `dir`. */
export function fleaflickerActivityRoutes(dir: string): Record<string, FakeRoute> {
  const recorded = readActivity(dir);
  const scoreboard = (request: FakeRequest): FakeReply => {
    const weeks = recorded.scoreboards.get(`${q(request, 'league_id')}/${q(request, 'season')}`);
    if (weeks === undefined) return none();
    const asked = q(request, 'scoring_period');
    const week = asked ? Number(asked) : Math.max(...weeks.keys());
    const body = weeks.get(week);
    if (body === undefined) return reply.status(404);
    const board = JSON.parse(body) as { eligibleSchedulePeriods?: Array<{ ordinal: number }> };
    board.eligibleSchedulePeriods = (board.eligibleSchedulePeriods ?? []).filter((p) =>
      weeks.has(p.ordinal),
    );
    return reply.json(board);
  };
  const feed = (request: FakeRequest): FakeReply => {
    const league = q(request, 'league_id');
    const team = q(request, 'team_id');
    const offset = Number(q(request, 'result_offset') || '0');
    if (team) return chainedPage(recorded.feeds.get(`${league}/team${team}`), offset);
    const teamFeed = [...recorded.feeds.keys()].sort().find((k) => k.startsWith(`${league}/team`));
    return chainedPage(recorded.feeds.get(league) ?? recorded.feeds.get(teamFeed ?? ''), offset);
  };
  return {
    '/FetchLeagueScoreboard': scoreboard,
    '/FetchLeagueTransactions': feed,
    '/FetchTrades': (request) =>
      q(request, 'filter') === 'TRADES_COMPLETED'
        ? chainedPage(
            recorded.trades.get(q(request, 'league_id')),
            Number(q(request, 'result_offset') || '0'),
          )
        : none(),
    '/FetchLeagueDraftBoard': (request) => {
      const body = recorded.draftBoards.get(`${q(request, 'league_id')}/${q(request, 'season')}`);
      return body === undefined ? none() : reply.raw(body);
    },
    '/FetchTeamPicks': (request) => {
      const body = recorded.teamPicks.get(`${q(request, 'league_id')}/${q(request, 'team_id')}`);
      return body === undefined ? none() : reply.raw(body);
    },
  };
}
