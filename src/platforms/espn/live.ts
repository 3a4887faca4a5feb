// ESPN's live refreshes (issue 42): a league's matchup period in two calls, the league with its
// scores (views mTeam, mSettings and mMatchupScore: ESPN's scoring period and each matchup's
// totals; no rosters, no draft, no feed) and the period's box score at ESPN's current scoring
// period (mMatchupScore and mBoxscore with scoringPeriodId: every lineup with points). ESPN has no
// state of its own per sport that this service reads: whether games are on is the sport's schedule.
// Football also has a shared read (period-stats.ts): the pool's stats of the week, one read for
// every live league, each scored under its own stored rules (scoring.ts).
import type { LeagueRef, PlatformAccount } from '../connector.ts';
import type { LiveConnector, LivePeriodSnapshot } from '../live.ts';
import type { EspnApi } from './api.ts';
import { leagueRequest } from './discovery.ts';
import { mapMatchups } from './league-activity.ts';
import { lineupPeriods, mapLineups } from './lineups.ts';
import { fetchEspnPeriodStats } from './period-stats.ts';
import { scoreEspnPlayer } from './scoring.ts';

const LIVE_VIEWS = ['mTeam', 'mSettings', 'mMatchupScore'] as const;

export async function espnLivePeriod(
  api: EspnApi,
  account: PlatformAccount,
  ref: LeagueRef,
  period: number,
  signal?: AbortSignal,
): Promise<LivePeriodSnapshot> {
  const request = leagueRequest(account, ref);
  const league = await api.leagueSeason(request, LIVE_VIEWS, signal);
  const teams = new Set((league.teams ?? []).map((team) => team.id));
  const matchups = mapMatchups(league, teams).filter((m) => m.period === period);
  // The scoring period to read the period's lineups at: the latest of it played so far.
  const others = new Set(
    (league.schedule ?? []).map((e) => e.matchupPeriodId).filter((p) => p !== period),
  );
  const asked = lineupPeriods(league, ref.sport, others).find((p) => p.period === period);
  if (asked === undefined) return { period, matchups, lineups: [] };
  const box = await api.boxScore(request, asked, signal);
  return { period, matchups, lineups: mapLineups(box, ref.sport, asked, matchups) };
}

export function espnLive(api: EspnApi): LiveConnector {
  return {
    fetchLivePeriod: (account, ref, period, signal) =>
      espnLivePeriod(api, account, ref, period, signal),
    fetchPeriodStats: (sport, season, period, signal) =>
      fetchEspnPeriodStats(api, sport, season, period, signal),
    scorePlayer: scoreEspnPlayer,
  };
}
