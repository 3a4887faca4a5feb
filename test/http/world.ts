// The data most HTTP suites run against: two users, their leagues, a shared player pool, and
// tokens in every state. Built through the storage repositories, as a sync would write it.
import type { PlayerRecord } from '../../src/domain/records.ts';
import {
  buildLeagueSnapshot,
  buildPlayer,
  buildPlayerPool,
  SAMPLE_PLAYERS,
} from '../helpers/records.ts';
import type { TestApp } from '../helpers/app.ts';

/** A second "Josh Allen" (the linebacker), rostered in the main league too. */
export const OTHER_JOSH_ALLEN: PlayerRecord = buildPlayer({
  playerId: '3321',
  fullName: 'Josh Allen',
  firstName: 'Josh',
  lastName: 'Allen',
  position: 'LB',
  irlTeam: 'JAX',
  uniformNumber: '41',
});

/** In the pool, on no team: found by name ("dj moore") but not rostered. */
export const DJ_MOORE: PlayerRecord = buildPlayer({
  playerId: '4983',
  fullName: 'D.J. Moore',
  firstName: 'D.J.',
  lastName: 'Moore',
  position: 'WR',
  irlTeam: 'CAR',
  uniformNumber: '2',
});

/** Two free agents sharing a name: the retired one has the lower id. */
export const MIKE_WILLIAMS_RETIRED: PlayerRecord = buildPlayer({
  playerId: '1000',
  fullName: 'Mike Williams',
  firstName: 'Mike',
  lastName: 'Williams',
  position: 'WR',
  irlTeam: undefined,
  uniformNumber: undefined,
  active: false,
});
export const MIKE_WILLIAMS: PlayerRecord = buildPlayer({
  playerId: '2000',
  fullName: 'Mike Williams',
  firstName: 'Mike',
  lastName: 'Williams',
  position: 'WR',
  irlTeam: 'LAC',
  uniformNumber: '81',
});

export interface World {
  aliceId: number;
  bobId: number;
  tokens: {
    /** Alice, every product the endpoints check. */
    alice: string;
    /** Alice, only the `team` product: lacks league, player and roster. */
    aliceNoProducts: string;
    aliceExpired: string;
    aliceRevoked: string;
    bob: string;
  };
  leagues: {
    /** sleeper football 2021 "Dynasty Friends": 4 rostered players, two named Josh Allen. */
    main: number;
    /** sleeper football 2021 "Alpha League": nobody rostered. */
    alpha: number;
    /** sleeper football 2020 "Another Year": only the quarterback Josh Allen (4984) rostered. */
    lastYear: number;
    /** demo baseball 2021 with XML-hostile characters in its name and no optional fields. */
    odd: number;
    /** bob's only league. */
    bobs: number;
    /** carol's ESPN football 2020 league (ESPN keys leagues by id and season). */
    carolsEspn: number;
  };
}

export async function buildWorld(t: TestApp): Promise<World> {
  const alice = await t.createUser('alice');
  const bob = await t.createUser('bob');
  const carol = await t.createUser('carol');
  await t.addPool(
    buildPlayerPool({
      players: [
        ...SAMPLE_PLAYERS,
        OTHER_JOSH_ALLEN,
        DJ_MOORE,
        MIKE_WILLIAMS_RETIRED,
        MIKE_WILLIAMS,
      ],
    }),
  );
  const mainSnapshot = buildLeagueSnapshot();
  const main = await t.addLeague(
    {
      ...mainSnapshot,
      rosterEntries: [...mainSnapshot.rosterEntries, { rosterId: '2', playerId: '3321' }],
      players: [...mainSnapshot.players, OTHER_JOSH_ALLEN],
    },
    alice.id,
  );
  const alpha = await t.addLeague(
    buildLeagueSnapshot({
      platformLeagueKey: '900000000000000001',
      name: 'Alpha League',
      leagueUrl: undefined,
      leagueAvatar: 'https://sleepercdn.com/avatars/abc',
      rosterEntries: [],
      players: [],
    }),
    alice.id,
  );
  const lastYear = await t.addLeague(
    buildLeagueSnapshot({
      season: 2020,
      name: 'Another Year',
      rosterEntries: [{ rosterId: '1', playerId: '4984' }],
      players: [],
    }),
    alice.id,
  );
  const odd = await t.addLeague(
    {
      platform: 'demo',
      platformLeagueKey: 'demo-odd',
      season: 2021,
      sport: 'baseball',
      name: 'Zeta "League" & <Co> \u0007',
      teams: [],
      rosterEntries: [],
      players: [],
    },
    alice.id,
  );
  const bobs = await t.addLeague(
    buildLeagueSnapshot({
      platformLeagueKey: '555',
      sport: 'basketball',
      season: 2019,
      name: 'Bob Hoops',
      rosterEntries: [],
      players: [],
    }),
    bob.id,
  );
  const carolsEspn = await t.addLeague(
    {
      platform: 'espn',
      platformLeagueKey: '899513',
      season: 2020,
      sport: 'football',
      name: 'Sucio Boys',
      numTeams: 1,
      leagueUrl: 'https://fantasy.espn.com/football/league?leagueId=899513&seasonId=2020',
      teams: [
        {
          rosterId: '1',
          name: 'Coom Dumpster',
          ownerPlatformUserId: '{05B95FAE-8345-4823-B95F-AE8345382379}',
        },
      ],
      rosterEntries: [{ rosterId: '1', playerId: '-16003' }],
      players: [
        buildPlayer({
          playerId: '-16003',
          fullName: 'Bears D/ST',
          firstName: 'Bears',
          lastName: 'D/ST',
          position: 'DEF',
          irlTeam: 'CHI',
          uniformNumber: undefined,
        }),
      ],
    },
    carol.id,
  );
  return {
    aliceId: alice.id,
    bobId: bob.id,
    tokens: {
      alice: await t.issueToken(alice.id),
      aliceNoProducts: await t.issueToken(alice.id, { products: ['team'] }),
      aliceExpired: await t.issueToken(alice.id, { expiresAt: '2021-01-01T00:00:00.000Z' }),
      aliceRevoked: await t.issueToken(alice.id, { revoked: true }),
      bob: await t.issueToken(bob.id),
    },
    leagues: { main, alpha, lastYear, odd, bobs, carolsEspn },
  };
}
