// Fantrax's schedule (getLeagueInfo's `matchups`) and scores (getMatchupScores, one period per call)
// -> matchups. Pure: no I/O. The schedule gives every period's pairings, played or not; the scores
// are joined to them by their two team ids, whichever side Fantrax calls home in each.
import type {
  MatchupKind,
  MatchupRecord,
  MatchupSide,
  MatchupStatus,
} from '../../domain/league-data.ts';
import type {
  FantraxMatchupScores,
  FantraxSchedule,
  FantraxScoredSide,
} from './activity-schemas.ts';

/** The schedule's periods, in order. */
export function schedulePeriods(schedule: FantraxSchedule): number[] {
  return [...new Set((schedule.matchups ?? []).map((m) => m.period))].sort((a, b) => a - b);
}

/**
 * The periods whose scores to ask for besides the current one (which the first call answers):
 * every earlier one of the schedule, or all of them once the season is over. None while Fantrax
 * names no current period: scores could not be placed.
 */
export function periodsToRead(
  periods: readonly number[],
  current: number | undefined,
  seasonOver: boolean,
): number[] {
  if (seasonOver) return [...periods];
  if (current === undefined) return [];
  return periods.filter((p) => p < current);
}

interface Pairing {
  home?: string | undefined;
  away?: string | undefined;
}

const pairKey = (p: Pairing): string => [p.home ?? '', p.away ?? ''].sort().join('\u0000');

/**
 * Every matchup of the schedule and of the scores read, by period then in Fantrax's order; a
 * pairing the scores name that the schedule lacks comes after the schedule's. `matchupId` is the
 * pairing's place in its period ("1", "2"...): Fantrax gives matchups no id. A matchup naming a team
 * the league does not list is left out (the store keeps only the league's teams).
 */
export function mapMatchups(
  schedule: FantraxSchedule,
  scores: ReadonlyMap<number, FantraxMatchupScores>,
  current: number | undefined,
  seasonOver: boolean,
  knownTeams: ReadonlySet<string>,
): MatchupRecord[] {
  const periods = new Set([...schedulePeriods(schedule), ...scores.keys()]);
  const matchups: MatchupRecord[] = [];
  for (const period of [...periods].sort((a, b) => a - b)) {
    const scored = new Map<string, { home?: FantraxScoredSide; away?: FantraxScoredSide }>();
    for (const m of scores.get(period)?.matchups ?? []) {
      scored.set(pairKey({ home: m.home?.teamId, away: m.away?.teamId }), m);
    }
    const pairings: Pairing[] = (schedule.matchups ?? [])
      .filter((m) => m.period === period)
      .flatMap((m) => m.matchupList ?? [])
      .map((m) => ({ home: m.home?.id, away: m.away?.id }));
    const listed = new Set(pairings.map(pairKey));
    for (const m of scores.get(period)?.matchups ?? []) {
      const pairing = { home: m.home?.teamId, away: m.away?.teamId };
      if (!listed.has(pairKey(pairing))) {
        listed.add(pairKey(pairing));
        pairings.push(pairing);
      }
    }
    const status = periodStatus(period, scores.get(period), current, seasonOver);
    const kind = periodKind(period, schedule.playoffs);
    pairings.forEach((pairing, index) => {
      const found = scored.get(pairKey(pairing));
      const side = (teamId: string | undefined): MatchupSide[] => {
        if (teamId === undefined) return [];
        const score = [found?.home, found?.away].find((s) => s?.teamId === teamId)?.score;
        const counts = score !== undefined && status !== 'upcoming';
        return [{ rosterId: teamId, ...(counts ? { score } : {}) }];
      };
      // Home first, as the domain orders sides.
      const sides = [...side(pairing.home), ...side(pairing.away)];
      if (sides.length === 0 || !sides.every((s) => knownTeams.has(s.rosterId))) return;
      const winner = status === 'final' ? higherScore(sides) : undefined;
      matchups.push({
        period,
        matchupId: String(index + 1),
        sides,
        ...(status ? { status } : {}),
        ...(kind ? { kind } : {}),
        ...(winner ? { winnerRosterId: winner.rosterId } : {}),
      });
    });
  }
  return matchups;
}

/**
 * Final before the current period (every period once the season is over); upcoming after it, and
 * the current one while no side has played a game (Fantrax then writes 0 points, not no score);
 * under way otherwise, Fantrax naming no finer state. Unknown while it names no current period.
 */
export function periodStatus(
  period: number,
  scores: FantraxMatchupScores | undefined,
  current: number | undefined,
  seasonOver: boolean,
): MatchupStatus | undefined {
  if (seasonOver) return 'final';
  if (current === undefined) return undefined;
  if (period < current) return 'final';
  if (period > current) return 'upcoming';
  const sides = (scores?.matchups ?? []).flatMap((m) => [m.home, m.away]);
  const begun = sides.some((s) => s !== undefined && (s.gamesPlayed ?? 1) > 0);
  return begun ? 'in_progress' : 'upcoming';
}

/** Playoff from the league's first playoff period on; none said when it gives no playoffs part. */
export function periodKind(
  period: number,
  playoffs: FantraxSchedule['playoffs'],
): MatchupKind | undefined {
  if (playoffs === undefined) return undefined;
  const first = playoffs.firstPlayoffPeriod;
  if (playoffs.used === false || first === undefined || first < 1) return 'regular';
  return period >= first ? 'playoff' : 'regular';
}

function higherScore(sides: readonly MatchupSide[]): MatchupSide | undefined {
  const [a, b] = sides;
  if (a?.score === undefined || b?.score === undefined || a.score === b.score) return undefined;
  return a.score > b.score ? a : b;
}
