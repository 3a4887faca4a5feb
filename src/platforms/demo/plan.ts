// The bundled demo: which leagues the `demo` user belongs to, and how they and the pools are
// generated from one seed. Fixed shape (sports, seasons, team counts); seeded content.
import { SPORTS } from '../../domain/catalog.ts';
import type { Sport } from '../../domain/catalog.ts';
import { EVERY_SEASON } from '../../domain/pools.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot } from '../../domain/records.ts';
import { addLeagueActivity } from './activity.ts';
import type { LeagueFeatures, PoolFacts } from './activity.ts';
import { generateLeague } from './leagues.ts';
import { LEAGUE_WORDS } from './name-lists.ts';
import { generatePool } from './players.ts';
import { rngFor, shuffleFront } from './random.ts';
import { SPORT_PROFILES } from './sports.ts';

export const DEMO_USERNAME = 'demo';
export const DEMO_EXTERNAL_USER_ID = 'demo-user';
export const DEFAULT_DEMO_SEED = 2017;

/**
 * Every sport in every season 2017-2021, 17 leagues in all. The first league of each sport
 * (season 2021) rosters that sport's hard-case players, among them football's two "Josh Allman"s.
 * `features` sets a league's draft and trades apart from the plain redraft snake league (activity.ts).
 */
// prettier-ignore
export const DEMO_LEAGUE_PLAN: readonly {
  sport: Sport;
  season: number;
  numTeams: number;
  features?: LeagueFeatures;
}[] = [
  { sport: 'football', season: 2021, numTeams: 12, features: { dynasty: true } },
  { sport: 'football', season: 2021, numTeams: 10, features: { auction: true } },
  { sport: 'football', season: 2020, numTeams: 14, features: { keepers: true } },
  { sport: 'football', season: 2020, numTeams: 8 },
  { sport: 'football', season: 2019, numTeams: 12, features: { tie: true } },
  { sport: 'football', season: 2018, numTeams: 10 },
  { sport: 'football', season: 2017, numTeams: 12 },
  { sport: 'baseball', season: 2021, numTeams: 12 },
  { sport: 'baseball', season: 2020, numTeams: 14 },
  { sport: 'baseball', season: 2019, numTeams: 8 },
  { sport: 'baseball', season: 2018, numTeams: 12 },
  { sport: 'baseball', season: 2017, numTeams: 10 },
  { sport: 'basketball', season: 2021, numTeams: 14, features: { dynasty: true } },
  { sport: 'basketball', season: 2020, numTeams: 10 },
  { sport: 'basketball', season: 2019, numTeams: 12 },
  { sport: 'basketball', season: 2018, numTeams: 8 },
  { sport: 'basketball', season: 2017, numTeams: 10 },
];

const SPORT_TITLES: Record<Sport, string> = {
  football: 'Football',
  baseball: 'Baseball',
  basketball: 'Basketball',
};

export interface DemoData {
  pools: PlayerPoolSnapshot[];
  leagues: LeagueSnapshot[];
}

export function generateDemoData(seed: number): DemoData {
  const pools: PlayerPoolSnapshot[] = [];
  const draftableBySport = new Map<Sport, Map<string, string[]>>();
  const facts = new Map<Sport, PoolFacts>();
  for (const sport of SPORTS) {
    const profile = SPORT_PROFILES[sport];
    const pool = generatePool(profile, profile.poolSize, rngFor(seed, `pool:demo:${sport}`));
    pools.push({ platform: 'demo', sport, season: EVERY_SEASON, players: pool.players });
    draftableBySport.set(sport, pool.draftable);
    const draftable = new Set([...pool.draftable.values()].flat());
    facts.set(sport, {
      positions: new Map(pool.players.map((p) => [p.playerId, p.position ?? ''])),
      draftable: pool.players.map((p) => p.playerId).filter((id) => draftable.has(id)),
    });
  }

  const leagues: LeagueSnapshot[] = [];
  const perSeason = new Map<string, number>();
  const namesUsed = new Map<Sport, number>();
  const names = new Map<Sport, string[]>();
  for (const sport of SPORTS) {
    const words = [...LEAGUE_WORDS];
    shuffleFront(words, words.length, rngFor(seed, `league-names:${sport}`));
    names.set(sport, words);
  }
  for (const { sport, season, numTeams, features } of DEMO_LEAGUE_PLAN) {
    const profile = SPORT_PROFILES[sport];
    const count = (perSeason.get(`${sport}:${season}`) ?? 0) + 1;
    perSeason.set(`${sport}:${season}`, count);
    const key = `${profile.code}-${season}-${count}`;
    const nameIndex = namesUsed.get(sport) ?? 0;
    namesUsed.set(sport, nameIndex + 1);
    const word = names.get(sport)?.[nameIndex % LEAGUE_WORDS.length] ?? 'Demo';
    // Each league draws from a fresh copy, so its rosters depend only on the seed and its key.
    const draftable = new Map(
      [...(draftableBySport.get(sport) ?? [])].map(([position, ids]) => [position, [...ids]]),
    );
    const league = generateLeague(
      {
        platform: 'demo',
        platformLeagueKey: key,
        season,
        name: `${word} ${SPORT_TITLES[sport]} League`,
        numTeams,
        profile,
        ownerOfFirstTeam: DEMO_EXTERNAL_USER_ID,
        ...(nameIndex === 0 ? { forced: profile.hardCases } : {}),
      },
      draftable,
      rngFor(seed, `league:${key}`),
    );
    // After the league is whole, from streams of its own: the rosters above stay as they were.
    addLeagueActivity(league, facts.get(sport) as PoolFacts, features ?? {}, {
      seed,
      ownUserId: DEMO_EXTERNAL_USER_ID,
      ownDisplayName: DEMO_USERNAME,
    });
    leagues.push(league);
  }
  return { pools, leagues };
}
