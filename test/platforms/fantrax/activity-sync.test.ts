// The join of the Fantrax connector and its league data, end to end: a Fantrax account linked by
// secret id is synced by the engine from the fake of the official API on 127.0.0.1, and the
// league's teams, standings, matchups and draft are then read through the HTTP API, on every
// backend. The basketball league of the fake (two teams, the 2020 season, over) carries the made-up
// standings, schedule, scores and draft of fake-fantrax-activity.ts; the values below follow from
// its score formula (fullScore) and its snake draft with one traded slot.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { seasonsBetween } from '../../../src/domain/seasons.ts';
import { createFantraxConnector } from '../../../src/platforms/fantrax/index.ts';
import { createSecretBox } from '../../../src/secrets.ts';
import { syncUser } from '../../../src/sync/engine.ts';
import { linkPlatformAccount } from '../../../src/sync/linking.ts';
import { startTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { FANTRAX_SECRET_ID, startFakeFantrax } from '../../helpers/fake-fantrax.ts';
import type { FakeFantrax } from '../../helpers/fake-fantrax.ts';
import { testBackends } from '../../helpers/store.ts';

const CONTRACT = seasonsBetween(2017, 2021);
const SECRETS = createSecretBox({ secretKey: 'b'.repeat(64), dataDir: tmpdir() });

for (const dialect of testBackends()) {
  describe(`Fantrax league data through sync and the HTTP API (${dialect})`, () => {
    let t: TestApp;
    let fake: FakeFantrax;
    let token = '';
    let leagueId = 0;
    const json = async (path: string): Promise<unknown> => {
      const response = await t.request(path, { token });
      assert.equal(response.status, 200, `${path}: ${await response.clone().text()}`);
      return response.json();
    };

    before(async () => {
      fake = await startFakeFantrax({ withoutRecordings: true });
      t = await startTestApp({ dialect });
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
      token = await t.issueToken(user.id);
      const leagues = (await json('/league/findAllLeagues')) as Array<{ league_id: number }>;
      assert.equal(leagues.length, 1);
      leagueId = leagues[0]!.league_id;
    });
    after(async () => {
      await t?.close();
      await fake?.close();
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
