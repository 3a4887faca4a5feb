// The reads behind the game's operations, over the repositories: a week's lineups (or the
// current lineup) with the pool's facts and injuries of their players, a league's seasons with
// the ids this service serves them by, and one player's injury.
import type { InjuryRecord, LeagueRules, TeamLineupRecord } from '../domain/game.ts';
import type { League } from '../domain/records.ts';
import type { Tx } from '../storage/db.ts';
import {
  findInjuries,
  findListedInjuries,
  findLeagueRules,
  listLeagueSeasons,
  listLineups,
} from '../storage/repositories/game-reads.ts';
import type { LeagueSeasonRead } from '../storage/repositories/game-reads.ts';
import { CURRENT_LINEUP_PERIOD } from '../storage/repositories/game.ts';
import { loadStoredPlayers } from '../storage/repositories/players.ts';
import { leagueHasTeam } from '../storage/repositories/transactions.ts';
import { poolKeyOf } from '../domain/pools.ts';
import type { LineupPlayerFacts } from './game-schemas.ts';

export type { LeagueSeasonRead } from '../storage/repositories/game-reads.ts';

export interface LineupFilter {
  /** Absent: the current lineup. */
  week?: number;
  rosterId?: string;
}

export interface LineupsAnswer {
  lineups: TeamLineupRecord[];
  /** player_id -> the pool's facts, for the lineups' players the league's pool holds. */
  players: ReadonlyMap<string, LineupPlayerFacts>;
  /** player_id -> injury, for the lineups' hurt players. */
  injuries: ReadonlyMap<string, InjuryRecord>;
}

export function readRules(db: Tx, league: League): Promise<LeagueRules | undefined> {
  return findLeagueRules(db, league.leagueId);
}

/** Undefined when `filter.rosterId` names no team of the league. */
export async function readLineups(
  db: Tx,
  league: League,
  filter: LineupFilter,
): Promise<LineupsAnswer | undefined> {
  if (
    filter.rosterId !== undefined &&
    !(await leagueHasTeam(db, league.leagueId, filter.rosterId))
  ) {
    return undefined;
  }
  const lineups = await listLineups(
    db,
    league.leagueId,
    filter.week ?? CURRENT_LINEUP_PERIOD,
    filter.rosterId,
  );
  const ids = [...new Set(lineups.flatMap((lineup) => lineup.entries.map((e) => e.playerId)))];
  const stored = await loadStoredPlayers(db, poolKeyOf(league), ids);
  const players = new Map<string, LineupPlayerFacts>();
  // The pool's injuries come with its players (one read, not two); the league's own list wins.
  const injuries = new Map<string, InjuryRecord>();
  for (const [id, player] of stored) {
    players.set(id, {
      fullName: player.fullName,
      ...(player.position !== undefined && { position: player.position }),
      ...(player.irlTeam !== undefined && { irlTeam: player.irlTeam }),
    });
    if (player.injury !== undefined) injuries.set(id, { playerId: id, ...player.injury });
  }
  for (const [id, injury] of await findListedInjuries(db, league.leagueId, ids)) {
    injuries.set(id, injury);
  }
  return { lineups, players, injuries };
}

/** The league's seasons, oldest first; a league id only for a season the service serves. */
export async function readSeasons(
  db: Tx,
  userId: number,
  league: League,
  served: ReadonlySet<number>,
): Promise<LeagueSeasonRead[]> {
  const seasons = await listLeagueSeasons(db, userId, league.leagueId);
  return seasons.map((season) => {
    if (season.leagueId === undefined || served.has(season.season)) return season;
    return { season: season.season, platformLeagueKey: season.platformLeagueKey };
  });
}

export async function readInjuries(
  db: Tx,
  league: League,
  playerIds: readonly string[],
): Promise<ReadonlyMap<string, InjuryRecord>> {
  return findInjuries(db, league, playerIds);
}
