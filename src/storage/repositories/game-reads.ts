// Reads of a league's game (migration 019) for the API and the sync engine: the rules, one
// period's lineups, injuries of given players, the league's seasons with the ids this service
// gives them, and which periods' lineups are final. Every query is led by the league's id.
import type { Selectable } from 'kysely';
import type { Platform } from '../../domain/catalog.ts';
import type {
  InjuryRecord,
  InjuryStatus,
  LeagueRules,
  TeamLineupRecord,
} from '../../domain/game.ts';
import { comparePlayerIds } from '../../domain/names.ts';
import { poolKeyOf } from '../../domain/pools.ts';
import type { League } from '../../domain/records.ts';
import type { Tx } from '../db.ts';
import type { LineupsTable } from '../schema.ts';
import type { StoredLineupEntry } from './game.ts';

const ID_CHUNK = 500;

export async function findLeagueRules(db: Tx, leagueId: number): Promise<LeagueRules | undefined> {
  const row = await db
    .selectFrom('league_rules')
    .select('rules')
    .where('league_id', '=', leagueId)
    .executeTakeFirst();
  // Written by writeLeagueGame from checked records: the shape is ours.
  return row && (JSON.parse(row.rules) as LeagueRules);
}

/** One period's lineups (period 0: the current lineup), of one team when given, by roster id. */
export async function listLineups(
  db: Tx,
  leagueId: number,
  period: number,
  rosterId?: string,
): Promise<TeamLineupRecord[]> {
  let query = db
    .selectFrom('lineups')
    .selectAll()
    .where('league_id', '=', leagueId)
    .where('period', '=', period);
  if (rosterId !== undefined) query = query.where('roster_id', '=', rosterId);
  const rows = await query.execute();
  return rows.map(toLineup).sort((a, b) => comparePlayerIds(a.rosterId, b.rosterId));
}

function toLineup(row: Selectable<LineupsTable>): TeamLineupRecord {
  return {
    period: row.period,
    rosterId: row.roster_id,
    ...(row.points !== null && { points: Number(row.points) }),
    ...(row.projected_points !== null && { projectedPoints: Number(row.projected_points) }),
    entries: JSON.parse(row.entries) as StoredLineupEntry[],
  };
}

/**
 * The injuries of the given players: the league's own list where it names them, else what the
 * league's pool says of them (a platform whose player list carries injuries, like Sleeper's).
 */
export async function findInjuries(
  db: Tx,
  league: League,
  playerIds: Iterable<string>,
): Promise<Map<string, InjuryRecord>> {
  const wanted = [...new Set(playerIds)];
  const pool = poolKeyOf(league);
  const found = new Map<string, InjuryRecord>();
  for (let start = 0; start < wanted.length; start += ID_CHUNK) {
    const ids = wanted.slice(start, start + ID_CHUNK);
    const pooled = await db
      .selectFrom('players')
      .select(['player_id', 'injury_status', 'injury_designation', 'injury_note'])
      .where('platform', '=', pool.platform)
      .where('sport', '=', pool.sport)
      .where('season', '=', pool.season)
      .where('player_id', 'in', ids)
      .where('injury_status', 'is not', null)
      .execute();
    for (const row of pooled) {
      found.set(
        row.player_id,
        toInjury({
          player_id: row.player_id,
          status: row.injury_status ?? 'other',
          designation: row.injury_designation ?? '',
          note: row.injury_note,
        }),
      );
    }
    for (const [id, injury] of await findListedInjuries(db, league.leagueId, ids)) {
      found.set(id, injury);
    }
  }
  return found;
}

/** The injuries the league's own list names among these players (without the pool's). */
export async function findListedInjuries(
  db: Tx,
  leagueId: number,
  playerIds: readonly string[],
): Promise<Map<string, InjuryRecord>> {
  const found = new Map<string, InjuryRecord>();
  for (let start = 0; start < playerIds.length; start += ID_CHUNK) {
    const listed = await db
      .selectFrom('league_injuries')
      .select(['player_id', 'status', 'designation', 'note'])
      .where('league_id', '=', leagueId)
      .where('player_id', 'in', playerIds.slice(start, start + ID_CHUNK))
      .execute();
    for (const row of listed) found.set(row.player_id, toInjury(row));
  }
  return found;
}

function toInjury(row: {
  player_id: string;
  status: string;
  designation: string;
  note: string | null;
}): InjuryRecord {
  return {
    playerId: row.player_id,
    status: row.status as InjuryStatus,
    designation: row.designation,
    ...(row.note !== null && { note: row.note }),
  };
}

/** One season of the league, with the id of its league in this store for the user, if any. */
export interface LeagueSeasonRead {
  season: number;
  platformLeagueKey: string;
  /** The service's id of that season's league when the user is a member of it. */
  leagueId?: number;
}

/** The league's seasons oldest first; only its own season when its platform linked none. */
export async function listLeagueSeasons(
  db: Tx,
  userId: number,
  leagueId: number,
): Promise<LeagueSeasonRead[]> {
  const league = await db
    .selectFrom('leagues')
    .select(['platform', 'platform_league_key', 'season'])
    .where('id', '=', leagueId)
    .executeTakeFirst();
  if (league === undefined) return [];
  const rows = await db
    .selectFrom('league_seasons')
    .select(['season', 'platform_league_key'])
    .where('league_id', '=', leagueId)
    .execute();
  const seasons =
    rows.length > 0
      ? rows
      : [{ season: league.season, platform_league_key: league.platform_league_key }];
  const result: LeagueSeasonRead[] = [];
  for (const row of seasons.sort((a, b) => a.season - b.season)) {
    const member = await findMemberLeague(db, userId, league.platform as Platform, row);
    result.push({
      season: row.season,
      platformLeagueKey: row.platform_league_key,
      ...(member !== undefined && { leagueId: member }),
    });
  }
  return result;
}

/** A league's id by its unique key, when the user is a member of it (one look-up per season). */
async function findMemberLeague(
  db: Tx,
  userId: number,
  platform: Platform,
  key: { season: number; platform_league_key: string },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('leagues')
    .innerJoin('league_members', 'league_members.league_id', 'leagues.id')
    .select('leagues.id')
    .where('leagues.platform', '=', platform)
    .where('leagues.platform_league_key', '=', key.platform_league_key)
    .where('leagues.season', '=', key.season)
    .where('league_members.user_id', '=', userId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The periods whose lineups are stored and final: every stored matchup of the period `final`,
 * or, for a period with no matchup stored, the league's season over (`seasonOver`). The current
 * lineup (period 0) is never final.
 */
export async function findFinalLineupPeriods(
  db: Tx,
  leagueId: number,
  seasonOver: boolean,
): Promise<Set<number>> {
  const stored = await db
    .selectFrom('lineups')
    .select('period')
    .distinct()
    .where('league_id', '=', leagueId)
    .where('period', '>', 0)
    .execute();
  const matchups = await db
    .selectFrom('matchups')
    .select(['week', 'status'])
    .where('league_id', '=', leagueId)
    .execute();
  const open = new Set<number>();
  const scheduled = new Set<number>();
  for (const matchup of matchups) {
    scheduled.add(matchup.week);
    if (matchup.status !== 'final') open.add(matchup.week);
  }
  const final = new Set<number>();
  for (const { period } of stored) {
    if (scheduled.has(period) ? !open.has(period) : seasonOver) final.add(period);
  }
  return final;
}
