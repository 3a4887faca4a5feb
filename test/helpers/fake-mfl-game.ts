// The fake MFL's game exports. TYPE=weeklyResults is not recorded anywhere we could find: the
// fake builds it in the shape MFL's documentation and ffscrapr's ff_starters read (unconfirmed
// against a recording): the schedule's games of the week, each franchise with the schedule's score
// and its rostered players (ROSTER status), the first nine of them (one fewer than all, at most)
// "starter" with the score split among them, the rest "nonstarter" with 4.2 points each.
// Site-wide exports a season's files lack (allRules, injuries) answer MFL's empty element.

type Json = Record<string, unknown>;
type Side = { id: string; isHome?: string; score?: string; result?: string };
type Week = {
  week: string;
  matchup?: { franchise: Side | Side[] } | Array<{ franchise: Side | Side[] }>;
};

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The game's site-wide exports, answered empty when a season's files lack them. */
export const SITE_WIDE_GAME_EXPORTS: Readonly<Record<string, string>> = {
  allRules: 'allRules',
  injuries: 'injuries',
};

/** How many of a franchise's players start in the made-up results. */
const STARTERS = 9;
const BENCH_POINTS = '4.20';

/** TYPE=weeklyResults&W= of a league, from its schedule and rosters bodies. */
export function weeklyResultsBody(
  schedule: Json | undefined,
  rosters: Json | undefined,
  week: string,
): Json {
  const weeks = list(
    (schedule?.schedule as { weeklySchedule?: Week | Week[] } | undefined)?.weeklySchedule,
  );
  const games = list(weeks.find((w) => w.week === week)?.matchup);
  const franchises = list(
    (rosters?.rosters as { franchise?: Json | Json[] } | undefined)?.franchise,
  ) as Array<{ id: string; player?: unknown }>;
  const playersOf = (id: string) =>
    list(franchises.find((f) => f.id === id)?.player as Json | Json[] | undefined)
      .filter((p) => p.status === 'ROSTER')
      .map((p) => String(p.id));
  const matchup = games.map((game) => ({
    franchise: list(game.franchise).map((side) => franchiseResult(side, playersOf(side.id))),
  }));
  return {
    version: '1.0',
    weeklyResults: {
      week,
      ...(matchup.length === 0 ? {} : { matchup: matchup.length === 1 ? matchup[0] : matchup }),
    },
    encoding: 'utf-8',
  };
}

function franchiseResult(side: Side, players: string[]): Json {
  const starters = players.slice(0, Math.min(STARTERS, Math.max(1, players.length - 1)));
  const bench = players.slice(starters.length);
  const cents = side.score === undefined ? undefined : Math.round(Number(side.score) * 100);
  const share = cents === undefined ? 0 : Math.floor(cents / Math.max(1, starters.length));
  const player = [
    ...starters.map((id, index) => {
      const last = index === starters.length - 1;
      const mine = cents === undefined ? undefined : last ? cents - share * index : share;
      return {
        id,
        status: 'starter',
        ...(mine === undefined ? {} : { score: (mine / 100).toFixed(2) }),
        shouldStart: '1',
      };
    }),
    ...bench.map((id) => ({
      id,
      status: 'nonstarter',
      ...(cents === undefined ? {} : { score: BENCH_POINTS }),
      shouldStart: '0',
    })),
  ];
  return {
    id: side.id,
    ...(side.score === undefined ? {} : { score: side.score }),
    ...(side.result === undefined ? {} : { result: side.result }),
    ...(side.isHome === undefined ? {} : { isHome: side.isHome }),
    ...(player.length === 0 ? {} : { player: player.length === 1 ? player[0] : player }),
  };
}

/**
 * TYPE=liveScoring&W= made up as the weekly results are (liveScoring is recorded nowhere we could
 * find either): each franchise's players under `players`, as MFL's documentation shows them.
 * `moved` points are added to the week's first franchise (its first game's first side) and to
 * its first player, as a score moving during the games.
 */
export function liveScoringBody(
  schedule: Json | undefined,
  rosters: Json | undefined,
  week: string,
  moved = 0,
): Json {
  const results = weeklyResultsBody(schedule, rosters, week).weeklyResults as Json;
  const matchup = list(results.matchup as Json | Json[]).map((game, g) => ({
    franchise: list(game.franchise as Json | Json[]).map((franchise, f) => {
      const { player, ...rest } = franchise;
      const first = g === 0 && f === 0 && moved !== 0;
      const players = list(player as Json | Json[]).map((p, i) =>
        first && i === 0 ? { ...p, score: (Number(p.score) + moved).toFixed(2) } : p,
      );
      const score = first ? { score: (Number(rest.score) + moved).toFixed(2) } : {};
      return { ...rest, ...score, gameSecondsRemaining: '0', players: { player: players } };
    }),
  }));
  return { version: '1.0', liveScoring: { week, matchup }, encoding: 'utf-8' };
}
