// Game day's shared read (issue 42): one read of a sport's period stats (every player's) for all
// the live leagues of a platform, sport, season and period, then each league rescored from the
// store with no call of its own: the period's stored lineups, the players whose stats moved since
// the previous shared read given points under the league's stored rules (the connector's
// scorePlayer), each team's points the sum of its starters', its matchup side's score the same.
// Only players whose stats moved are rescored: the others keep the points the store holds (the
// platform's own, from the league's last own read), so when the games end and the stats stop
// moving, the platform's points stay and nothing flip-flops between theirs and ours.
import { slotGroup } from '../../domain/game.ts';
import type { LineupEntryRecord, TeamLineupRecord } from '../../domain/game.ts';
import type { MatchupRecord } from '../../domain/league-data.ts';
import { poolKeyOf } from '../../domain/pools.ts';
import type { LeagueUpdatedPart } from '../../domain/webhooks.ts';
import type { LiveConnector, PeriodStats } from '../../platforms/live.ts';
import { inOneTransaction } from '../../storage/db.ts';
import type { Store } from '../../storage/db.ts';
import { findLeagueRules, listLineups } from '../../storage/repositories/game-reads.ts';
import { lockLeagueForWrite } from '../../storage/repositories/live.ts';
import type { LiveCandidate } from '../../storage/repositories/live.ts';
import { loadStoredPlayers } from '../../storage/repositories/players.ts';
import { listMatchups } from '../../storage/repositories/teams.ts';
import { writeLiveRefresh } from './refresh.ts';

export type ScorePlayer = NonNullable<LiveConnector['scorePlayer']>;

/**
 * What a shared read did with one league. rescored: its stored period rescored (`changed` empty:
 * nothing moved, nothing written); unscorable: no stored rules, or rules scorePlayer cannot apply
 * (the league keeps its own reads only); no_lineups: no stored lineups of the period yet (its own
 * read brings them).
 */
export type RescoreOutcome =
  | { kind: 'rescored'; changed: LeagueUpdatedPart[] }
  | { kind: 'unscorable' }
  | { kind: 'no_lineups' };

/** The players whose stats differ from the previous read's (every player on a first read). */
export function changedPlayers(
  previous: PeriodStats | undefined,
  next: PeriodStats,
): ReadonlySet<string> {
  if (previous === undefined || previous.period !== next.period)
    return new Set(next.players.keys());
  const changed = new Set<string>();
  for (const [playerId, line] of next.players) {
    const was = previous.players.get(playerId);
    if (was === undefined || !sameStats(was, line)) changed.add(playerId);
  }
  return changed;
}

function sameStats(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Float noise off a sum of points (each as its platform rounds it). */
const roundSum = (points: number): number => Math.round(points * 1e6) / 1e6;

const entryKey = (rosterId: string, playerId: string): string => `${rosterId}/${playerId}`;

/**
 * The period with the given entries' points replaced (by roster/player); a team holding a starter
 * among them gets its points summed again from its starters, and its matchup side that score.
 * Teams with no such starter keep their stored points.
 */
export function rescorePeriod(
  lineups: readonly TeamLineupRecord[],
  matchups: readonly MatchupRecord[],
  points: ReadonlyMap<string, number>,
): { lineups: TeamLineupRecord[]; matchups: MatchupRecord[] } {
  const teamPoints = new Map<string, number>();
  const rescored = lineups.map((lineup) => {
    let startersMoved = false;
    const entries = lineup.entries.map((entry): LineupEntryRecord => {
      const now = points.get(entryKey(lineup.rosterId, entry.playerId));
      if (now === undefined) return entry;
      if (slotGroup(entry.slot) === 'starter') startersMoved = true;
      return { ...entry, points: now };
    });
    if (!startersMoved) return { ...lineup, entries };
    const total = roundSum(
      entries
        .filter((entry) => slotGroup(entry.slot) === 'starter')
        .reduce((sum, entry) => sum + (entry.points ?? 0), 0),
    );
    teamPoints.set(lineup.rosterId, total);
    return { ...lineup, points: total, entries };
  });
  return {
    lineups: rescored,
    matchups: matchups.map((matchup) => ({
      ...matchup,
      sides: matchup.sides.map((side) => {
        const score = teamPoints.get(side.rosterId);
        return score === undefined ? side : { ...side, score };
      }),
    })),
  };
}

/**
 * Rescores one league's period from `stats`, for the players in `changed`, and writes it through
 * the live write (compared with the store in one transaction; unchanged writes nothing). The
 * lineups are read again inside that transaction, the league's row held, so an own read of the
 * league written meanwhile (another lineup) is what gets rescored, never written over.
 */
export async function rescoreLeague(
  store: Store,
  score: ScorePlayer,
  league: LiveCandidate,
  stats: PeriodStats,
  changed: ReadonlySet<string>,
): Promise<RescoreOutcome> {
  const rules = await findLeagueRules(store.db, league.leagueId);
  if (rules === undefined) return { kind: 'unscorable' };
  const stored = await listLineups(store.db, league.leagueId, stats.period);
  const anyone = stored.flatMap((lineup) => lineup.entries)[0];
  if (anyone === undefined) return { kind: 'no_lineups' };
  // Whether the rules can be applied at all, asked before anything moved (and of every league,
  // so one whose players are idle is still known to be rescored by the shared read).
  const probe = {
    playerId: anyone.playerId,
    platformSlot: anyone.platformSlot,
    period: stats.period,
  };
  if (score({}, rules, probe) === undefined) return { kind: 'unscorable' };
  const moved = stored.flatMap((lineup) =>
    lineup.entries.filter((e) => changed.has(e.playerId) && stats.players.has(e.playerId)),
  );
  if (moved.length === 0) return { kind: 'rescored', changed: [] };
  const pool = poolKeyOf(league);
  const players = await loadStoredPlayers(
    store.db,
    pool,
    moved.map((entry) => entry.playerId),
  );
  return inOneTransaction(store, async (tx) => {
    await lockLeagueForWrite(tx, league.leagueId);
    const lineups = await listLineups(tx.db, league.leagueId, stats.period);
    const points = new Map<string, number>();
    for (const lineup of lineups) {
      for (const entry of lineup.entries) {
        const line = changed.has(entry.playerId) ? stats.players.get(entry.playerId) : undefined;
        if (line === undefined) continue;
        const position = players.get(entry.playerId)?.position;
        const value = score(line, rules, {
          playerId: entry.playerId,
          platformSlot: entry.platformSlot,
          period: stats.period,
          ...(position !== undefined && { position }),
        });
        if (value === undefined) return { kind: 'unscorable' } as const;
        points.set(entryKey(lineup.rosterId, entry.playerId), value);
      }
    }
    const matchups = await listMatchups(tx.db, league.leagueId, stats.period);
    const period = rescorePeriod(lineups, matchups, points);
    const written = await writeLiveRefresh(tx, league, { period: stats.period, ...period });
    return { kind: 'rescored', changed: written } as const;
  });
}
