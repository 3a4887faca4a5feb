// The ReadModel answered from snapshots in memory where that pays: a user's leagues (every
// request checks membership), and for name searches a league's roster and its (platform, sport)
// player pool with one name index shared by every league of the pool. One player or one roster
// is a single indexed query, and its rendered answer is cached anyway, so those go to the store
// rather than loading a whole pool (tens of milliseconds, on the event loop with SQLite) for them.
import type { League, Player } from '../../domain/records.ts';
import type { ReadModel } from '../read-model.ts';
import type { Snapshots } from './snapshots.ts';

/**
 * `store` answers what is not held in snapshots: tokens (the authenticator caches them briefly
 * itself, so a revocation is seen within its TTL), single players, rosters, the league data past
 * rosters (its rendered answers are cached), the readiness ping.
 */
export function createSnapshotReadModel(store: ReadModel, snapshots: Snapshots): ReadModel {
  return {
    ...store,
    async findLeagues(userId, query) {
      const { leagues } = await snapshots.userLeagues(userId);
      const found: League[] = [];
      for (const { league } of leagues) {
        if (query.sports.length > 0 && !query.sports.includes(league.sport)) continue;
        if (query.seasons.length > 0 && !query.seasons.includes(league.season)) continue;
        found.push(league);
      }
      return found;
    },
    async findLeague(userId, leagueId) {
      return (await snapshots.userLeagues(userId)).byId.get(leagueId)?.league;
    },
    async searchPlayers(league, name, candidates = 0, position) {
      const [pool, roster, atPosition] = await Promise.all([
        snapshots.pool(league),
        snapshots.roster(league.leagueId),
        // The index holds names only: a position is one read of the ids at it in the pool.
        position === undefined ? undefined : store.findPoolPlayerIdsAt(league, position),
      ]);
      const { best, matchCount, ranked } = pool.index.search(
        name,
        (candidate) => roster.has(candidate.playerId),
        candidates,
        atPosition && ((candidate) => atPosition.has(candidate.playerId)),
      );
      if (best === undefined) return { matchCount };
      // The index holds names only; the players found are read whole (with their roster ids).
      const player = await store.findPlayer(league, best.playerId);
      if (player === undefined) return { matchCount: 0 };
      if (ranked === undefined) return { best: player, matchCount };
      const others = await Promise.all(
        ranked.slice(1).map((candidate) => store.findPlayer(league, candidate.playerId)),
      );
      const found = others.filter((other): other is Player => other !== undefined);
      return { best: player, matchCount, candidates: [player, ...found] };
    },
  };
}
