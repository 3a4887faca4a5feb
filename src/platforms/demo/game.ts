// The game of a demo league (domain/game.ts): its rules, every team's lineup in every period
// played, the current lineup, who is hurt now, and the league's seasons. Added after the league's
// activity (activity.ts), from streams of its own, and made to agree with it: each period's lineups
// are of the rosters the transactions left the teams at that period's first game, and each lineup's
// starters add up exactly to the team's matchup score.
import type {
  CurrentSlotRecord,
  InjuryRecord,
  LeagueSeasonRecord,
  TeamLineupRecord,
} from '../../domain/game.ts';
import type { LeagueSnapshot } from '../../domain/records.ts';
import { DAY_MS, isoAt, lastPeriod, periodStart, playedShare, seasonCalendar } from './calendar.ts';
import type { SeasonCalendar } from './calendar.ts';
import { SeasonForm, pointStep } from './form.ts';
import { arrangeLineup, scoredLineup } from './lineups.ts';
import type { LineupContext } from './lineups.ts';
import { rngFor } from './random.ts';
import { rulesOf, slotsOf } from './rules.ts';
import type { GameStyle } from './rules.ts';

export interface GameOptions {
  seed: number;
  style: GameStyle;
  /** A dynasty league has a taxi squad. */
  dynasty: boolean;
  /** The league's seasons, oldest first, this one included. */
  history: LeagueSeasonRecord[];
  /** Every pool player's position. */
  positions: ReadonlyMap<string, string>;
  /**
   * The players' form in the league's sport and season, shared by the leagues of one pool and
   * season (it draws each player once); made for the league alone when absent.
   */
  form?: SeasonForm;
}

/** Adds `league.game`; needs the league's activity (its matchups and transactions). */
export function addLeagueGame(league: LeagueSnapshot, options: GameOptions): void {
  const activity = league.activity;
  if (activity === undefined) throw new Error('a demo league gets its game after its activity');
  const calendar = seasonCalendar(league.sport, league.season);
  const form =
    options.form ??
    new SeasonForm(
      options.seed,
      league.sport,
      league.season,
      lastPeriod(calendar),
      options.positions,
    );
  const slots = slotsOf(league.sport, options.dynasty);
  const contextAt = (period: number): LineupContext => ({
    slots,
    positions: options.positions,
    form,
    period,
  });
  const step = pointStep(league.sport);
  const rostersThen = rostersByPeriod(league, calendar);

  const lineups: TeamLineupRecord[] = [];
  for (const matchup of activity.matchups) {
    for (const side of matchup.sides) {
      if (side.score === undefined) continue;
      const roster = rostersThen.get(matchup.period)?.get(side.rosterId) ?? [];
      const context = contextAt(matchup.period);
      const rng = rngFor(
        options.seed,
        `game:${league.sport}:${league.platformLeagueKey}:points:${matchup.period}:${side.rosterId}`,
      );
      lineups.push(
        scoredLineup(
          arrangeLineup(roster, context),
          context,
          {
            rosterId: side.rosterId,
            total: Math.round(side.score * 100),
            step,
            played: playedShare(calendar, matchup.period),
          },
          rng,
        ),
      );
    }
  }
  lineups.sort((a, b) => a.period - b.period || Number(a.rosterId) - Number(b.rosterId));

  const now = activity.currentPeriod ?? lastPeriod(calendar);
  const currentLineup: CurrentSlotRecord[] = [];
  const injuries: InjuryRecord[] = [];
  for (const [rosterId, roster] of rostersNow(league)) {
    for (const { playerId, slot } of arrangeLineup(roster, contextAt(now))) {
      currentLineup.push({ rosterId, playerId, slot, platformSlot: slot });
    }
    for (const playerId of roster) {
      const spell = form.injury(playerId, now);
      if (spell === undefined) continue;
      injuries.push({
        playerId,
        status: spell.spec.status,
        designation: spell.spec.designation,
        note: spell.note,
      });
    }
  }

  league.game = {
    rules: rulesOf(league.sport, options.style, calendar, options.dynasty),
    lineups,
    currentLineup,
    injuries,
    history: options.history,
  };
}

function rostersNow(league: LeagueSnapshot): Map<string, string[]> {
  const rosters = new Map(league.teams.map((t) => [t.rosterId, [] as string[]]));
  for (const entry of league.rosterEntries) rosters.get(entry.rosterId)?.push(entry.playerId);
  return rosters;
}

/**
 * Each period's rosters as they stood at its first game: today's rosters with every completed
 * transaction since then undone, newest first (pending and failed ones never moved anyone).
 */
function rostersByPeriod(
  league: LeagueSnapshot,
  calendar: SeasonCalendar,
): Map<number, Map<string, string[]>> {
  const rosters = rostersNow(league);
  const done = (league.activity?.transactions ?? []).filter((t) => t.status === 'complete');
  let next = done.length - 1;
  const byPeriod = new Map<number, Map<string, string[]>>();
  for (let period = lastPeriod(calendar); period >= 1; period--) {
    const lock = isoAt(periodStart(calendar, period) + calendar.firstGameDay * DAY_MS);
    for (; next >= 0 && (done[next]?.occurredAt ?? '') >= lock; next--) {
      for (const move of done[next]?.playerMoves ?? []) {
        if (move.toRosterId !== undefined) {
          const roster = rosters.get(move.toRosterId) ?? [];
          const at = roster.indexOf(move.playerId);
          if (at >= 0) roster.splice(at, 1);
        }
        if (move.fromRosterId !== undefined) rosters.get(move.fromRosterId)?.push(move.playerId);
      }
    }
    byPeriod.set(period, new Map([...rosters].map(([id, players]) => [id, [...players]])));
  }
  return byPeriod;
}
