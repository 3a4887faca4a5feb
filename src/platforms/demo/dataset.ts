// Large generated datasets for benchmarks: the demo generator at any size, optionally spread over
// several platforms' names, built in one pass with in-place draws so 10,000 leagues over 50,000
// players per sport take seconds, not minutes.
import { PLATFORMS, SPORTS } from '../../domain/catalog.ts';
import type { Platform, Sport } from '../../domain/catalog.ts';
import { EVERY_SEASON, hasSeasonalPools, poolKeyOf } from '../../domain/pools.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot } from '../../domain/records.ts';
import { addLeagueActivity } from './activity.ts';
import type { LeagueFeatures, PoolFacts } from './activity.ts';
import { lastPeriod, seasonCalendar } from './calendar.ts';
import { SeasonForm } from './form.ts';
import { addLeagueGame } from './game.ts';
import { generateLeague } from './leagues.ts';
import { LEAGUE_WORDS } from './name-lists.ts';
import { generatePool, minimumPoolSize } from './players.ts';
import { rngFor } from './random.ts';
import type { GameStyle } from './rules.ts';
import { SPORT_PROFILES } from './sports.ts';

/** The seasons generated leagues are spread over: the demo's own, the specification's 2017-2021. */
export const DATASET_SEASONS: readonly number[] = [2017, 2018, 2019, 2020, 2021];

export interface DemoDatasetOptions {
  seed: number;
  /** Number of leagues, spread round-robin over platforms, then sports, then seasons. */
  leagues: number;
  /**
   * Players per sport in total, split evenly over the platforms and, for platforms whose pools
   * are per season, over the seasons (each pool gets its share, never less than the few dozen the
   * hard cases and team defences need).
   */
  playersPerSport: number;
  /** Platforms whose names the pools and leagues carry; default ['demo']. */
  platforms?: readonly Platform[];
  /**
   * Also each league's data as the demo's own leagues have it (activity.ts: team details,
   * matchups, transactions, a draft); default false, leagues and pools only.
   */
  activity?: boolean;
  /**
   * Also each league's game (game.ts: rules, lineups of every played period, the current lineup,
   * injuries); needs `activity`. Default false.
   */
  game?: boolean;
}

export interface DemoDataset {
  pools: PlayerPoolSnapshot[];
  leagues: LeagueSnapshot[];
}

export function generateDemoDataset(options: DemoDatasetOptions): DemoDataset {
  const platforms = options.platforms ?? ['demo'];
  if (platforms.length === 0 || platforms.some((p) => !PLATFORMS.includes(p))) {
    throw new RangeError('platforms must list at least one known platform');
  }
  if (new Set(platforms).size !== platforms.length) {
    throw new RangeError('platforms must not repeat');
  }
  for (const field of ['leagues', 'playersPerSport'] as const) {
    if (!Number.isSafeInteger(options[field]) || options[field] < 0) {
      throw new RangeError(`${field} must be a whole number of zero or more`);
    }
  }

  if (options.game === true && options.activity !== true) {
    throw new RangeError('game needs activity');
  }

  const pools: PlayerPoolSnapshot[] = [];
  const draftable = new Map<string, Map<string, string[]>>();
  const facts = new Map<string, PoolFacts>();
  platforms.forEach((platform, p) => {
    const poolSeasons = hasSeasonalPools(platform) ? DATASET_SEASONS : [EVERY_SEASON];
    for (const sport of SPORTS) {
      const profile = SPORT_PROFILES[sport];
      const share =
        Math.floor(options.playersPerSport / platforms.length) +
        (p < options.playersPerSport % platforms.length ? 1 : 0);
      for (const season of poolSeasons) {
        const size = Math.max(Math.floor(share / poolSeasons.length), minimumPoolSize(profile));
        const name =
          season === EVERY_SEASON ? `${platform}:${sport}` : `${platform}:${sport}:${season}`;
        const pool = generatePool(profile, size, rngFor(options.seed, `pool:${name}`));
        pools.push({ platform, sport, season, players: pool.players });
        draftable.set(`${platform}:${sport}:${season}`, pool.draftable);
        if (options.activity === true) {
          // Taken before the leagues draw from `draftable` in place.
          const canBeDrafted = new Set([...pool.draftable.values()].flat());
          facts.set(`${platform}:${sport}:${season}`, {
            positions: new Map(pool.players.map((p) => [p.playerId, p.position ?? ''])),
            draftable: pool.players.map((p) => p.playerId).filter((id) => canBeDrafted.has(id)),
          });
        }
      }
    }
  });

  const forms = new Map<string, SeasonForm>();
  const leagues: LeagueSnapshot[] = [];
  for (let i = 0; i < options.leagues; i++) {
    const platform = platforms[i % platforms.length] as Platform;
    const round = Math.floor(i / platforms.length);
    const sport = SPORTS[round % SPORTS.length] as Sport;
    const season = DATASET_SEASONS[
      Math.floor(round / SPORTS.length) % DATASET_SEASONS.length
    ] as number;
    const profile = SPORT_PROFILES[sport];
    const rng = rngFor(options.seed, `bench-league:${platform}:${i}`);
    const key = `bench-${profile.code}-${i}`;
    const poolName = `${platform}:${sport}:${poolKeyOf({ platform, sport, season }).season}`;
    const league = generateLeague(
      {
        platform,
        platformLeagueKey: key,
        season,
        name: `${rng.pick(LEAGUE_WORDS)} League ${i + 1}`,
        // The schedule (schedule.ts) pairs every team each period: an even count with activity.
        numTeams: options.activity === true ? 2 * rng.int(5, 6) : rng.int(8, 14),
        profile,
        ownerOfFirstTeam: `bench-user-${i % 1000}`,
      },
      draftable.get(poolName) ?? new Map(),
      rng,
    );
    const poolFacts = facts.get(poolName);
    if (poolFacts !== undefined) {
      addLeagueActivity(league, poolFacts, featuresOf(i), {
        seed: options.seed,
        ownUserId: `bench-user-${i % 1000}`,
        ownDisplayName: `bench user ${i % 1000}`,
      });
      if (options.game === true) {
        const formKey = `${poolName}:${season}`;
        let form = forms.get(formKey);
        if (form === undefined) {
          const periods = lastPeriod(seasonCalendar(sport, season));
          form = new SeasonForm(options.seed, sport, season, periods, poolFacts.positions);
          forms.set(formKey, form);
        }
        addLeagueGame(league, {
          seed: options.seed,
          style: styleOf(sport, i),
          dynasty: featuresOf(i).dynasty === true,
          history: [{ season, platformLeagueKey: key }],
          positions: poolFacts.positions,
          form,
        });
      }
    }
    leagues.push(league);
  }
  return { pools, leagues };
}

/** Most leagues are plain snake-draft redraft leagues; a few of each other kind, as on platforms. */
function featuresOf(index: number): LeagueFeatures {
  if (index % 10 === 3) return { auction: true };
  if (index % 10 === 7) return { keepers: true };
  if (index % 20 === 9) return { dynasty: true };
  return {};
}

/** Football leagues are mostly PPR, a few half-PPR; the others alternate points and categories. */
function styleOf(sport: Sport, index: number): GameStyle {
  if (sport === 'football') return index % 4 === 1 ? 'half_ppr' : 'ppr';
  return index % 2 === 0 ? 'points' : 'categories';
}
