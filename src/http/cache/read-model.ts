// The ReadModel answered from snapshots in memory: a user's leagues, a league's roster and its
// (platform, sport) player pool with one name index shared by every league of the pool. Answers
// are the same as the repositories' (the HTTP suites run on both); only tokens and the readiness
// ping go to the store every time.
import type { League, Player } from '../../domain/records.ts';
import { compareText } from '../../storage/repositories/leagues.ts';
import type { PoolPlayer } from '../../storage/repositories/players.ts';
import type { ReadModel } from '../read-model.ts';
import type { Snapshots } from './snapshots.ts';

/**
 * `store` answers what is not held in snapshots (tokens: the authenticator caches them briefly
 * itself, so a revocation is seen within its TTL; the readiness ping).
 */
export function createSnapshotReadModel(store: ReadModel, snapshots: Snapshots): ReadModel {
  return {
    findToken: (tokenHash) => store.findToken(tokenHash),
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
    async findPlayer(league, playerId) {
      const [pool, roster] = await Promise.all([
        snapshots.pool(league),
        snapshots.roster(league.leagueId),
      ]);
      const player = pool.byId.get(playerId);
      return player && inLeague(player, roster.get(playerId));
    },
    async searchPlayers(league, name) {
      const [pool, roster] = await Promise.all([
        snapshots.pool(league),
        snapshots.roster(league.leagueId),
      ]);
      const { best, matchCount } = snapshots
        .nameIndex(pool)
        .search(name, (candidate) => roster.has(candidate.playerId));
      return {
        ...(best !== undefined && { best: inLeague(best.player, roster.get(best.playerId)) }),
        matchCount,
      };
    },
    async listRostered(league) {
      const [pool, roster] = await Promise.all([
        snapshots.pool(league),
        snapshots.roster(league.leagueId),
      ]);
      const players: Player[] = [];
      for (const [playerId, rosterId] of roster) {
        // As the repository's join: an entry whose player is missing from the pool is skipped.
        const player = pool.byId.get(playerId);
        if (player !== undefined) players.push(inLeague(player, rosterId));
      }
      return players.sort(
        (a, b) => compareText(a.fullName, b.fullName) || compareText(a.playerId, b.playerId),
      );
    },
    ping: () => store.ping(),
  };
}

/** The pool player as this league shows it: without `active`, with its roster id if rostered. */
function inLeague(player: PoolPlayer, rosterId: string | undefined): Player {
  const shown: Player = {
    playerId: player.playerId,
    sport: player.sport,
    fullName: player.fullName,
  };
  if (player.firstName !== undefined) shown.firstName = player.firstName;
  if (player.lastName !== undefined) shown.lastName = player.lastName;
  if (player.position !== undefined) shown.position = player.position;
  if (player.irlTeam !== undefined) shown.irlTeam = player.irlTeam;
  if (player.uniformNumber !== undefined) shown.uniformNumber = player.uniformNumber;
  if (rosterId !== undefined) shown.fantasyTeamRosterId = rosterId;
  return shown;
}
