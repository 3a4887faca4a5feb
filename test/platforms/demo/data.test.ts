import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SPORTS } from '../../../src/domain/catalog.ts';
import { DATASET_SEASONS } from '../../../src/platforms/demo/dataset.ts';
import type { Sport } from '../../../src/domain/catalog.ts';
import { NameIndex } from '../../../src/domain/name-index.ts';
import type { LeagueSnapshot, PlayerRecord } from '../../../src/domain/records.ts';
import {
  DEFAULT_DEMO_SEED,
  DEMO_EXTERNAL_USER_ID,
  generateDemoData,
} from '../../../src/platforms/demo/index.ts';

const data = generateDemoData(DEFAULT_DEMO_SEED);

const POSITIONS: Record<Sport, string[]> = {
  football: ['QB', 'RB', 'WR', 'TE', 'K', 'DEF'],
  baseball: ['C', '1B', '2B', '3B', 'SS', 'OF', 'SP', 'RP', 'DH'],
  basketball: ['PG', 'SG', 'SF', 'PF', 'C'],
};
const TEAM_COUNTS: Record<Sport, number> = { football: 32, baseball: 30, basketball: 30 };
const SOME_REAL_TEAMS: Record<Sport, string[]> = {
  football: ['DET', 'KC', 'GB', 'NE', 'LAR', 'LAC', 'NYJ', 'WAS'],
  baseball: ['NYY', 'LAD', 'CHC', 'CWS', 'SD', 'WSH', 'TB'],
  basketball: ['GSW', 'LAL', 'NYK', 'BKN', 'SAS', 'NOP', 'PHX'],
};

function poolOf(sport: Sport): PlayerRecord[] {
  const pool = data.pools.find((p) => p.sport === sport);
  assert.ok(pool, `pool for ${sport}`);
  return pool.players;
}

function fullNamesRostered(league: LeagueSnapshot): string[] {
  const byId = new Map(poolOf(league.sport).map((p) => [p.playerId, p]));
  return league.rosterEntries.map((entry) => byId.get(entry.playerId)?.fullName ?? '?');
}

describe('demo data: shape', () => {
  it('covers every sport in every season 2017-2021 with at least 12 leagues of 8-14 teams', () => {
    assert.ok(data.leagues.length >= 12);
    for (const sport of SPORTS) {
      for (const season of DATASET_SEASONS) {
        assert.ok(
          data.leagues.some((l) => l.sport === sport && l.season === season),
          `${sport} ${season}`,
        );
      }
    }
    for (const league of data.leagues) {
      assert.equal(league.platform, 'demo');
      assert.ok(league.numTeams !== undefined && league.numTeams >= 8 && league.numTeams <= 14);
      assert.equal(league.teams.length, league.numTeams);
      assert.deepEqual(
        league.teams.map((t) => t.rosterId),
        league.teams.map((_, i) => String(i + 1)),
      );
      assert.equal(new Set(league.teams.map((t) => t.name)).size, league.teams.length);
      assert.equal(league.teams[0]?.ownerPlatformUserId, DEMO_EXTERNAL_USER_ID);
      assert.equal(
        league.leagueUrl,
        `https://demo.fantasy-data.invalid/leagues/${league.platformLeagueKey}`,
      );
      assert.equal(
        league.leagueAvatar,
        `https://demo.fantasy-data.invalid/avatars/${league.platformLeagueKey}.png`,
      );
      assert.deepEqual(league.players, []);
    }
    const keys = data.leagues.map((l) => `${l.platformLeagueKey}/${l.season}`);
    assert.equal(new Set(keys).size, keys.length);
  });

  it('has full-size pools of valid positions and real, upper-case team abbreviations', () => {
    const sizes: Record<Sport, number> = { football: 600, baseball: 700, basketball: 450 };
    for (const sport of SPORTS) {
      const players = poolOf(sport);
      assert.equal(players.length, sizes[sport]);
      assert.equal(new Set(players.map((p) => p.playerId)).size, players.length);
      const teams = new Set(players.flatMap((p) => (p.irlTeam ? [p.irlTeam] : [])));
      assert.equal(teams.size, TEAM_COUNTS[sport]);
      for (const team of SOME_REAL_TEAMS[sport]) assert.ok(teams.has(team), `${sport} ${team}`);
      for (const team of teams) assert.match(team, /^[A-Z]{2,3}$/);
      assert.deepEqual(new Set(players.map((p) => p.position)), new Set(POSITIONS[sport]));
      assert.ok(
        players.some((p) => !p.active),
        `${sport} has inactive players`,
      );
      assert.ok(
        players.some((p) => p.irlTeam === undefined),
        `${sport} has players with no team`,
      );
    }
  });

  it('gives numeric ids to players and the team abbreviation to team defences', () => {
    for (const sport of SPORTS) {
      for (const player of poolOf(sport)) {
        if (player.position === 'DEF') {
          assert.equal(player.playerId, player.irlTeam);
          assert.match(player.fullName, / Defense$/);
          assert.equal(player.uniformNumber, undefined);
        } else assert.match(player.playerId, /^[1-9]\d*$/);
      }
    }
    const defences = poolOf('football').filter((p) => p.position === 'DEF');
    assert.equal(defences.length, 32);
    assert.equal(defences.find((p) => p.playerId === 'DET')?.fullName, 'Detroit Defense');
  });

  it('gives plausible uniform numbers for the sport and position', () => {
    const ranges: Record<string, [number, number]> = {
      QB: [1, 19],
      K: [1, 19],
      TE: [40, 89],
      PG: [0, 35],
      SP: [11, 99],
      C: [0, 99],
    };
    for (const sport of SPORTS) {
      for (const player of poolOf(sport)) {
        if (player.uniformNumber === undefined) continue;
        assert.match(player.uniformNumber, /^\d{1,2}$/);
        const range = ranges[player.position ?? ''];
        const number = Number(player.uniformNumber);
        if (range) assert.ok(number >= range[0] && number <= range[1], JSON.stringify(player));
      }
    }
  });
});

describe('demo data: rosters', () => {
  it('draws each league from its pool without putting one player on two teams', () => {
    for (const league of data.leagues) {
      const pool = new Set(poolOf(league.sport).map((p) => p.playerId));
      const ids = league.rosterEntries.map((e) => e.playerId);
      assert.equal(new Set(ids).size, ids.length, league.platformLeagueKey);
      for (const id of ids) assert.ok(pool.has(id), `${league.platformLeagueKey} ${id}`);
      const teamIds = new Set(league.teams.map((t) => t.rosterId));
      for (const entry of league.rosterEntries) assert.ok(teamIds.has(entry.rosterId));
    }
  });

  it('gives every team a roster of realistic size', () => {
    const sizes: Record<Sport, number> = { football: 16, baseball: 25, basketball: 13 };
    for (const league of data.leagues) {
      for (const team of league.teams) {
        const count = league.rosterEntries.filter((e) => e.rosterId === team.rosterId).length;
        assert.equal(count, sizes[league.sport], `${league.platformLeagueKey} ${team.rosterId}`);
      }
    }
  });

  it('leaves some pool players unrostered in every league', () => {
    for (const sport of SPORTS) {
      const rostered = new Set(
        data.leagues
          .filter((l) => l.sport === sport)
          .flatMap((l) => l.rosterEntries.map((e) => e.playerId)),
      );
      const neverRostered = poolOf(sport).filter((p) => !rostered.has(p.playerId));
      assert.ok(neverRostered.length >= 3, sport);
    }
  });
});

describe('demo data: hard-case names', () => {
  it('includes accents, initials with periods and suffixes in every sport', () => {
    for (const sport of SPORTS) {
      const names = poolOf(sport).map((p) => p.fullName);
      assert.ok(
        names.some((n) => /[^\u0020-\u007e]/.test(n)),
        `${sport} accented`,
      );
      assert.ok(
        names.some((n) => /^[A-Z]\.[A-Z]\. /.test(n)),
        `${sport} initials`,
      );
      assert.ok(
        names.some((n) => / (Jr\.|II|III)$/.test(n)),
        `${sport} suffix`,
      );
    }
    const football = poolOf('football').map((p) => p.fullName);
    for (const name of [
      'D.J. Marlow',
      'Andrés Peñalosa',
      'Terrell Okafor Jr.',
      'Marcus Whitfield III',
    ]) {
      assert.ok(football.includes(name), name);
    }
  });

  it('rosters two different players named "Josh Allman" in the first football league', () => {
    const league = data.leagues.find((l) => l.sport === 'football');
    assert.equal(league?.platformLeagueKey, 'fb-2021-1');
    assert.ok(league);
    const allmans = poolOf('football').filter((p) => p.fullName === 'Josh Allman');
    assert.equal(allmans.length, 2);
    assert.notEqual(allmans[0]?.position, allmans[1]?.position);
    const rostered = league.rosterEntries.filter((e) =>
      allmans.some((p) => p.playerId === e.playerId),
    );
    assert.deepEqual(
      rostered.map((e) => e.rosterId),
      ['1', '2'],
    );
    // Both are rostered, so the lower id wins the name search, compared as numbers: "99" < "4046".
    const onRoster = new Set(league.rosterEntries.map((e) => e.playerId));
    const index = new NameIndex(
      poolOf('football').map((p) => ({ ...p, rostered: onRoster.has(p.playerId) })),
    );
    const result = index.search('josh allman');
    assert.equal(result.matchCount, 2);
    assert.equal(result.best?.playerId, '99');
  });

  it('rosters each sport’s hard cases in its first league, where name search finds them', () => {
    const queries: Record<Sport, [string, string][]> = {
      football: [
        ['dj marlow', 'D.J. Marlow'],
        ['andres penalosa', 'Andrés Peñalosa'],
        ['terrell okafor', 'Terrell Okafor Jr.'],
        ['whitfield', 'Marcus Whitfield III'],
      ],
      baseball: [
        ['joaquin ibanez', 'Joaquín Ibáñez'],
        ['zoe bronte', 'Zoë Brönte'],
        ['a.j. brennan', 'A.J. Brennan'],
      ],
      basketball: [
        ['tj okonkwo', 'T.J. Okonkwo'],
        ['nikola durovic', 'Nikola Đurović'],
        ['renee castaneda', 'Renée Castañeda'],
      ],
    };
    for (const sport of SPORTS) {
      const league = data.leagues.find((l) => l.sport === sport);
      assert.ok(league);
      const rostered = new Set(league.rosterEntries.map((e) => e.playerId));
      const index = new NameIndex(
        poolOf(sport).map((p) => ({ ...p, rostered: rostered.has(p.playerId) })),
      );
      for (const [query, fullName] of queries[sport]) {
        assert.ok(fullNamesRostered(league).includes(fullName), fullName);
        assert.equal(index.search(query).best?.fullName, fullName, query);
      }
    }
  });
});

describe('demo data: determinism', () => {
  it('is byte-identical for the same seed and different for another', () => {
    const again = JSON.stringify(generateDemoData(DEFAULT_DEMO_SEED));
    assert.equal(JSON.stringify(data), again);
    const other = generateDemoData(DEFAULT_DEMO_SEED + 1);
    assert.notEqual(JSON.stringify(other), again);
    assert.notDeepEqual(other.pools[0]?.players.slice(0, 20), data.pools[0]?.players.slice(0, 20));
    // The shape does not depend on the seed, only the contents.
    assert.deepEqual(
      other.leagues.map((l) => [l.platformLeagueKey, l.season, l.numTeams]),
      data.leagues.map((l) => [l.platformLeagueKey, l.season, l.numTeams]),
    );
  });
});
