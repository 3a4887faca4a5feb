// Everything of a demo league beside its rosters (domain/league-data.ts): team details,
// matchups, transactions, the draft and future picks. Drawn from streams of their own
// ("activity:<key>:<part>"), after the league is built, so the settings, teams, rosters and pools
// the first five endpoints show are exactly what they were before this data existed.
import type { LeagueSnapshot } from '../../domain/records.ts';
import { currentPeriod, seasonCalendar } from './calendar.ts';
import { futurePicksOf, generateDraft } from './drafts.ts';
import { rngFor } from './random.ts';
import { generateSeason } from './schedule.ts';
import { addTeamDetails } from './team-details.ts';
import type { ManagerNames } from './team-details.ts';
import { generateHistory } from './transactions.ts';

/** What sets a league apart from the ordinary redraft league with a snake draft. */
export interface LeagueFeatures {
  /** An auction draft, with prices. */
  auction?: boolean;
  /** Two keepers a team in the draft, and next seasons' picks in trades. */
  keepers?: boolean;
  /** Next seasons' picks in trades, and listed as future picks. */
  dynasty?: boolean;
  /** One regular-season matchup ends level. */
  tie?: boolean;
}

/** What the league's sport pool says of its players. */
export interface PoolFacts {
  positions: ReadonlyMap<string, string>;
  /** Players fantasy teams may roster, in pool order. */
  draftable: readonly string[];
}

export function addLeagueActivity(
  league: LeagueSnapshot,
  pool: PoolFacts,
  features: LeagueFeatures,
  names: ManagerNames,
): void {
  const rng = (part: string) =>
    rngFor(names.seed, `activity:${league.sport}:${league.platformLeagueKey}:${part}`);
  const calendar = seasonCalendar(league.sport, league.season);
  const teams = league.teams.map((t) => t.rosterId);

  const season = generateSeason(
    { sport: league.sport, calendar, rosterIds: teams, ...(features.tie ? { tie: true } : {}) },
    rng('matchups'),
  );
  addTeamDetails(league, season.totals, names, rng('teams'));

  const rosters = new Map(teams.map((t) => [t, [] as string[]]));
  for (const entry of league.rosterEntries) rosters.get(entry.rosterId)?.push(entry.playerId);
  const rostered = new Set(league.rosterEntries.map((e) => e.playerId));
  const history = generateHistory(
    {
      calendar,
      season: league.season,
      teams,
      rosters,
      freeAgents: pool.draftable.filter((id) => !rostered.has(id)),
      positions: pool.positions,
      tradesPicks: features.dynasty === true || features.keepers === true,
    },
    rng('transactions'),
  );
  const draft = generateDraft(
    {
      leagueKey: league.platformLeagueKey,
      sport: league.sport,
      calendar,
      teams,
      draftRosters: history.draftRosters,
      positions: pool.positions,
      type: features.auction ? 'auction' : 'snake',
      keepers: features.keepers === true,
    },
    rng('draft'),
  );
  league.activity = {
    currentPeriod: currentPeriod(calendar),
    matchups: season.matchups,
    transactions: history.transactions,
    drafts: [draft],
    futurePicks: features.dynasty ? futurePicksOf(teams, league.season, history.pickMoves) : [],
  };
}
