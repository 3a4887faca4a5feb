// One live refresh of one league: its period in progress read from the platform (the connector's
// own live read, or its full league fetch of which only the period is kept) and written in one
// transaction when it differs from the store (sync/webhook-events.ts: with `league.updated`).
import { poolKeyOf } from '../../domain/pools.ts';
import type {
  LeagueFetchContext,
  PlatformAccount,
  PlatformConnector,
} from '../../platforms/connector.ts';
import type { LiveLeagueContext, LivePeriodSnapshot } from '../../platforms/live.ts';
import type { Store } from '../../storage/db.ts';
import {
  findFinalLineupPeriods,
  findLeagueRules,
  listLineups,
} from '../../storage/repositories/game-reads.ts';
import { CURRENT_LINEUP_PERIOD } from '../../storage/repositories/game.ts';
import { listTeams } from '../../storage/repositories/teams.ts';
import type { LiveCandidate } from '../../storage/repositories/live.ts';
import { loadStoredPlayers } from '../../storage/repositories/players.ts';
import type { LeagueUpdatedPart } from '../../domain/webhooks.ts';
import { writeLivePeriodAndReport } from '../webhook-events.ts';

/** Reads the league's `period` from its platform. */
export async function fetchLivePeriod(
  store: Store,
  connector: PlatformConnector,
  account: PlatformAccount,
  league: LiveCandidate,
  period: number,
  signal?: AbortSignal,
): Promise<LivePeriodSnapshot> {
  const ref = {
    platformLeagueKey: league.platformLeagueKey,
    season: league.season,
    sport: league.sport,
    name: league.name,
  };
  const own = connector.live?.fetchLivePeriod;
  if (own !== undefined) return own(account, ref, period, signal, storedLeague(store, league));
  // The fallback: the whole league as a sync reads it (final periods left out), of which only
  // the period is written; the rest waits for the background sync.
  const pool = poolKeyOf({ ...ref, platform: league.platform });
  const context: LeagueFetchContext = {
    async storedPlayerIds(ids) {
      return new Set((await loadStoredPlayers(store.db, pool, ids)).keys());
    },
    finalLineupPeriods: () => findFinalLineupPeriods(store.db, league.leagueId, false),
    async storedPlayerPositions(ids) {
      const positions = new Map<string, string>();
      for (const [id, player] of await loadStoredPlayers(store.db, pool, ids)) {
        if (player.position !== undefined) positions.set(id, player.position);
      }
      return positions;
    },
  };
  const snapshot = await connector.fetchLeague(account, ref, context, signal);
  return {
    period,
    matchups: (snapshot.activity?.matchups ?? []).filter((m) => m.period === period),
    lineups: (snapshot.game?.lineups ?? []).filter((l) => l.period === period),
  };
}

/** The league as its last full sync stored it, for a connector's live read (platforms/live.ts). */
function storedLeague(store: Store, league: LiveCandidate): LiveLeagueContext {
  return {
    storedRules: () => findLeagueRules(store.db, league.leagueId),
    async storedCurrentLineup() {
      const teams = await listLineups(store.db, league.leagueId, CURRENT_LINEUP_PERIOD);
      return teams.flatMap((team) =>
        team.entries.map(({ playerId, slot, platformSlot }) => ({
          rosterId: team.rosterId,
          playerId,
          slot,
          platformSlot,
        })),
      );
    },
    async storedRosterIds() {
      return new Set((await listTeams(store.db, league.leagueId)).map((team) => team.rosterId));
    },
  };
}

/** Writes what a live read gave; answers the parts that changed (none: nothing written). */
export function writeLiveRefresh(
  store: Store,
  league: LiveCandidate,
  snapshot: LivePeriodSnapshot,
): Promise<LeagueUpdatedPart[]> {
  return writeLivePeriodAndReport(store, {
    leagueId: league.leagueId,
    platform: league.platform,
    sport: league.sport,
    season: league.season,
    period: snapshot.period,
    matchups: snapshot.matchups.filter((m) => m.period === snapshot.period),
    lineups: snapshot.lineups,
    userIds: league.userIds,
  });
}
