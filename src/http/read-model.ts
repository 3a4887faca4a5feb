// Everything the HTTP layer reads, behind one object. The default calls the repositories; a
// response cache keyed by each league's data_seq can later wrap it without touching a handler.
import { sql } from 'kysely';
import type { Sport } from '../domain/catalog.ts';
import { NameIndex } from '../domain/names.ts';
import type { League, Player } from '../domain/records.ts';
import type { Store } from '../storage/db.ts';
import { findLeagueForUser, findLeaguesForUser } from '../storage/repositories/leagues.ts';
import {
  findPlayerInLeague,
  listLeaguePlayerPool,
  listRosteredPlayers,
} from '../storage/repositories/players.ts';
import { findTokenByHash } from '../storage/repositories/tokens.ts';
import type { StoredToken } from '../storage/repositories/tokens.ts';

export interface LeagueQuery {
  /** Empty means every sport. */
  sports: readonly Sport[];
  /** Empty means every season. */
  seasons: readonly number[];
}

export interface PlayerSearchResult {
  best?: Player;
  /** Players in the best matching tier (see NameIndex). */
  matchCount: number;
  /** When asked for: up to that many players of the tier, best first (best among them). */
  candidates?: Player[];
}

export interface ReadModel {
  findToken(tokenHash: string): Promise<StoredToken | undefined>;
  /** Leagues of the user, ordered season desc, sport, name, league_id. */
  findLeagues(userId: number, query: LeagueQuery): Promise<League[]>;
  /** Undefined when the league does not exist or the user is not a member. */
  findLeague(userId: number, leagueId: number): Promise<League | undefined>;
  findPlayer(league: League, playerId: string): Promise<Player | undefined>;
  /** `candidates` > 0 also lists that many players of the best tier (the MCP tool shows them). */
  searchPlayers(league: League, name: string, candidates?: number): Promise<PlayerSearchResult>;
  listRostered(league: League): Promise<Player[]>;
  /** Resolves when the store answers a trivial query. */
  ping(): Promise<void>;
}

export function createStoreReadModel(store: Store): ReadModel {
  const { db } = store;
  return {
    findToken: (tokenHash) => findTokenByHash(db, tokenHash),
    findLeagues: (userId, query) => findLeaguesForUser(db, userId, query),
    findLeague: (userId, leagueId) => findLeagueForUser(db, userId, leagueId),
    findPlayer: (league, playerId) => findPlayerInLeague(db, league, playerId),
    async searchPlayers(league, name, candidates = 0) {
      const pool = await listLeaguePlayerPool(db, league);
      const index = new NameIndex(
        pool.map((player) => ({
          playerId: player.playerId,
          fullName: player.fullName,
          rostered: player.fantasyTeamRosterId !== undefined,
          active: player.active,
          player,
        })),
      );
      const { best, matchCount, ranked } = index.search(name, undefined, candidates);
      return {
        best: best?.player,
        matchCount,
        ...(ranked && { candidates: ranked.map((candidate) => candidate.player) }),
      };
    },
    listRostered: (league) => listRosteredPlayers(db, league),
    async ping() {
      await sql`select 1`.execute(db);
    },
  };
}
