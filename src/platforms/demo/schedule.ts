// A league's season of head-to-head matchups: a round-robin regular season, then (once the season
// is over) a four-team playoff with a consolation bracket, scored from each team's strength. The
// teams' records and points are counted from these same scores, so the two always agree.
import type { Sport } from '../../domain/catalog.ts';
import type { MatchupKind, MatchupRecord, MatchupSide } from '../../domain/league-data.ts';
import { currentPeriod, isUnderWay, playedShare } from './calendar.ts';
import type { SeasonCalendar } from './calendar.ts';
import { shuffleFront } from './random.ts';
import type { Rng } from './random.ts';

/** A team's regular-season totals; points in hundredths, so sums stay exact. */
export interface TeamTotals {
  rosterId: string;
  wins: number;
  losses: number;
  ties: number;
  pointsFor: number;
  pointsAgainst: number;
}

// A team's score in one period: mean and spread in points, and the step scores are rounded to
// (football's are to the hundredth, the others' to the tenth), all in hundredths.
const SCORING: Record<Sport, { mean: number; spread: number; step: number }> = {
  football: { mean: 11_000, spread: 2_400, step: 1 },
  baseball: { mean: 52_000, spread: 8_000, step: 10 },
  basketball: { mean: 115_000, spread: 14_000, step: 10 },
};

export interface SeasonOptions {
  sport: Sport;
  calendar: SeasonCalendar;
  rosterIds: readonly string[];
  /** Make the first matchup of period 3 a tie, so ties show in a record somewhere. */
  tie?: boolean;
}

export interface Season {
  matchups: MatchupRecord[];
  totals: Map<string, TeamTotals>;
}

export function generateSeason(options: SeasonOptions, rng: Rng): Season {
  const { calendar, rosterIds, sport } = options;
  const scoring = SCORING[sport];
  // Each team's strength: the better teams win more often, so standings spread as real ones do.
  const strength = new Map(rosterIds.map((id) => [id, 0.88 + rng.next() * 0.24]));
  const score = (rosterId: string, share: number): number => {
    const raw =
      (scoring.mean * (strength.get(rosterId) ?? 1) + gaussian(rng) * scoring.spread) * share;
    return Math.max(0, Math.round(raw / scoring.step) * scoring.step);
  };

  const matchups: MatchupRecord[] = [];
  const totals = new Map(
    rosterIds.map((rosterId) => [
      rosterId,
      { rosterId, wins: 0, losses: 0, ties: 0, pointsFor: 0, pointsAgainst: 0 },
    ]),
  );
  const order = [...rosterIds];
  shuffleFront(order, order.length, rng);
  const lastRegular = isUnderWay(calendar) ? currentPeriod(calendar) : calendar.regularPeriods;
  for (let period = 1; period <= Math.min(lastRegular, calendar.regularPeriods); period++) {
    const share = playedShare(calendar, period);
    roundRobin(order, period).forEach(([home, away], i) => {
      const homeScore = share > 0 ? score(home, share) : undefined;
      let awayScore = share > 0 ? score(away, share) : undefined;
      if (options.tie === true && period === 3 && i === 0) awayScore = homeScore;
      const matchup = matchupOf(
        period,
        i + 1,
        'regular',
        [
          [home, homeScore],
          [away, awayScore],
        ],
        share,
      );
      matchups.push(matchup);
      if (matchup.status === 'final') count(totals, matchup);
    });
  }
  if (!isUnderWay(calendar)) {
    const seeds = rankTeams([...totals.values()]).map((t) => t.rosterId);
    matchups.push(...playoffs(calendar.regularPeriods + 1, seeds, score, scoring.step));
  }
  return { matchups, totals };
}

/** Standings order: winning share, then points for, then roster id (as numbers). */
export function rankTeams(totals: readonly TeamTotals[]): TeamTotals[] {
  const share = (t: TeamTotals): number =>
    (t.wins + t.ties / 2) / (t.wins + t.losses + t.ties || 1);
  return [...totals].sort(
    (a, b) =>
      share(b) - share(a) || b.pointsFor - a.pointsFor || Number(a.rosterId) - Number(b.rosterId),
  );
}

/** The circle method: every team meets every other once per n-1 periods, then again. */
function roundRobin(order: readonly string[], period: number): [string, string][] {
  const n = order.length;
  const round = (period - 1) % (n - 1);
  const [fixed, ...rest] = order;
  const rotated = [...rest.slice(n - 1 - round), ...rest.slice(0, n - 1 - round)];
  const circle = [fixed as string, ...rotated];
  const pairs: [string, string][] = [];
  for (let i = 0; i < n / 2; i++) {
    const a = circle[i] as string;
    const b = circle[n - 1 - i] as string;
    // Alternate home and away from one period to the next.
    pairs.push(period % 2 === 0 ? [a, b] : [b, a]);
  }
  return pairs;
}

/** Semi-finals (1 v 4, 2 v 3) then the final and third place; the rest play consolation games. */
function playoffs(
  first: number,
  seeds: readonly string[],
  score: (rosterId: string, share: number) => number,
  step: number,
): MatchupRecord[] {
  const rank = new Map(seeds.map((id, i) => [id, i]));
  const play = (period: number, id: number, kind: MatchupKind, a: string, b: string) => {
    const scoreB = score(b, 1);
    let scoreA = score(a, 1);
    // Playoff games cannot end level: the higher seed (always `a`) wins a tie by the smallest step.
    if (kind === 'playoff' && scoreA === scoreB) scoreA += step;
    return matchupOf(
      period,
      id,
      kind,
      [
        [a, scoreA],
        [b, scoreB],
      ],
      1,
    );
  };
  const [s1, s2, s3, s4] = seeds as [string, string, string, string];
  const rest = seeds.slice(4);
  const semis = [play(first, 1, 'playoff', s1, s4), play(first, 2, 'playoff', s2, s3)];
  const pairs = (ids: readonly string[], crossed: boolean): [string, string][] => {
    const out: [string, string][] = [];
    for (let i = 0; i + 1 < ids.length; i += 4) {
      const group = ids.slice(i, i + 4) as string[];
      if (crossed && group.length === 4) {
        out.push(
          [group[0] as string, group[2] as string],
          [group[1] as string, group[3] as string],
        );
      } else {
        for (let j = 0; j + 1 < group.length; j += 2)
          out.push([group[j] as string, group[j + 1] as string]);
      }
    }
    return out;
  };
  const week1 = [
    ...semis,
    ...pairs(rest, false).map(([a, b], i) => play(first, i + 3, 'consolation', a, b)),
  ];
  const winners = semis.map((m) => m.winnerRosterId as string);
  const losers = semis.map(
    (m) => m.sides.find((s) => s.rosterId !== m.winnerRosterId)?.rosterId as string,
  );
  const bySeed = (ids: string[]) => ids.sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
  const [f1, f2] = bySeed(winners) as [string, string];
  const [t1, t2] = bySeed(losers) as [string, string];
  const week2 = [
    play(first + 1, 1, 'playoff', f1, f2),
    play(first + 1, 2, 'consolation', t1, t2),
    ...pairs(rest, true).map(([a, b], i) => play(first + 1, i + 3, 'consolation', a, b)),
  ];
  return [...week1, ...week2];
}

function matchupOf(
  period: number,
  id: number,
  kind: MatchupKind,
  sides: readonly [string, number | undefined][],
  share: number,
): MatchupRecord {
  const matchupSides: MatchupSide[] = sides.map(([rosterId, points]) =>
    points === undefined ? { rosterId } : { rosterId, score: points / 100 },
  );
  const matchup: MatchupRecord = {
    period,
    matchupId: String(id),
    sides: matchupSides,
    status: share >= 1 ? 'final' : share > 0 ? 'in_progress' : 'upcoming',
    kind,
  };
  const [a, b] = sides;
  if (matchup.status === 'final' && a?.[1] !== undefined && b?.[1] !== undefined && a[1] !== b[1]) {
    matchup.winnerRosterId = a[1] > b[1] ? a[0] : b[0];
  }
  return matchup;
}

function count(totals: Map<string, TeamTotals>, matchup: MatchupRecord): void {
  const [a, b] = matchup.sides;
  if (!a || !b) return;
  for (const [side, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const team = totals.get(side.rosterId);
    if (!team) continue;
    const mine = Math.round((side.score ?? 0) * 100);
    const theirs = Math.round((other.score ?? 0) * 100);
    team.pointsFor += mine;
    team.pointsAgainst += theirs;
    if (mine > theirs) team.wins++;
    else if (mine < theirs) team.losses++;
    else team.ties++;
  }
}

/** A standard normal draw (Box-Muller). */
function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}
