// Yahoo's standings and scoreboards (checked by activity-schemas.ts) -> the team details and
// matchups of domain/league-data.ts, and the readers of Yahoo's values the transaction and draft
// mapping (transactions-mapping.ts) shares. Pure: no I/O. A field Yahoo leaves empty stays
// absent; an entry naming a team the league's team list lacks is left out whole.
import type {
  MatchupRecord,
  MatchupStatus,
  TeamDetails,
  TeamManagerRecord,
} from '../../domain/league-data.ts';
import { idOfKey } from './mapping.ts';
import type {
  YahooLeagueWeeks,
  YahooMatchup,
  YahooSettings,
  YahooStandingTeam,
} from './activity-schemas.ts';

type Value = string | number | boolean | null | undefined;

/** Yahoo's 1, "1" or true. */
export function flag(value: Value): boolean {
  return value === 1 || value === '1' || value === true;
}

/** A number Yahoo wrote as text or number; undefined for "", null or absent. */
export function numberOf(value: Value): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

export function text(value: Value): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A team key's roster id, "406.l.1.t.4" -> "4"; undefined for none. */
export function rosterOf(key: Value): string | undefined {
  const value = text(key);
  return value === undefined ? undefined : idOfKey(value);
}

/**
 * The weeks a scoreboard call asks for: the season's first week to the current one (the last
 * one once the season is over). Empty when Yahoo names no current week, and for a rotisserie
 * league, which has no matchups.
 */
export function weeksToFetch(league: YahooLeagueWeeks): number[] {
  const current = currentWeek(league);
  if (current === undefined || text(league.scoring_type) === 'roto') return [];
  const start = numberOf(league.start_week) ?? 1;
  const weeks: number[] = [];
  for (let week = Math.max(1, start); week <= current; week++) weeks.push(week);
  return weeks;
}

/** Yahoo's current week, never past the season's last. */
export function currentWeek(league: YahooLeagueWeeks): number | undefined {
  const current = numberOf(league.current_week);
  if (current === undefined || current < 1) return undefined;
  const end = numberOf(league.end_week);
  return end === undefined || end < 1 ? current : Math.min(current, end);
}

/** The division names of the settings, by division id. */
export function divisionNames(settings: YahooSettings): Map<string, string> {
  const names = new Map<string, string>();
  if (!Array.isArray(settings.divisions)) return names;
  for (const division of settings.divisions) {
    const name = text(division.name);
    if (name !== undefined) names.set(String(division.division_id), name);
  }
  return names;
}

/** A team's details from the standings. Yahoo has no team abbreviation. */
export function mapTeamDetails(
  team: YahooStandingTeam,
  divisions: ReadonlyMap<string, string>,
): TeamDetails {
  const logos = team.team_logos ?? [];
  const logo = text((logos.find((l) => text(l.size) === 'large') ?? logos[0])?.url);
  const managers = mapManagers(team.managers ?? []);
  const standing = team.team_standings;
  const totals = standing?.outcome_totals;
  const wins = numberOf(totals?.wins);
  const losses = numberOf(totals?.losses);
  const ties = numberOf(totals?.ties);
  const pointsFor = numberOf(standing?.points_for);
  const pointsAgainst = numberOf(standing?.points_against);
  const rank = numberOf(standing?.rank);
  const divisionId =
    numberOf(team.division_id) === undefined ? undefined : String(team.division_id);
  const divisionName = divisionId === undefined ? undefined : divisions.get(divisionId);
  return {
    ...(logo === undefined ? {} : { logoUrl: logo }),
    ...(managers.length === 0 ? {} : { managers }),
    // Rotisserie leagues have no head-to-head record.
    ...(wins === undefined || losses === undefined
      ? {}
      : { record: { wins, losses, ties: ties ?? 0 } }),
    ...(pointsFor === undefined ? {} : { pointsFor }),
    ...(pointsAgainst === undefined ? {} : { pointsAgainst }),
    // Before the first game Yahoo sends an empty rank.
    ...(rank === undefined || rank < 1 ? {} : { standing: rank }),
    ...(divisionId === undefined ? {} : { divisionId }),
    ...(divisionName === undefined ? {} : { divisionName }),
  };
}

/**
 * Managers with the guid Yahoo shows (it hides some as "--"), the owner before co-managers;
 * the nickname as display name unless hidden. Yahoo's manager e-mail is never read.
 */
function mapManagers(managers: YahooStandingTeam['managers'] & object): TeamManagerRecord[] {
  const shown = managers.filter((m) => /^[A-Z0-9]+$/i.test(text(m.guid) ?? ''));
  const ordered = [
    ...shown.filter((m) => !flag(m.is_comanager)),
    ...shown.filter((m) => flag(m.is_comanager)),
  ];
  return ordered.map((manager) => {
    const nickname = text(manager.nickname);
    return {
      platformUserId: text(manager.guid) as string,
      ...(nickname === undefined || nickname === '--hidden--' ? {} : { displayName: nickname }),
    };
  });
}

const MATCHUP_STATUS: Readonly<Record<string, MatchupStatus>> = {
  preevent: 'upcoming',
  midevent: 'in_progress',
  postevent: 'final',
};

/**
 * A scoreboard's matchups, numbered by their order within each week (Yahoo gives matchups no
 * id). Scores of a matchup not started are left out (Yahoo sends 0.00).
 */
export function mapMatchups(
  matchups: readonly YahooMatchup[],
  knownTeams: ReadonlySet<string>,
): MatchupRecord[] {
  const perWeek = new Map<number, number>();
  const records: MatchupRecord[] = [];
  for (const matchup of matchups) {
    const period = Number(matchup.week);
    const position = (perWeek.get(period) ?? 0) + 1;
    perWeek.set(period, position);
    const record = mapMatchup(matchup, period, String(position));
    if (record.sides.every((side) => knownTeams.has(side.rosterId))) records.push(record);
  }
  return records.sort((a, b) => a.period - b.period || Number(a.matchupId) - Number(b.matchupId));
}

function mapMatchup(matchup: YahooMatchup, period: number, matchupId: string): MatchupRecord {
  const status = MATCHUP_STATUS[text(matchup.status) ?? ''];
  const sides = matchup.teams.map((team) => {
    const score = status === 'upcoming' ? undefined : numberOf(team.team_points?.total);
    return { rosterId: String(team.team_id), ...(score === undefined ? {} : { score }) };
  });
  const kind = flag(matchup.is_consolation)
    ? 'consolation'
    : flag(matchup.is_playoffs)
      ? 'playoff'
      : 'regular';
  const winner = status === 'final' ? winnerOf(matchup, sides) : undefined;
  return {
    period,
    matchupId,
    sides,
    ...(status === undefined ? {} : { status }),
    kind,
    ...(winner === undefined ? {} : { winnerRosterId: winner }),
  };
}

/** Yahoo's winner_team_key; else, unless Yahoo says it is tied, the higher of two scores. */
function winnerOf(
  matchup: YahooMatchup,
  sides: ReadonlyArray<{ rosterId: string; score?: number }>,
): string | undefined {
  const named = rosterOf(matchup.winner_team_key);
  if (named !== undefined) return named;
  if (flag(matchup.is_tied) || sides.length !== 2) return undefined;
  const [a, b] = sides as [
    { rosterId: string; score?: number },
    { rosterId: string; score?: number },
  ];
  if (a.score === undefined || b.score === undefined || a.score === b.score) return undefined;
  return a.score > b.score ? a.rosterId : b.rosterId;
}
