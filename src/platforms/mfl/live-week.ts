// The week under way in a full sync, read as a live refresh reads it (live.ts). MFL's schedule
// scores a week only once it is scored, not during the games: a sync reading the schedule alone
// would put back, between two live refreshes, scores older than theirs. While the league's current
// week is not final the sync also reads TYPE=liveScoring&W= (one call) and takes that week's
// scores and lineups from it, mapped and merged by live.ts's own functions, so a sync right after
// a live refresh writes what the refresh wrote. The call is extra: when it fails, the sync keeps
// the schedule's scores and weeklyResults' lineups, as without it.
import type { TeamLineupRecord } from '../../domain/game.ts';
import type { LeagueActivity } from '../../domain/league-data.ts';
import type { LeagueSnapshot } from '../../domain/records.ts';
import type { LeagueFetchContext } from '../connector.ts';
import { lineupWeeks, starterPositions } from './game-client.ts';
import type { ExportReader } from './game-client.ts';
import { placeStarters } from './lineups.ts';
import { liveLineups, withLiveScores } from './live.ts';
import { compareIds } from './mapping.ts';
import { exportError } from './schemas.ts';

/** A week under way as liveScoring gives it: every team it scores, starters not placed yet. */
export interface LiveWeek {
  week: number;
  lineups: TeamLineupRecord[];
}

/**
 * The league's current week (the one whose lineups the sync reads last) while a game of it is not
 * final; none once it is, or when the schedule does not say which week it is.
 */
export function weekUnderWay(activity: LeagueActivity | undefined): number | undefined {
  const week = lineupWeeks(activity).at(-1);
  if (week === undefined) return undefined;
  const open = activity?.matchups.some((m) => m.period === week && m.status !== 'final');
  return open ? week : undefined;
}

/**
 * https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=liveScoring
 * The week's liveScoring, or undefined when MFL refuses it, the call fails or the body is of
 * another shape: the sync then goes on without it. Only the sync's own abort is passed on.
 */
export async function readLiveWeek(
  read: ExportReader,
  week: number,
  teamIds: ReadonlySet<string>,
  endpoint: string,
  signal: AbortSignal | undefined,
): Promise<LiveWeek | undefined> {
  try {
    const body = await read({ TYPE: 'liveScoring', W: String(week) });
    if (exportError(body) !== undefined) return undefined;
    return { week, lineups: liveLineups(body, week, teamIds, endpoint) };
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}

/**
 * The snapshot with its week under way as a live refresh makes it: the week's games take
 * liveScoring's scores (withLiveScores, the refresh's own merge), and each team liveScoring lists
 * takes its lineup of the week, starters placed by the store's pool as the sync places them (a
 * team it does not list keeps weeklyResults'). The week's lineups are merged only where the sync
 * read them (not when the store holds the week as final).
 */
export async function withLiveWeek(
  snapshot: LeagueSnapshot,
  live: LiveWeek,
  context: LeagueFetchContext,
): Promise<LeagueSnapshot> {
  const { activity, game } = snapshot;
  const inWeek = (period: number) => period === live.week;
  const merged = activity && {
    ...activity,
    matchups: mergeWeek(
      activity.matchups,
      (m) => inWeek(m.period),
      (week) => withLiveScores(week, live.lineups),
    ),
  };
  const lineups = game?.lineups;
  if (game === undefined || lineups === undefined || !lineups.some((l) => inWeek(l.period))) {
    return { ...snapshot, ...(merged && { activity: merged }) };
  }
  const positions = await starterPositions(
    context,
    live.lineups.flatMap((team) => team.entries),
  );
  const slots = game.rules?.rosterSlots ?? [];
  const byTeam = new Map(
    live.lineups.map((team) => [
      team.rosterId,
      { ...team, entries: placeStarters(team.entries, slots, positions) },
    ]),
  );
  const weekLineups = (week: TeamLineupRecord[]) => {
    const kept = week.filter((team) => !byTeam.has(team.rosterId));
    return [...kept, ...byTeam.values()].sort((a, b) => compareIds(a.rosterId, b.rosterId));
  };
  return {
    ...snapshot,
    ...(merged && { activity: merged }),
    game: { ...game, lineups: mergeWeek(lineups, (l) => inWeek(l.period), weekLineups) },
  };
}

/** The list with the records `inWeek` picks replaced by `replace` of them, where the first was. */
function mergeWeek<T>(
  all: readonly T[],
  inWeek: (item: T) => boolean,
  replace: (week: T[]) => T[],
) {
  const at = all.findIndex(inWeek);
  if (at < 0) return [...all];
  const rest = all.slice(at).filter((item) => !inWeek(item));
  return [...all.slice(0, at), ...replace(all.filter(inWeek)), ...rest];
}
