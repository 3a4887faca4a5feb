// The Fantrax connector against the fake of the official API serving the recorded league
// (../shared/fixtures/fantrax): the teams (ids, names) and players (ids, names, positions, NFL
// teams) of the web-app recordings are what the connector yields for that league, every season
// the secret id lists is found, and leagues of other sports are counted, not fetched.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seasonsBetween } from '../../../src/domain/seasons.ts';
import type { PlatformAccount } from '../../../src/platforms/connector.ts';
import { createFantraxConnector } from '../../../src/platforms/fantrax/index.ts';
import { linkWith, poolOf, storeHolding } from '../../helpers/connectors.ts';
import {
  FANTRAX_FIXTURES_SKIP,
  FANTRAX_SECRET_ID,
  RECORDED_SEASONS,
  latestRecordedPlayers,
  readRecordedSeason,
  startFakeFantrax,
} from '../../helpers/fake-fantrax.ts';
import type { FakeFantrax } from '../../helpers/fake-fantrax.ts';

const EVERY_SPORT = ['football', 'baseball', 'basketball'] as const;
const SEASONS = seasonsBetween(2017, 2021);

describe('Fantrax connector on the recorded league', { skip: FANTRAX_FIXTURES_SKIP }, () => {
  let fake: FakeFantrax;
  let connector: ReturnType<typeof createFantraxConnector>;
  let account: PlatformAccount;
  before(async () => {
    fake = await startFakeFantrax();
    connector = createFantraxConnector({
      baseUrl: fake.baseUrl,
      requestsPerMinute: 0,
      maxAttempts: 1,
      today: () => new Date('2026-02-01T00:00:00Z'),
    });
    account = await linkWith(connector, { credentials: { secret_id: FANTRAX_SECRET_ID } });
  });
  after(() => fake?.close());

  it('links by secret id, keeping it only in the credentials', () => {
    assert.match(account.externalUserId, /^secret-[0-9a-f]{16}$/);
    assert.ok(!account.externalUserId.includes(FANTRAX_SECRET_ID));
    assert.deepEqual(JSON.parse(account.credentials ?? '{}'), { secretId: FANTRAX_SECRET_ID });
    // The secret id went in the query of getLeagues, and nowhere else.
    const asked = fake.requests.filter((r) => r.query.get('userSecretId') === FANTRAX_SECRET_ID);
    assert.deepEqual(
      asked.map((r) => r.path),
      ['/getLeagues'],
    );
    assert.ok(
      fake.requests.every((r) =>
        /fantasy-league-data-service/.test(String(r.headers['user-agent'])),
      ),
    );
  });

  it('lists every season of the league, and counts the hockey league as skipped', async () => {
    const counted: number[] = [];
    const refs = await connector.listLeagues(account, {
      sports: EVERY_SPORT,
      seasons: SEASONS,
      unsupportedLeagues: (count) => counted.push(count),
    });
    assert.deepEqual(
      refs.map((ref) => [ref.platformLeagueKey, ref.season, ref.sport, ref.name]),
      [
        ['4bveni4tkkyr33y2', 2021, 'football', 'Primetime Soap Operas'],
        ['eju35f9ok7xr9cvt', 2020, 'football', 'Primetime Soap Operas'],
        ['hoopsleague20fx1', 2020, 'basketball', 'Ada Hoops'],
      ],
    );
    assert.deepEqual(counted, [1]);
    const football2020 = await connector.listLeagues(account, {
      sports: ['football'],
      seasons: [2020],
    });
    assert.deepEqual(
      football2020.map((ref) => ref.platformLeagueKey),
      ['eju35f9ok7xr9cvt'],
    );
  });

  for (const { season, leagueId } of RECORDED_SEASONS) {
    it(`yields the recorded teams and players of ${season}`, async () => {
      const recorded = readRecordedSeason(season, leagueId);
      const ref = {
        platformLeagueKey: leagueId,
        season,
        sport: 'football' as const,
        name: 'Primetime Soap Operas',
      };
      const snapshot = await connector.fetchLeague(account, ref, storeHolding());
      assert.equal(snapshot.name, recorded.leagueName);
      assert.equal(snapshot.numTeams, recorded.teams.length);
      assert.deepEqual(
        snapshot.teams.map((team) => [team.rosterId, team.name]),
        recorded.teams
          .map((team) => [team.id, team.name])
          .sort(([a], [b]) => String(a).localeCompare(String(b), 'en', { numeric: true })),
      );
      const expectedEntries = [...recorded.rosters].flatMap(([rosterId, ids]) =>
        ids.map((playerId) => `${rosterId}/${playerId}`),
      );
      assert.deepEqual(
        snapshot.rosterEntries.map((e) => `${e.rosterId}/${e.playerId}`).sort(),
        expectedEntries.sort(),
      );
      assert.ok(snapshot.rosterEntries.length > 50, 'the recordings leave many players rostered');
      // The store holds none of them: each comes with the league, as the recordings name him
      // (the latest of them: Fantrax's player list is of today).
      assert.equal(snapshot.players.length, snapshot.rosterEntries.length);
      const latest = latestRecordedPlayers();
      for (const player of snapshot.players) {
        assert.ok(recorded.players.has(player.playerId), player.playerId);
        const scorer = latest.get(player.playerId);
        assert.ok(scorer, player.playerId);
        assert.equal(player.fullName, scorer.name);
        assert.equal(player.position, scorer.posShortNames?.split(',')[0]);
        const team = scorer.teamShortName === '(N/A)' ? undefined : scorer.teamShortName;
        assert.equal(player.irlTeam, team);
      }
    });
  }

  it('reads the football pool with every recorded player as the recordings name him', async () => {
    const pool = await connector.fetchPlayerPool(poolOf('fantrax', 'football'), account);
    assert.ok(pool);
    const byId = new Map(pool.players.map((player) => [player.playerId, player]));
    let checked = 0;
    for (const { season, leagueId } of RECORDED_SEASONS) {
      for (const scorer of readRecordedSeason(season, leagueId).players.values()) {
        const player = byId.get(scorer.scorerId);
        assert.ok(player, scorer.scorerId);
        assert.equal(player.fullName, scorer.name);
        checked++;
      }
    }
    assert.ok(checked > 300, `${checked} recorded players`);
    assert.equal(pool.season, 0);
  });

  it('follows a public league by id alone, its sport read from its positions', async () => {
    const publicOnly = await linkWith(connector, { leagueIds: ['publicbaseball21'] });
    assert.equal(publicOnly.externalUserId, 'public-leagues');
    assert.equal(publicOnly.credentials, undefined);
    const refs = await connector.listLeagues(publicOnly, { sports: EVERY_SPORT, seasons: SEASONS });
    assert.deepEqual(
      refs.map((ref) => [ref.platformLeagueKey, ref.season, ref.sport]),
      [['publicbaseball21', 2021, 'baseball']],
    );
    const pool = await connector.fetchPlayerPool(poolOf('fantrax', 'basketball'), publicOnly);
    assert.deepEqual(
      pool?.externalIds?.filter((id) => id.playerId === '0a1b2').map((id) => id.idType),
      ['sportradar', 'stats', 'rotowire'],
    );
  });
});
