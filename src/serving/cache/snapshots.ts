// What the API shows, held in memory per user, league and player pool, and dropped when the
// change feed says the store moved on. Loads are shared by concurrent requests, and a load that
// was running while a change arrived is served to its callers but never kept (the generation
// check), so nothing read before a change outlives the change. A pool is read in pages and its
// name index built in steps, each on its own event-loop turn: with SQLite, one query over a
// 10,000-player pool and its index at once held the loop for 100 ms and more.
import { NameIndex } from '../../domain/name-index.ts';
import { poolKeyOf, poolKeyText } from '../../domain/pools.ts';
import type { Tx } from '../../storage/db.ts';
import {
  findRosterIds,
  findVersionedLeaguesForUser,
  listPoolNamesPaged,
} from '../../storage/repositories/snapshot-reads.ts';
import type {
  PoolKey,
  PoolPaging,
  StoreChanges,
  VersionedLeague,
} from '../../storage/repositories/snapshot-reads.ts';
import { ByteLru } from './lru.ts';

export interface SnapshotLimits {
  /** Bytes (estimated) of users' league lists kept. */
  userBytes: number;
  /** Bytes (estimated) of league rosters kept. */
  rosterBytes: number;
  /** Bytes (estimated) of player pools and their name indexes kept. */
  poolBytes: number;
}

export interface UserLeagues {
  /** In the API's order. */
  readonly leagues: readonly VersionedLeague[];
  readonly byId: ReadonlyMap<number, VersionedLeague>;
}

/** A pool player for the name index (`rostered` stays false: a search applies its league's). */
export interface PoolCandidate {
  playerId: string;
  fullName: string;
  rostered: boolean;
  active: boolean;
}

/** A pool's players and the name index over them, built together when the pool loads. */
export interface PoolSnapshot {
  readonly key: string;
  readonly players: readonly PoolCandidate[];
  readonly index: NameIndex<PoolCandidate>;
}

/**
 * How pools load: `pageRows` players per query, and `between()` awaited after each page and
 * each step of the name index: one event-loop turn (tests pass their own to act in between).
 * 1,000 rows take 1-2 ms to read with SQLite on the 2-core VM, about as long as an index step.
 */
export const DEFAULT_POOL_PAGING: PoolPaging = {
  pageRows: 1000,
  between: () => new Promise((resolve) => setImmediate(resolve)),
};

/** What an invalidation removes: the store's changes, or everything (`all`). */
export type Invalidation = StoreChanges | { all: true };

// Rough heap costs, only to bound memory; RSS is what the benchmark measures.
const USER_BYTES = 256;
const USER_LEAGUE_BYTES = 400;
const ROSTER_BYTES = 128;
const ROSTER_ENTRY_BYTES = 120;
const POOL_PLAYER_BYTES = 120;
const INDEXED_PLAYER_BYTES = 600;

/** What a pool of `players` players counts against the pool budget, its name index included. */
export function poolCost(players: number): number {
  return players * (POOL_PLAYER_BYTES + INDEXED_PLAYER_BYTES);
}

/** The cache key of a pool; a league's pool is `poolCacheKey(poolKeyOf(league))`. */
export const poolCacheKey: (pool: PoolKey) => string = poolKeyText;

/**
 * Pools loaded at once; the others wait their turn. A load's pages and index steps take turns
 * on the one event loop anyway, so more at once finish no sooner, but each holds its pages and
 * half-built index (about 8 MB for 3,000 players): name searches spread over many cold pools
 * (a million leagues on 51 pools, 16 at a time) took RSS to 550 MB, which V8 then kept.
 */
export const POOL_LOADS_AT_ONCE = 2;

export class Snapshots {
  /** Incremented by every invalidation; a load keeps its result only if it did not change. */
  generation = 0;
  private readonly users: ByteLru<number, UserLeagues>;
  /** league_id -> users whose league list is held, to drop those lists when the league changes. */
  private readonly leagueUsers = new Map<number, Set<number>>();
  private readonly rosters: ByteLru<number, ReadonlyMap<string, string>>;
  private readonly pools: ByteLru<string, PoolSnapshot>;
  private readonly loading = new Map<string, Promise<unknown>>();
  private poolLoads = 0;
  private readonly poolLoadTurns: Array<() => void> = [];
  private readonly listeners: Array<(invalidation: Invalidation) => void> = [];
  /** Bytes the pools may hold (SnapshotLimits.poolBytes). */
  readonly poolBudget: number;

  constructor(
    private readonly db: Tx,
    /** The budgets (cacheBudgets in index.ts, from CACHE_MB). */
    limits: SnapshotLimits,
    /**
     * The served seasons (SUPPORTED_SEASONS); undefined serves every season. A league of another
     * season is left out of its users' lists when they load, so no request ever pays for it.
     */
    private readonly seasons?: ReadonlySet<number>,
    private readonly poolPaging: PoolPaging = DEFAULT_POOL_PAGING,
  ) {
    this.users = new ByteLru(limits.userBytes, (userId, state) => {
      for (const { league } of state.leagues) {
        const users = this.leagueUsers.get(league.leagueId);
        users?.delete(userId);
        if (users?.size === 0) this.leagueUsers.delete(league.leagueId);
      }
    });
    this.rosters = new ByteLru(limits.rosterBytes);
    this.pools = new ByteLru(limits.poolBytes);
    this.poolBudget = limits.poolBytes;
  }

  /** Called after every invalidation (the response cache drops what depended on it). */
  onInvalidate(listener: (invalidation: Invalidation) => void): void {
    this.listeners.push(listener);
  }

  /** The user's leagues if held; the hot path checks membership with this, never waiting. */
  heldUserLeagues(userId: number): UserLeagues | undefined {
    return this.users.get(userId);
  }

  userLeagues(userId: number): UserLeagues | Promise<UserLeagues> {
    return (
      this.users.get(userId) ??
      this.load(`u:${userId}`, async () => {
        const stored = await findVersionedLeaguesForUser(this.db, userId);
        const { seasons } = this;
        const leagues =
          seasons === undefined ? stored : stored.filter((v) => seasons.has(v.league.season));
        return { leagues, byId: new Map(leagues.map((v) => [v.league.leagueId, v])) };
      }).then(({ value, generation }) => this.keepUser(userId, value, generation))
    );
  }

  /** player_id -> roster_id in the league. */
  roster(leagueId: number): ReadonlyMap<string, string> | Promise<ReadonlyMap<string, string>> {
    return (
      this.rosters.get(leagueId) ??
      this.load(`r:${leagueId}`, () => findRosterIds(this.db, leagueId)).then(
        ({ value: roster, generation }) => {
          if (generation === this.generation) {
            this.rosters.set(leagueId, roster, ROSTER_BYTES + roster.size * ROSTER_ENTRY_BYTES);
          }
          return roster;
        },
      )
    );
  }

  /** The player pool of a league (domain/pools.ts) or the pool itself, with its name index. */
  pool(of: PoolKey): PoolSnapshot | Promise<PoolSnapshot> {
    const pool = poolKeyOf(of);
    const key = poolCacheKey(pool);
    return (
      this.pools.get(key) ??
      this.load(`p:${key}`, () => this.loadPool(pool, key)).then(({ value, generation }) => {
        if (generation === this.generation) {
          this.pools.set(key, value, poolCost(value.players.length));
        }
        return value;
      })
    );
  }

  invalidate(invalidation: Invalidation): void {
    this.generation += 1;
    // Loads already running finish for their callers; later callers start fresh ones.
    this.loading.clear();
    if ('all' in invalidation) {
      this.users.clear();
      this.rosters.clear();
      this.pools.clear();
    } else {
      for (const leagueId of invalidation.leagueIds) {
        this.rosters.delete(leagueId);
        for (const userId of [...(this.leagueUsers.get(leagueId) ?? [])]) this.users.delete(userId);
      }
      for (const userId of invalidation.userIds) this.users.delete(userId);
      for (const pool of invalidation.pools) this.pools.delete(poolCacheKey(pool));
    }
    for (const listener of this.listeners) listener(invalidation);
  }

  /** Counts for tests and diagnostics. */
  stats(): { users: number; rosters: number; pools: number; bytes: number } {
    return {
      users: this.users.size,
      rosters: this.rosters.size,
      pools: this.pools.size,
      bytes: this.users.bytes + this.rosters.bytes + this.pools.bytes,
    };
  }

  private keepUser(userId: number, state: UserLeagues, generation: number): UserLeagues {
    if (generation !== this.generation) return state;
    this.users.set(userId, state, USER_BYTES + state.leagues.length * USER_LEAGUE_BYTES);
    if (this.users.has(userId)) {
      for (const { league } of state.leagues) {
        let users = this.leagueUsers.get(league.leagueId);
        if (users === undefined) this.leagueUsers.set(league.leagueId, (users = new Set()));
        users.add(userId);
      }
    }
    return state;
  }

  /** Loads the pool when one of the POOL_LOADS_AT_ONCE slots is free. */
  private async loadPool(pool: PoolKey, key: string): Promise<PoolSnapshot> {
    if (this.poolLoads >= POOL_LOADS_AT_ONCE) {
      await new Promise<void>((resolve) => this.poolLoadTurns.push(resolve));
    } else {
      this.poolLoads += 1;
    }
    try {
      return await this.readPool(pool, key);
    } finally {
      // The slot passes straight to the next waiting load, if any.
      const next = this.poolLoadTurns.shift();
      if (next === undefined) this.poolLoads -= 1;
      else next();
    }
  }

  /** Reads the pool in pages, then builds its index in steps, giving the loop a turn after each. */
  private async readPool(pool: PoolKey, key: string): Promise<PoolSnapshot> {
    const names = await listPoolNamesPaged(this.db, pool, this.poolPaging);
    // A literal, not `{ ...name, rostered }`: objects made by a spread got a hidden class each
    // (about 160 bytes a player; a 5,000-player pool's candidates 1.13 MB instead of 0.31).
    const players = names.map((name): PoolCandidate => ({
      playerId: name.playerId,
      fullName: name.fullName,
      rostered: false,
      active: name.active,
    }));
    const steps = NameIndex.inSteps(players);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return { key, players, index: step.value };
      await this.poolPaging.between();
    }
  }

  /** One shared load per key; resolves with the value and the generation it started in. */
  private load<V>(key: string, fetch: () => Promise<V>): Promise<Loaded<V>> {
    const running = this.loading.get(key) as Promise<Loaded<V>> | undefined;
    if (running !== undefined) return running;
    const generation = this.generation;
    const result = fetch().then((value) => ({ value, generation }));
    this.loading.set(key, result);
    const forget = (): void => {
      if (this.loading.get(key) === result) this.loading.delete(key);
    };
    result.then(forget, forget);
    return result;
  }
}

interface Loaded<V> {
  value: V;
  generation: number;
}
