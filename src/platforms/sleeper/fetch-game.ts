// The game of a league (domain/game.ts) from what the connector already read, plus the one call
// per earlier season its history needs. Lineups come from the weekly matchups bodies the activity
// already fetched (no call of their own), and a week the store holds as final is left out.
import type { LeagueGame, LeagueSeasonRecord, TeamLineupRecord } from '../../domain/game.ts';
import type { RosterEntryRecord } from '../../domain/records.ts';
import type { LeagueFetchContext } from '../connector.ts';
import type { SleeperMatchupEntry } from './activity-schemas.ts';
import type { SeasonProgress } from './activity.ts';
import type { SleeperCalls } from './fetch-activity.ts';
import {
  benchOnly,
  mapCurrentLineup,
  mapRules,
  mapWeekLineups,
  nonStarterSlots,
  starterSlots,
} from './game.ts';
import { responses, validate } from './schemas.ts';
import type { SleeperLeague, SleeperRoster } from './schemas.ts';

/** How far back previous_league_id is followed (a guard against a loop or a runaway chain). */
export const MAX_EARLIER_SEASONS = 20;

export interface GameParts {
  league: SleeperLeague;
  rosters: readonly SleeperRoster[];
  /** The snapshot's roster entries: the current lineup keeps the same (roster, player) pairs. */
  rosterEntries: readonly RosterEntryRecord[];
  weeks: ReadonlyArray<{ week: number; entries: readonly SleeperMatchupEntry[] }>;
  progress: SeasonProgress;
}

export async function leagueGame(
  parts: GameParts,
  history: LeagueSeasonRecord[],
  context: LeagueFetchContext,
): Promise<LeagueGame> {
  const final = (await context.finalLineupPeriods?.()) ?? new Set<number>();
  const rules = mapRules(parts.league);
  const slots = starterSlots(parts.league);
  const known = new Set(parts.rosters.map((roster) => roster.roster_id));
  const lineups: TeamLineupRecord[] = parts.weeks
    .filter(({ week }) => !final.has(week))
    .flatMap(({ week, entries }) => {
      // The rosters body says who is on IR or the taxi squad now: it speaks for the week under way.
      const now = !parts.progress.finished && week === parts.progress.currentWeek;
      const placeOf = now ? nonStarterSlots(parts.rosters) : benchOnly;
      const teams = entries.filter((entry) => known.has(entry.roster_id));
      return mapWeekLineups(week, teams, slots, placeOf);
    });
  return {
    ...(rules ? { rules } : {}),
    lineups,
    currentLineup: mapCurrentLineup(parts.rosters, slots, parts.rosterEntries),
    history,
  };
}

/**
 * The league's seasons, oldest first, this one included: previous_league_id followed one
 * GET /league/<id> at a time ("0" or null ends it, as does a league Sleeper no longer has). A
 * failing or malformed answer fails the league like any other call.
 */
export async function fetchHistory(
  calls: SleeperCalls,
  league: SleeperLeague,
): Promise<LeagueSeasonRecord[]> {
  const seasons: LeagueSeasonRecord[] = [seasonOf(league)];
  const seen = new Set([league.league_id]);
  let previous = league.previous_league_id;
  while (previous && previous !== '0' && !seen.has(previous)) {
    if (seasons.length > MAX_EARLIER_SEASONS) break;
    seen.add(previous);
    // https://docs.sleeper.com/#get-a-specific-league
    const path = `/league/${encodeURIComponent(previous)}`;
    const body = await calls.getOrNull(path);
    if (body === null) break;
    const earlier = validate(responses.league, body, `GET ${path}`);
    seasons.push(seasonOf(earlier));
    previous = earlier.previous_league_id;
  }
  return seasons.sort((a, b) => a.season - b.season);
}

function seasonOf(league: SleeperLeague): LeagueSeasonRecord {
  return { season: Number(league.season), platformLeagueKey: league.league_id };
}
