// A league season's schedule (view=mMatchupScore) and draft (view=mDraftDetail) as domain
// records, and the whole LeagueActivity with the transactions (transactions.ts). Pure: no I/O.
// Entries naming a team the league body does not list are left out, never half kept.
import type {
  DraftPickRecord,
  DraftRecord,
  DraftStatus,
  DraftType,
  LeagueActivity,
  MatchupKind,
  MatchupRecord,
  MatchupSide,
  MatchupStatus,
} from '../../domain/league-data.ts';
import type { EspnActivityTopic, EspnMatchupSide, EspnScheduleEntry } from './activity-schemas.ts';
import type { EspnLeague } from './schemas.ts';
import { points } from './team-details.ts';
import { mapTransactions } from './transactions.ts';

/** Everything beside rosters; `topics` is the activity feed (empty when not fetched). */
export function mapLeagueActivity(
  league: EspnLeague,
  topics: readonly EspnActivityTopic[],
): LeagueActivity {
  const teams = new Set((league.teams ?? []).map((team) => team.id));
  const current = league.status?.currentMatchupPeriod ?? undefined;
  const usesBudget = league.settings?.acquisitionSettings?.isUsingAcquisitionBudget === true;
  return {
    ...(current !== undefined && current > 0 ? { currentPeriod: current } : {}),
    matchups: mapMatchups(league, teams),
    transactions: mapTransactions(topics, teams, usesBudget),
    drafts: mapDrafts(league, teams),
    // ESPN has no draft-pick trading (ffscrapr's ff_draftpicks says so), so no future picks.
    futurePicks: [],
  };
}

/** ESPN's playoffTierType: NONE is the regular season, the consolation ladders are consolation. */
const KINDS: Readonly<Record<string, MatchupKind>> = {
  NONE: 'regular',
  WINNERS_BRACKET: 'playoff',
  WINNERS_CONSOLATION_LADDER: 'consolation',
  LOSERS_CONSOLATION_LADDER: 'consolation',
};

/** Category leagues count categories won (cumulativeScore.wins); totalPoints is 0 there mid-week. */
const CATEGORY_SCORING = new Set(['H2H_CATEGORY', 'H2H_MOST_CATEGORIES']);

/**
 * Head-to-head matchups of the whole schedule, home first (ESPN names home and away; a bye has
 * no away). Rotisserie entries (all teams in one `teams` list, no home) are not matchups.
 */
export function mapMatchups(league: EspnLeague, teams: ReadonlySet<number>): MatchupRecord[] {
  const scoring = league.settings?.scoringSettings?.scoringType ?? undefined;
  const byCategory = scoring !== undefined && CATEGORY_SCORING.has(scoring);
  const current = league.status?.currentMatchupPeriod ?? undefined;
  const matchups: MatchupRecord[] = [];
  for (const entry of league.schedule ?? []) {
    const home = entry.home ?? undefined;
    const away = entry.away ?? undefined;
    if (!home) continue;
    if (!teams.has(home.teamId) || (away && !teams.has(away.teamId))) continue;
    const sides = [home, ...(away ? [away] : [])].map((side) => mapSide(side, byCategory));
    const status = matchupStatus(entry, current);
    const kind = entry.playoffTierType ? KINDS[entry.playoffTierType] : undefined;
    const winner =
      entry.winner === 'HOME' ? home.teamId : entry.winner === 'AWAY' ? away?.teamId : undefined;
    matchups.push({
      period: entry.matchupPeriodId,
      matchupId: String(entry.id),
      sides,
      ...(status ? { status } : {}),
      ...(kind ? { kind } : {}),
      ...(winner !== undefined ? { winnerRosterId: String(winner) } : {}),
    });
  }
  return matchups.sort((a, b) => a.period - b.period || Number(a.matchupId) - Number(b.matchupId));
}

function mapSide(side: EspnMatchupSide, byCategory: boolean): MatchupSide {
  const categories = side.cumulativeScore?.wins ?? undefined;
  const total = side.totalPoints ?? undefined;
  const score = byCategory && categories !== undefined ? categories : total;
  return {
    rosterId: String(side.teamId),
    ...(score !== undefined ? { score: points(score) } : {}),
  };
}

/**
 * Final once ESPN names a winner (HOME, AWAY, TIE); UNDECIDED is under way in the league's
 * current matchup period or before, upcoming after it. Without a current period: no status.
 */
function matchupStatus(
  entry: EspnScheduleEntry,
  current: number | undefined,
): MatchupStatus | undefined {
  if (entry.winner === 'HOME' || entry.winner === 'AWAY' || entry.winner === 'TIE') return 'final';
  if (entry.winner !== 'UNDECIDED' || current === undefined) return undefined;
  return entry.matchupPeriodId > current ? 'upcoming' : 'in_progress';
}

/** draftSettings.type, as ESPN names draft kinds. */
const DRAFT_TYPES: Readonly<Record<string, DraftType>> = {
  SNAKE: 'snake',
  LINEAR: 'linear',
  AUCTION: 'auction',
  OFFLINE: 'offline',
};

/**
 * The season's one draft, keyed by the league id: picks in overall order. A draft not held yet is
 * listed as scheduled with no picks; a body without mDraftDetail's picks has no draft.
 */
export function mapDrafts(league: EspnLeague, teams: ReadonlySet<number>): DraftRecord[] {
  const detail = league.draftDetail;
  // mTeam and mSettings send draftDetail without picks: only mDraftDetail's says who was picked.
  if (!detail?.picks) return [];
  const settings = league.settings?.draftSettings ?? undefined;
  const type = settings?.type ? DRAFT_TYPES[settings.type] : undefined;
  const status: DraftStatus = detail.inProgress
    ? 'in_progress'
    : detail.drafted
      ? 'complete'
      : 'scheduled';
  const picks = detail.picks
    .filter((pick) => teams.has(pick.teamId))
    .sort((a, b) => a.overallPickNumber - b.overallPickNumber)
    .map((pick): DraftPickRecord => {
      // ESPN marks no player with 0 or -1 (team defences are -16xxx); bids count in auctions.
      const playerId = pick.playerId ?? 0;
      const price = pick.bidAmount ?? 0;
      const priced = settings?.type === 'AUCTION' || price > 0;
      return {
        overall: pick.overallPickNumber,
        round: pick.roundId,
        pickInRound: pick.roundPickNumber,
        rosterId: String(pick.teamId),
        ...(playerId !== 0 && playerId !== -1 ? { playerId: String(playerId) } : {}),
        ...(typeof pick.keeper === 'boolean' ? { keeper: pick.keeper } : {}),
        ...(priced && pick.bidAmount != null ? { price: pick.bidAmount } : {}),
      };
    });
  const rounds = Math.max(0, ...detail.picks.map((pick) => pick.roundId));
  const startedAt =
    settings?.date != null && status !== 'scheduled'
      ? new Date(settings.date).toISOString()
      : undefined;
  return [
    {
      draftId: String(league.id),
      ...(type ? { type } : {}),
      status,
      ...(startedAt ? { startedAt } : {}),
      ...(rounds > 0 ? { rounds } : {}),
      picks,
    },
  ];
}
