// The join of the Fantrax connector and its league data, end to end: a Fantrax account linked by
// secret id is synced by the engine from the fake of the official API on 127.0.0.1, and the
// league's teams, standings, matchups and draft are then read through the HTTP API, on every
// backend. The basketball league of the fake (two teams, the 2020 season, over) carries the made-up
// standings, schedule, scores and draft of fake-fantrax-activity.ts; the values below follow from
// its score formula (fullScore) and its snake draft with one traded slot. On the recorded league
// (../shared/fixtures/fantrax, when there), the same data joins the recorded teams and players.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { seasonsBetween } from '../../../src/domain/seasons.ts';
import { createFantraxConnector } from '../../../src/platforms/fantrax/index.ts';
import { createSecretBox } from '../../../src/secrets.ts';
import type { Dialect } from '../../../src/storage/db.ts';
import { syncUser } from '../../../src/sync/engine.ts';
import { linkPlatformAccount } from '../../../src/sync/linking.ts';
import { startTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import type { LeagueBody } from '../../helpers/end-to-end.ts';
import {
  FANTRAX_FIXTURES_SKIP,
  FANTRAX_SECRET_ID,
  readRecordedSeason,
  startFakeFantrax,
} from '../../helpers/fake-fantrax.ts';
import type { FakeFantrax } from '../../helpers/fake-fantrax.ts';
import { testBackends } from '../../helpers/store.ts';

const CONTRACT = seasonsBetween(2017, 2021);
const SECRETS = createSecretBox({ secretKey: 'b'.repeat(64), dataDir: tmpdir() });

interface Synced {
  t: TestApp;
  fake: FakeFantrax;
  json(path: string): Promise<unknown>;
  leagues: LeagueBody[];
}

/** A test app whose user alice linked the fake's secret id and synced every league once. */
async function syncedApp(dialect: Dialect, withoutRecordings: boolean): Promise<Synced> {
  const fake = await startFakeFantrax({ withoutRecordings });
  const t = await startTestApp({ dialect });
  const connector = createFantraxConnector({
    baseUrl: fake.baseUrl,
    maxAttempts: 1,
    forbiddenRetries: 0,
    requestsPerMinute: 0,
  });
  const user = await t.createUser('alice');
  await linkPlatformAccount(t.store, { fantrax: connector }, SECRETS, {
    userId: user.id,
    platform: 'fantrax',
    request: { credentials: { secret_id: FANTRAX_SECRET_ID } },
  });
  const summary = await syncUser(
    t.store,
    { fantrax: connector },
    {
      userId: user.id,
      sports: [],
      seasons: CONTRACT,
      supportedSeasons: CONTRACT,
      trigger: 'test',
      secrets: SECRETS,
    },
  );
  assert.equal(summary.outcome, 'ok', JSON.stringify(summary.accounts[0]?.error));
  const token = await t.issueToken(user.id);
  const json = async (path: string): Promise<unknown> => {
    const response = await t.request(path, { token });
    assert.equal(response.status, 200, `${path}: ${await response.clone().text()}`);
    return response.json();
  };
  const leagues = (await json('/league/findAllLeagues')) as LeagueBody[];
  return { t, fake, json, leagues };
}

for (const dialect of testBackends()) {
  describe(`Fantrax league data through sync and the HTTP API (${dialect})`, () => {
    let synced: Synced | undefined;
    let leagueId = 0;
    const json = (path: string) => synced!.json(path);

    before(async () => {
      synced = await syncedApp(dialect, true);
      assert.equal(synced.leagues.length, 1);
      leagueId = synced.leagues[0]!.league_id;
    });
    after(async () => {
      await synced?.t.close();
      await synced?.fake.close();
    });

    const ADA = 'hoopsteam00000a1';
    const BEN = 'hoopsteam00000b2';

    it('teams carry their records, points and places; no managers (Fantrax names none)', async () => {
      assert.deepEqual(await json(`/league/teams/${leagueId}`), [
        {
          roster_id: ADA,
          name: 'Full Court Press',
          managers: [],
          record: { wins: 0, losses: 3, ties: 0 },
          points_for: 277.5,
          standing: 2,
        },
        {
          roster_id: BEN,
          name: 'Baseline Bandits',
          managers: [],
          record: { wins: 3, losses: 0, ties: 0 },
          points_for: 337.25,
          standing: 1,
        },
      ]);
      assert.deepEqual(
        ((await json(`/league/standings/${leagueId}`)) as Array<{ roster_id: string }>).map(
          (row) => row.roster_id,
        ),
        [BEN, ADA],
      );
    });

    it('matchups of every period, final, the last the playoffs', async () => {
      const week = (n: number, home: number, away: number, kind: string) => ({
        week: n,
        matchup_id: '1',
        status: 'final',
        kind,
        teams: [
          { roster_id: BEN, score: home },
          { roster_id: ADA, score: away },
        ],
        winner_roster_id: BEN,
      });
      assert.deepEqual(await json(`/league/matchups/${leagueId}`), [
        week(1, 113.5, 93.25, 'regular'),
        week(2, 105.75, 85.5, 'regular'),
        week(3, 118, 98.75, 'playoff'),
      ]);
    });

    it('the draft with its traded slot, players named from the pool; no transactions', async () => {
      assert.deepEqual(await json(`/league/draft/${leagueId}`), {
        drafts: [
          {
            draft_id: 'hoopsleague20fx1',
            type: 'snake',
            status: 'complete',
            started_at: '2020-09-01T23:00:00.000Z',
            rounds: 2,
            picks: [
              {
                overall: 1,
                round: 1,
                pick: 1,
                roster_id: ADA,
                player_id: '0a1b2',
                full_name: 'Ada Cartwright',
              },
              {
                overall: 2,
                round: 1,
                pick: 2,
                roster_id: BEN,
                player_id: '0a1b3',
                full_name: 'Ben Okafor',
              },
              { overall: 3, round: 2, pick: 1, roster_id: BEN, player_id: '0a003' },
              { overall: 4, round: 2, pick: 2, roster_id: BEN, player_id: '0a004' },
            ],
          },
        ],
        // The season is over: Fantrax's pick holdings are today's, not the season's.
        future_picks: [],
      });
      const page = (await json(`/league/transactions/${leagueId}`)) as { transactions: unknown[] };
      assert.deepEqual(page.transactions, []);
    });
  });
}

describe('Fantrax league data on the recorded league', { skip: FANTRAX_FIXTURES_SKIP }, () => {
  const recorded = FANTRAX_FIXTURES_SKIP ? undefined : readRecordedSeason(2020, 'eju35f9ok7xr9cvt');
  let synced: Synced | undefined;
  let leagueId = 0;
  const json = (path: string) => synced!.json(path);

  before(async () => {
    synced = await syncedApp('sqlite', false);
    const league = synced.leagues.find((l) => l.sport === 'football' && l.season === 2020);
    assert.ok(league);
    leagueId = league.league_id;
  });
  after(async () => {
    await synced?.t.close();
    await synced?.fake.close();
  });

  it('every recorded team has its record and a place; standings rank them 1 to n', async () => {
    const ids = recorded!.teams.map((team) => team.id).sort();
    const teams = (await json(`/league/teams/${leagueId}`)) as Array<{
      roster_id: string;
      record?: unknown;
      standing?: number;
    }>;
    assert.deepEqual(teams.map((team) => team.roster_id).sort(), ids);
    assert.ok(teams.every((team) => team.record !== undefined));
    const standings = (await json(`/league/standings/${leagueId}`)) as Array<{ standing: number }>;
    assert.deepEqual(
      standings.map((row) => row.standing),
      ids.map((_, i) => i + 1),
    );
  });

  it('every week pairs recorded teams; the draft names recorded players as recorded', async () => {
    const ids = new Set(recorded!.teams.map((team) => team.id));
    const matchups = (await json(`/league/matchups/${leagueId}`)) as Array<{
      week: number;
      teams: Array<{ roster_id: string }>;
    }>;
    assert.equal(matchups.length, 3 * Math.floor(ids.size / 2));
    for (const week of [1, 2, 3]) {
      const playing = matchups
        .filter((m) => m.week === week)
        .flatMap((m) => m.teams.map((side) => side.roster_id));
      assert.equal(new Set(playing).size, playing.length);
      assert.ok(playing.every((id) => ids.has(id)));
    }
    const { drafts } = (await json(`/league/draft/${leagueId}`)) as {
      drafts: Array<{
        picks: Array<{ roster_id: string; player_id?: string; full_name?: string }>;
      }>;
    };
    const picks = drafts[0]?.picks ?? [];
    assert.equal(picks.length, ids.size * 2);
    assert.ok(picks.every((pick) => ids.has(pick.roster_id)));
    const named = picks.filter((pick) => recorded!.players.has(pick.player_id ?? ''));
    assert.ok(named.length > 0);
    for (const pick of named) {
      assert.equal(pick.full_name, recorded!.players.get(pick.player_id!)?.name, pick.player_id);
    }
  });
});
