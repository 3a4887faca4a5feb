// Everything the HTTP layer reads, behind one object. The default calls the repositories; a
// response cache keyed by each league's data_seq can later wrap it without touching a handler.
// Only leagues of the served seasons (SUPPORTED_SEASONS) exist for the API: a league of another
// season, kept in the store from a wider setting, is neither listed nor found.
import { sql } from 'kysely';
import type { Sport } from '../domain/catalog.ts';
import { NameIndex } from '../domain/name-index.ts';
import type { MatchupRecord } from '../domain/league-data.ts';
import type { FantasyTeamRecord, League, Player } from '../domain/records.ts';
import type { Store } from '../storage/db.ts';
import { findLeagueForUser, findLeaguesForUser } from '../storage/repositories/leagues.ts';
import {
  findPlayerInLeague,
  listLeaguePlayerPool,
  listPoolPlayerIdsAt,
  listRosteredPlayers,
} from '../storage/repositories/players.ts';
import { listMatchups, listTeams } from '../storage/repositories/teams.ts';
import { findTokenByHash } from '../storage/repositories/tokens.ts';
import { findPlayerIdsElsewhere } from '../storage/repositories/crossref.ts';
import type { PlayerIdElsewhere } from '../storage/repositories/crossref.ts';
import { findLeagueSyncTimes, findUserOverview } from '../storage/repositories/user-overview.ts';
import { findLeagueRefreshes } from '../storage/repositories/live.ts';
import type { LeagueRefreshState } from '../storage/repositories/live.ts';
import type { UserOverview } from '../storage/repositories/user-overview.ts';
import { poolKeyOf } from '../domain/pools.ts';
import type { StoredToken } from '../storage/repositories/tokens.ts';
import { readDrafts, readTransactions } from './transaction-reads.ts';
import { readInjuries, readLineups, readRules, readSeasons } from './game-reads.ts';
import type { LeagueSeasonRead, LineupFilter, LineupsAnswer } from './game-reads.ts';
import type { InjuryRecord, LeagueRules } from '../domain/game.ts';
import type { DraftsAnswer, TransactionFilter, TransactionsAnswer } from './transaction-reads.ts';

export interface LeagueQuery {
  /** Empty means every sport. */
  sports: readonly Sport[];
  /** Empty means every served season. */
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
  /** Undefined when the league does not exist, the user is not a member or its season is not served. */
  findLeague(userId: number, leagueId: number): Promise<League | undefined>;
  findPlayer(league: League, playerId: string): Promise<Player | undefined>;
  /** `candidates` > 0 also lists that many players of the best tier (the MCP tool shows them). */
  searchPlayers(
    league: League,
    name: string,
    candidates?: number,
    /** Only players at this position (as stored: `QB`, `K`, `DEF`...). */
    position?: string,
  ): Promise<PlayerSearchResult>;
  /** The ids of the league pool's players at a position. */
  findPoolPlayerIdsAt(league: League, position: string): Promise<ReadonlySet<string>>;
  listRostered(league: League): Promise<Player[]>;
  /** The league's teams with their details, in roster id order. */
  listTeams(league: League): Promise<FantasyTeamRecord[]>;
  /** The league's matchups (of one week when given), by week, then matchup id. */
  listMatchups(league: League, week?: number): Promise<MatchupRecord[]>;
  /** The player's ids on other platforms and data providers, as the stored dumps give them. */
  findPlayerIds(league: League, playerId: string): Promise<PlayerIdElsewhere[]>;
  /** The token's user and their linked accounts. */
  findUserOverview(userId: number): Promise<UserOverview | undefined>;
  /** league id -> when a sync of the user's last read it from its platform. */
  findLeagueSyncTimes(userId: number): Promise<Map<number, string>>;
  /** The live refreshes of these leagues (sync/live/): last and next planned, by league id. */
  findLeagueRefreshes(leagueIds: readonly number[]): Promise<Map<number, LeagueRefreshState>>;
  /** A page of transactions, newest first; undefined when `filter.rosterId` is no team of it. */
  listTransactions(
    league: League,
    filter: TransactionFilter,
  ): Promise<TransactionsAnswer | undefined>;
  listDrafts(league: League): Promise<DraftsAnswer>;
  /** The league's rules; undefined when none are synced. */
  findRules(league: League): Promise<LeagueRules | undefined>;
  /** A week's lineups or the current one; undefined when `filter.rosterId` is no team of it. */
  listLineups(league: League, filter: LineupFilter): Promise<LineupsAnswer | undefined>;
  /** The league's seasons oldest first, with the user's league id of each served one. */
  listSeasons(userId: number, league: League): Promise<LeagueSeasonRead[]>;
  /** The injuries of these players: the league's list, else the pool's. */
  findInjuries(
    league: League,
    playerIds: readonly string[],
  ): Promise<ReadonlyMap<string, InjuryRecord>>;
  /** Resolves when the store answers a trivial query. */
  ping(): Promise<void>;
}

/** `seasons`: the served seasons (config.supportedSeasons). */
export function createStoreReadModel(store: Store, seasons: readonly number[]): ReadModel {
  const { db } = store;
  const served = new Set(seasons);
  return {
    findToken: (tokenHash) => findTokenByHash(db, tokenHash),
    async findLeagues(userId, query) {
      const asked = query.seasons.length > 0 ? query.seasons : seasons;
      const within = asked.filter((season) => served.has(season));
      // An empty filter means every season to the repository: ask nothing instead.
      if (within.length === 0) return [];
      return findLeaguesForUser(db, userId, { sports: query.sports, seasons: within });
    },
    async findLeague(userId, leagueId) {
      const league = await findLeagueForUser(db, userId, leagueId);
      return league !== undefined && served.has(league.season) ? league : undefined;
    },
    findPlayer: (league, playerId) => findPlayerInLeague(db, league, playerId),
    async searchPlayers(league, name, candidates = 0, position) {
      const whole = await listLeaguePlayerPool(db, league);
      const pool =
        position === undefined ? whole : whole.filter((player) => player.position === position);
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
    findPoolPlayerIdsAt: (league, position) => listPoolPlayerIdsAt(db, league, position),
    listTeams: (league) => listTeams(db, league.leagueId),
    listMatchups: (league, week) => listMatchups(db, league.leagueId, week),
    findPlayerIds: (league, playerId) => findPlayerIdsElsewhere(db, poolKeyOf(league), playerId),
    findUserOverview: (userId) => findUserOverview(db, userId),
    findLeagueSyncTimes: (userId) => findLeagueSyncTimes(db, userId),
    findLeagueRefreshes: (leagueIds) => findLeagueRefreshes(db, leagueIds),
    listTransactions: (league, filter) => readTransactions(db, league, filter),
    listDrafts: (league) => readDrafts(db, league),
    findRules: (league) => readRules(db, league),
    listLineups: (league, filter) => readLineups(db, league, filter),
    listSeasons: (userId, league) => readSeasons(db, userId, league, served),
    findInjuries: (league, playerIds) => readInjuries(db, league, playerIds),
    async ping() {
      await sql`select 1`.execute(db);
    },
  };
}
