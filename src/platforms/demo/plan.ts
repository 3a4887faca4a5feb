// The bundled demo: which leagues the `demo` user belongs to, and how they and the pools are
// generated from one seed. Fixed shape (sports, seasons, team counts); seeded content.
import { SPORTS } from '../../domain/catalog.ts';
import type { Sport } from '../../domain/catalog.ts';
import type { LeagueSeasonRecord } from '../../domain/game.ts';
import { EVERY_SEASON } from '../../domain/pools.ts';
import type { LeagueSnapshot, PlayerPoolSnapshot } from '../../domain/records.ts';
import { addLeagueActivity } from './activity.ts';
import type { LeagueFeatures, PoolFacts } from './activity.ts';
import { lastPeriod, seasonCalendar } from './calendar.ts';
import { SeasonForm } from './form.ts';
import { addLeagueGame } from './game.ts';
import { generateLeague } from './leagues.ts';
import { LEAGUE_WORDS } from './name-lists.ts';
import { generatePool } from './players.ts';
import { rngFor, shuffleFront } from './random.ts';
import type { GameStyle } from './rules.ts';
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
  /** How the league scores (rules.ts). */
  style: GameStyle;
}[] = [
  { sport: 'football', season: 2021, numTeams: 12, features: { dynasty: true }, style: 'ppr_te_premium' },
  { sport: 'football', season: 2021, numTeams: 10, features: { auction: true }, style: 'half_ppr' },
  { sport: 'football', season: 2020, numTeams: 14, features: { keepers: true }, style: 'ppr' },
  { sport: 'football', season: 2020, numTeams: 8, style: 'half_ppr' },
  { sport: 'football', season: 2019, numTeams: 12, features: { tie: true }, style: 'ppr' },
  { sport: 'football', season: 2018, numTeams: 10, style: 'ppr' },
  { sport: 'football', season: 2017, numTeams: 12, style: 'ppr' },
  { sport: 'baseball', season: 2021, numTeams: 12, style: 'categories' },
  { sport: 'baseball', season: 2020, numTeams: 14, style: 'categories' },
  { sport: 'baseball', season: 2019, numTeams: 8, style: 'categories' },
  { sport: 'baseball', season: 2018, numTeams: 12, style: 'points' },
  { sport: 'baseball', season: 2017, numTeams: 10, style: 'points' },
  { sport: 'basketball', season: 2021, numTeams: 14, features: { dynasty: true }, style: 'points' },
  { sport: 'basketball', season: 2020, numTeams: 10, style: 'points' },
  { sport: 'basketball', season: 2019, numTeams: 12, style: 'categories' },
  { sport: 'basketball', season: 2018, numTeams: 8, style: 'categories' },
  { sport: 'basketball', season: 2017, numTeams: 10, style: 'categories' },
];

/**
 * The demo's leagues that are one league's seasons, oldest first (no two demo leagues share a
 * name, so these chains say which carry on which: the same way of scoring, the name, size and
 * details changed over the years as real leagues' do). A league in no chain has only its own season.
 */
export const DEMO_LEAGUE_CHAINS: readonly (readonly string[])[] = [
  ['fb-2017-1', 'fb-2018-1', 'fb-2019-1', 'fb-2020-1', 'fb-2021-1'],
  ['fb-2020-2', 'fb-2021-2'],
  ['mlb-2017-1', 'mlb-2018-1'],
  ['mlb-2019-1', 'mlb-2020-1', 'mlb-2021-1'],
  ['nba-2017-1', 'nba-2018-1', 'nba-2019-1'],
  ['nba-2020-1', 'nba-2021-1'],
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
  // Players' form is a season's real-life fact: one per sport and season, shared by its leagues.
  const forms = new Map<string, SeasonForm>();
  for (const { sport, season, numTeams, features, style } of DEMO_LEAGUE_PLAN) {
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
    const { positions } = facts.get(sport) as PoolFacts;
    addLeagueActivity(league, facts.get(sport) as PoolFacts, features ?? {}, {
      seed,
      ownUserId: DEMO_EXTERNAL_USER_ID,
      ownDisplayName: DEMO_USERNAME,
    });
    const formKey = `${sport}:${season}`;
    const form =
      forms.get(formKey) ??
      new SeasonForm(seed, sport, season, lastPeriod(seasonCalendar(sport, season)), positions);
    forms.set(formKey, form);
    addLeagueGame(league, {
      seed,
      form,
      style,
      dynasty: features?.dynasty === true,
      history: historyOf(key, season),
      positions,
    });
    leagues.push(league);
  }
  return { pools, leagues };
}

/** The league's seasons as its chain links them; a league in no chain has its own alone. */
function historyOf(key: string, season: number): LeagueSeasonRecord[] {
  const chain = DEMO_LEAGUE_CHAINS.find((c) => c.includes(key)) ?? [key];
  return chain.map((platformLeagueKey) => ({
    // Keys are "<sport>-<season>-<n>".
    season: platformLeagueKey === key ? season : Number(platformLeagueKey.split('-')[1]),
    platformLeagueKey,
  }));
}
