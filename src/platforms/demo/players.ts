// Generates one platform's player pool for one sport: invented names, real positions and
// real-life teams, plausible uniform numbers, some inactive players and some free agents no
// fantasy team ever drafts.
import type { PlayerRecord } from '../../domain/records.ts';
import { FIRST_NAMES, LAST_NAMES } from './name-lists.ts';
import type { Rng } from './random.ts';
import { DEFENSE_POSITION, NFL_TEAMS } from './sports.ts';
import type { SportProfile } from './sports.ts';

export interface GeneratedPool {
  players: PlayerRecord[];
  /**
   * Ids of the players fantasy teams may roster, by position. The rest (about one in twenty)
   * stay unrostered in every league, so pools always hold players on no fantasy team.
   */
  draftable: Map<string, string[]>;
}

const SUFFIXES = ['Jr.', 'Jr.', 'Sr.', 'II', 'III', 'IV'];

/** The smallest pool that still holds the hard cases, the defences and a few of each position. */
export function minimumPoolSize(profile: SportProfile): number {
  return profile.hardCases.length + defenceCount(profile) + profile.positions.length * 2;
}

function defenceCount(profile: SportProfile): number {
  return profile.positions.some((p) => p.position === DEFENSE_POSITION) ? profile.teams.length : 0;
}

export function generatePool(profile: SportProfile, size: number, rng: Rng): GeneratedPool {
  const players: PlayerRecord[] = [];
  const draftable = new Map(profile.positions.map((p) => [p.position, [] as string[]]));
  const add = (player: PlayerRecord, canBeDrafted: boolean): void => {
    players.push(player);
    if (canBeDrafted) draftable.get(player.position ?? '')?.push(player.playerId);
  };

  const reservedIds = new Set(profile.hardCases.map((p) => p.playerId));
  let nextId = profile.firstPlayerId;
  const takeId = (): string => {
    // Steps of 1-9 give ids of several lengths ("99" and "4046"), as on real platforms.
    do nextId += rng.int(1, 9);
    while (reservedIds.has(String(nextId)));
    return String(nextId);
  };

  for (const position of shuffledPositions(profile, size, rng)) {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const suffix = rng.chance(0.03) ? ` ${rng.pick(SUFFIXES)}` : '';
    const active = !rng.chance(0.08);
    const hasTeam = active || rng.chance(0.3);
    const player: PlayerRecord = {
      playerId: takeId(),
      fullName: `${firstName} ${lastName}${suffix}`,
      firstName,
      lastName,
      position: position.position,
      active,
    };
    if (hasTeam) {
      player.irlTeam = rng.pick(profile.teams);
      player.uniformNumber = String(uniformNumber(position.numbers, rng));
    }
    add(player, hasTeam && !rng.chance(0.05));
  }

  for (const hard of profile.hardCases) add({ ...hard, active: true }, true);

  if (defenceCount(profile) > 0) {
    for (const team of profile.teams) {
      // Team defences are players whose id is the team's abbreviation, as on Sleeper.
      const region = NFL_TEAMS[team] ?? team;
      add(
        {
          playerId: team,
          fullName: `${region} Defense`,
          firstName: region,
          lastName: 'Defense',
          position: DEFENSE_POSITION,
          irlTeam: team,
          active: true,
        },
        true,
      );
    }
  }
  return { players, draftable };
}

/** Positions for the generated (not hard-case, not defence) players, split by weight, shuffled. */
function shuffledPositions(
  profile: SportProfile,
  size: number,
  rng: Rng,
): SportProfile['positions'][number][] {
  const weighted = profile.positions.filter((p) => p.weight > 0);
  const total = weighted.reduce((sum, p) => sum + p.weight, 0);
  const generated = Math.max(0, size - profile.hardCases.length - defenceCount(profile));
  const counts = weighted.map((p) => Math.floor((generated * p.weight) / total));
  let left = generated - counts.reduce((sum, n) => sum + n, 0);
  for (let i = 0; left > 0; i = (i + 1) % counts.length, left--) counts[i] = (counts[i] ?? 0) + 1;

  const list = weighted.flatMap((p, i) => new Array<typeof p>(counts[i] ?? 0).fill(p));
  for (let i = list.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [list[i], list[j]] = [list[j] as (typeof list)[number], list[i] as (typeof list)[number]];
  }
  return list;
}

function uniformNumber(ranges: readonly (readonly [number, number])[], rng: Rng): number {
  const [low, high] = rng.pick(ranges);
  return rng.int(low, high);
}
