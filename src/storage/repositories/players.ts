// Players: a pool (platform, sport and, where the platform lists players per season, season; see
// domain/pools.ts) shared by every league of it, plus the roster entries that say which fantasy
// team of one league holds whom.
import type { Selectable } from 'kysely';
import type { Sport } from '../../domain/catalog.ts';
import type { InjuryStatus } from '../../domain/game.ts';
import { poolKeyOf } from '../../domain/pools.ts';
import type { PoolKey } from '../../domain/pools.ts';
import type { League, Player, PlayerRecord } from '../../domain/records.ts';
import type { Tx } from '../db.ts';
import type { PlayersTable } from '../schema.ts';
import { compareText } from '../../domain/order.ts';

export interface PoolPlayer extends Player {
  active: boolean;
}

const COLUMNS = [
  'players.player_id',
  'players.sport',
  'players.full_name',
  'players.first_name',
  'players.last_name',
  'players.position',
  'players.irl_team',
  'players.uniform_number',
  'players.active',
  'roster_entries.roster_id',
] as const;

type PlayerRow = Omit<
  Selectable<PlayersTable>,
  'platform' | 'season' | 'injury_status' | 'injury_designation' | 'injury_note'
> & {
  roster_id: string | null;
};

/** The API's Player with `active`, which breaks name-match ties (one mapper: toPlayer). */
function toPoolPlayer(row: PlayerRow): PoolPlayer {
  const player = toPlayer(row) as PoolPlayer;
  player.active = Number(row.active) === 1;
  return player;
}

/**
 * The API's Player (no `active`: it only breaks name-match ties), one object built in place:
 * spreads made about ten objects per player, most of what a burst of cold rostered maps promoted
 * to old space (docs/performance.md, Memory).
 */
function toPlayer(row: PlayerRow): Player {
  const player: Player = { playerId: row.player_id, fullName: row.full_name } as Player;
  if (row.first_name !== null) player.firstName = row.first_name;
  if (row.last_name !== null) player.lastName = row.last_name;
  if (row.position !== null) player.position = row.position;
  if (row.irl_team !== null) player.irlTeam = row.irl_team;
  if (row.uniform_number !== null) player.uniformNumber = row.uniform_number;
  player.sport = row.sport as Sport;
  if (row.roster_id !== null) player.fantasyTeamRosterId = row.roster_id;
  return player;
}

/** The league's pool joined with the league's own roster entries (one query, both by primary key). */
function poolQuery(db: Tx, league: League) {
  const pool = poolKeyOf(league);
  return db
    .selectFrom('players')
    .leftJoin('roster_entries', (join) =>
      join
        .onRef('roster_entries.player_id', '=', 'players.player_id')
        .on('roster_entries.league_id', '=', league.leagueId),
    )
    .select(COLUMNS)
    .where('players.platform', '=', pool.platform)
    .where('players.sport', '=', pool.sport)
    .where('players.season', '=', pool.season);
}

/** Any player of the league's pool, rostered in this league or not. */
export async function findPlayerInLeague(
  db: Tx,
  league: League,
  playerId: string,
): Promise<Player | undefined> {
  const row = await poolQuery(db, league)
    .where('players.player_id', '=', playerId)
    .executeTakeFirst();
  return row && toPlayer(row);
}

/** The ids of the league pool's players at a position (as stored: `QB`, `K`, `DEF`...). */
export async function listPoolPlayerIdsAt(
  db: Tx,
  league: League,
  position: string,
): Promise<Set<string>> {
  const pool = poolKeyOf(league);
  const rows = await db
    .selectFrom('players')
    .select('player_id')
    .where('platform', '=', pool.platform)
    .where('sport', '=', pool.sport)
    .where('season', '=', pool.season)
    .where('position', '=', position)
    .execute();
  return new Set(rows.map((row) => row.player_id));
}

export async function listLeaguePlayerPool(db: Tx, league: League): Promise<PoolPlayer[]> {
  const rows = await poolQuery(db, league).orderBy('players.player_id').execute();
  return rows.map(toPoolPlayer);
}

/** Ordered by full name, then player id (sorted here so both backends agree; see compareText). */
export async function listRosteredPlayers(db: Tx, league: League): Promise<Player[]> {
  // CROSS JOIN makes SQLite walk the league's few roster entries and look each player up by
  // primary key; with an inner join and no statistics it scanned the whole pool instead.
  // PostgreSQL plans a cross join with these conditions like any inner join.
  const pool = poolKeyOf(league);
  const rows = await db
    .selectFrom('roster_entries')
    .crossJoin('players')
    .select(COLUMNS)
    .where('roster_entries.league_id', '=', league.leagueId)
    .where('players.platform', '=', pool.platform)
    .where('players.sport', '=', pool.sport)
    .where('players.season', '=', pool.season)
    .whereRef('players.player_id', '=', 'roster_entries.player_id')
    .execute();
  return rows
    .map(toPlayer)
    .sort((a, b) => compareText(a.fullName, b.fullName) || compareText(a.playerId, b.playerId));
}

// Well under both backends' bound-parameter limits (SQLite 32766, PostgreSQL 65535) at 10 columns.
const CHUNK = 500;

type PlayerInsert = Omit<Selectable<PlayersTable>, never>;

function toPlayerRow(pool: PoolKey, p: PlayerRecord): PlayerInsert {
  return {
    platform: pool.platform,
    sport: pool.sport,
    season: pool.season,
    player_id: p.playerId,
    full_name: p.fullName,
    first_name: p.firstName || null,
    last_name: p.lastName || null,
    position: p.position || null,
    irl_team: p.irlTeam || null,
    uniform_number: p.uniformNumber || null,
    active: p.active ? 1 : 0,
    injury_status: p.injury?.status ?? null,
    injury_designation: p.injury?.designation ?? null,
    injury_note: p.injury?.note || null,
  };
}

const UPDATED_COLUMNS = [
  'full_name',
  'first_name',
  'last_name',
  'position',
  'irl_team',
  'uniform_number',
  'active',
  'injury_status',
  'injury_designation',
  'injury_note',
] as const;

/**
 * Which of the given players the pool lacks and which it holds differently. Read-only, so a
 * caller can learn that nothing needs writing without taking any lock.
 */
export async function diffPlayers(
  db: Tx,
  pool: PoolKey,
  players: readonly PlayerRecord[],
): Promise<{ added: PlayerRecord[]; changed: PlayerRecord[] }> {
  const added: PlayerRecord[] = [];
  const changed: PlayerRecord[] = [];
  for (let start = 0; start < players.length; start += CHUNK) {
    const chunk = players.slice(start, start + CHUNK);
    const rows = await db
      .selectFrom('players')
      .selectAll()
      .where('platform', '=', pool.platform)
      .where('sport', '=', pool.sport)
      .where('season', '=', pool.season)
      .where(
        'player_id',
        'in',
        chunk.map((p) => p.playerId),
      )
      .execute();
    const stored = new Map(rows.map((row) => [row.player_id, row]));
    for (const player of chunk) {
      const row = stored.get(player.playerId);
      if (!row) {
        added.push(player);
        continue;
      }
      const wanted = toPlayerRow(pool, player);
      const differs = UPDATED_COLUMNS.some((column) =>
        // A driver may hand the 0/1 integer back in another numeric form; compare its value.
        column === 'active' ? Number(row.active) !== wanted.active : row[column] !== wanted[column],
      );
      if (differs) {
        changed.push(player);
      }
    }
  }
  return { added, changed };
}

/**
 * Inserts or updates players of one pool; never deletes (a rostered player a platform's dump
 * leaves out must stay). Returns how many rows actually changed: rows already equal are skipped
 * by the WHERE, so an identical re-write changes nothing.
 */
export async function upsertPlayers(
  tx: Tx,
  pool: PoolKey,
  players: readonly PlayerRecord[],
): Promise<number> {
  // Sorted so that concurrent writers lock rows in the same order (no PostgreSQL deadlocks).
  const rows = players
    .map((p) => toPlayerRow(pool, p))
    .sort((a, b) => compareText(a.player_id, b.player_id));
  let changed = 0;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const result = await tx
      .insertInto('players')
      .values(rows.slice(start, start + CHUNK))
      .onConflict((oc) =>
        oc
          .columns(['platform', 'sport', 'season', 'player_id'])
          .doUpdateSet((eb) => ({
            full_name: eb.ref('excluded.full_name'),
            first_name: eb.ref('excluded.first_name'),
            last_name: eb.ref('excluded.last_name'),
            position: eb.ref('excluded.position'),
            irl_team: eb.ref('excluded.irl_team'),
            uniform_number: eb.ref('excluded.uniform_number'),
            active: eb.ref('excluded.active'),
            injury_status: eb.ref('excluded.injury_status'),
            injury_designation: eb.ref('excluded.injury_designation'),
            injury_note: eb.ref('excluded.injury_note'),
          }))
          .where((eb) =>
            eb.or(
              UPDATED_COLUMNS.map((column) =>
                eb(`players.${column}`, 'is distinct from', eb.ref(`excluded.${column}`)),
              ),
            ),
          ),
      )
      .executeTakeFirst();
    changed += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return changed;
}

const ID_CHUNK = 500;

/** The stored records of the given players of one pool, by id (chunked under parameter limits). */
export async function loadStoredPlayers(
  db: Tx,
  pool: PoolKey,
  ids: readonly string[],
): Promise<Map<string, PlayerRecord>> {
  const found = new Map<string, PlayerRecord>();
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    const rows = await db
      .selectFrom('players')
      .selectAll()
      .where('platform', '=', pool.platform)
      .where('sport', '=', pool.sport)
      .where('season', '=', pool.season)
      .where('player_id', 'in', ids.slice(start, start + ID_CHUNK))
      .execute();
    for (const row of rows) found.set(row.player_id, toPlayerRecord(row));
  }
  return found;
}

function toPlayerRecord(
  row: Omit<Selectable<PlayersTable>, 'platform' | 'sport' | 'season'>,
): PlayerRecord {
  return {
    playerId: row.player_id,
    fullName: row.full_name,
    ...(row.first_name !== null && { firstName: row.first_name }),
    ...(row.last_name !== null && { lastName: row.last_name }),
    ...(row.position !== null && { position: row.position }),
    ...(row.irl_team !== null && { irlTeam: row.irl_team }),
    ...(row.uniform_number !== null && { uniformNumber: row.uniform_number }),
    active: Number(row.active) === 1,
    ...(row.injury_status !== null && {
      injury: {
        status: row.injury_status as InjuryStatus,
        designation: row.injury_designation ?? '',
        ...(row.injury_note !== null && { note: row.injury_note }),
      },
    }),
  };
}
