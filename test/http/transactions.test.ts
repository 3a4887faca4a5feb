// GET /league/transactions/{league_id} and GET /league/draft/{league_id} on every backend: the
// bodies (names from the league's pool), pages and cursors, filters, the 400s, XML, ETag/304 and
// a re-sync changing the answers. The security suite covers tokens, products and foreign leagues.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DraftsSchema, TransactionPageSchema } from '../../src/serving/transaction-schemas.ts';
import type { TransactionPageBody } from '../../src/serving/transaction-schemas.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { UNKNOWN_PLAYER, leagueWithActivity, sampleActivity } from '../helpers/transaction-data.ts';
import { assertSchema, expectInvalidParam, expectProblem } from './expect.ts';
import { buildWorld } from './world.ts';
import type { World } from './world.ts';

const ACTIVITY_KEY = '700000000000000007';

const TRADE = {
  transaction_id: '102',
  type: 'trade',
  status: 'complete',
  occurred_at: '2021-09-15T09:30:00.000Z',
  week: 3,
  roster_ids: ['1'],
  players: [
    { player_id: '4984', full_name: 'Josh Allen', from_roster_id: '2', to_roster_id: '1' },
    { player_id: 'DET', full_name: 'Detroit Lions', from_roster_id: '1', to_roster_id: '2' },
  ],
  picks: [
    { season: 2022, round: 1, original_roster_id: '1', from_roster_id: '1', to_roster_id: '2' },
  ],
  faab: [{ amount: 5, from_roster_id: '2', to_roster_id: '1' }],
};
const WAIVER = {
  transaction_id: '101',
  type: 'waiver',
  status: 'complete',
  occurred_at: '2021-09-08T10:00:00.000Z',
  week: 2,
  roster_ids: ['2'],
  // Not in the pool: no full_name.
  players: [{ player_id: UNKNOWN_PLAYER, to_roster_id: '2' }],
  faab_bid: 17,
};

const DRAFTS = {
  drafts: [
    {
      draft_id: 'd-2021',
      type: 'snake',
      status: 'complete',
      started_at: '2021-08-28T18:00:00.000Z',
      rounds: 2,
      picks: [
        {
          overall: 1,
          round: 1,
          pick: 1,
          roster_id: '1',
          player_id: '4046',
          full_name: 'Patrick Mahomes',
          keeper: true,
        },
        {
          overall: 2,
          round: 1,
          pick: 2,
          roster_id: '2',
          player_id: '4984',
          full_name: 'Josh Allen',
        },
        { overall: 3, round: 2, pick: 1, roster_id: '2', player_id: UNKNOWN_PLAYER },
        { overall: 4, round: 2, pick: 2, roster_id: '1' },
      ],
    },
  ],
  future_picks: [
    { season: 2022, round: 1, original_roster_id: '1', owner_roster_id: '2' },
    { season: 2022, round: 1, original_roster_id: '2', owner_roster_id: '2' },
    { season: 2022, round: 2, original_roster_id: '2', owner_roster_id: '2' },
  ],
};

for (const dialect of testBackends()) {
  describe(`transactions and drafts (${dialect})`, () => {
    let t: TestApp;
    let w: World;
    let league: number;

    before(async () => {
      t = await startTestApp({ dialect });
      w = await buildWorld(t);
      league = await t.addLeague(
        leagueWithActivity(sampleActivity(), { platformLeagueKey: ACTIVITY_KEY }),
        w.aliceId,
      );
    });
    after(async () => {
      await t?.close();
    });

    const get = (path: string, headers: Record<string, string> = {}) =>
      t.request(path, { token: w.tokens.alice, headers });

    async function page(query: string): Promise<TransactionPageBody> {
      const response = await get(`/league/transactions/${league}${query}`);
      assert.equal(response.status, 200, await response.clone().text());
      const body = (await response.json()) as TransactionPageBody;
      assertSchema(TransactionPageSchema, body);
      return body;
    }
    const idsOf = (body: TransactionPageBody) => body.transactions.map((x) => x.transaction_id);

    it('lists the transactions newest first, with pool names where the pool has them', async () => {
      const body = await page('');
      assert.deepEqual(idsOf(body), ['103', '102', '101', '100']);
      assert.equal(body.next_cursor, undefined);
      assert.deepEqual(body.transactions[1], TRADE);
      assert.deepEqual(body.transactions[2], WAIVER);
      assert.deepEqual(body.transactions[0], {
        transaction_id: '103',
        type: 'drop',
        status: 'pending',
        occurred_at: '2021-09-15T09:30:00.000Z',
        roster_ids: ['2'],
        players: [{ player_id: '4984', full_name: 'Josh Allen', from_roster_id: '2' }],
      });
    });

    it('pages with limit and the cursor it gives, each transaction once', async () => {
      const first = await page('?limit=3');
      assert.deepEqual(idsOf(first), ['103', '102', '101']);
      assert.ok(first.next_cursor);
      const second = await page(`?limit=3&cursor=${encodeURIComponent(first.next_cursor)}`);
      assert.deepEqual(idsOf(second), ['100']);
      assert.equal(second.next_cursor, undefined);
      // Pages of one across the tie at 09:30 (103 and 102 share it).
      const one = await page('?limit=1');
      const two = await page(`?limit=1&cursor=${one.next_cursor ?? ''}`);
      assert.deepEqual([idsOf(one), idsOf(two)], [['103'], ['102']]);
    });

    it('filters by type (repeatable) and by a team involved', async () => {
      assert.deepEqual(idsOf(await page('?type=trade&type=add')), ['102', '100']);
      assert.deepEqual(idsOf(await page('?type=trade&type=trade')), ['102']);
      assert.deepEqual(idsOf(await page('?roster_id=2')), ['103', '102', '101']);
      assert.deepEqual(idsOf(await page('?roster_id=2&type=waiver')), ['101']);
      const filtered = await page('?roster_id=2&limit=1');
      assert.deepEqual(idsOf(filtered), ['103']);
      const next = await page(`?roster_id=2&limit=1&cursor=${filtered.next_cursor ?? ''}`);
      assert.deepEqual(idsOf(next), ['102']);
    });

    it("refuses a cursor with other filters or another league's path than its page's", async () => {
      const { next_cursor: cursor = '' } = await page('?type=add&type=trade&type=waiver&limit=1');
      assert.ok(cursor);
      // The same filters in another order are the same filters.
      const same = await page(`?type=waiver&type=trade&type=add&limit=1&cursor=${cursor}`);
      assert.deepEqual(idsOf(same), ['101']);
      for (const path of [
        `/league/transactions/${league}?limit=1&cursor=${cursor}`,
        `/league/transactions/${league}?type=add&limit=1&cursor=${cursor}`,
        `/league/transactions/${w.leagues.alpha}?type=add&type=trade&type=waiver&cursor=${cursor}`,
      ]) {
        const body = await expectInvalidParam(await get(path), 'cursor', 'query');
        assert.match(body.detail, /another league or other filters/);
      }
    });

    it('filters by week, alone and with the other filters', async () => {
      assert.deepEqual(idsOf(await page('?week=2')), ['101']);
      assert.deepEqual(idsOf(await page('?week=3&roster_id=2')), ['102']);
      assert.deepEqual(idsOf(await page('?week=3&type=add')), []);
      assert.deepEqual(idsOf(await page('?week=9')), []);
      for (const bad of ['0', '101', 'two']) {
        await expectInvalidParam(
          await get(`/league/transactions/${league}?week=${bad}`),
          'week',
          'query',
        );
      }
    });

    it('answers an empty page for a league with no transactions', async () => {
      const response = await get(`/league/transactions/${w.leagues.alpha}`);
      assert.deepEqual(await response.json(), { transactions: [] });
    });

    it('answers 400 naming the parameter for a bad type, limit, roster_id or cursor', async () => {
      const base = `/league/transactions/${league}`;
      await expectInvalidParam(await get(`${base}?type=swap`), 'type', 'query');
      await expectInvalidParam(await get(`${base}?limit=0`), 'limit', 'query');
      await expectInvalidParam(await get(`${base}?limit=101`), 'limit', 'query');
      await expectInvalidParam(await get(`${base}?limit=2&limit=3`), 'limit', 'query');
      await expectInvalidParam(await get(`${base}?week=1&week=2`), 'week', 'query');
      const team = await expectInvalidParam(await get(`${base}?roster_id=9`), 'roster_id', 'query');
      assert.match(team.detail, new RegExp(`names no team of league ${league}`));
      const { next_cursor: cursor = '' } = await page('?limit=1');
      const forged = Buffer.from(JSON.stringify(['2021-09-15T09:30:00Z', '102'])).toString(
        'base64url',
      );
      for (const bad of [
        'garbage',
        `${cursor}A`,
        forged,
        Buffer.from('[]').toString('base64url'),
      ]) {
        const body = await expectInvalidParam(
          await get(`${base}?cursor=${encodeURIComponent(bad)}`),
          'cursor',
          'query',
        );
        assert.equal(body.detail, 'cursor is not a next_cursor this service gave');
      }
      await expectProblem(await get('/league/transactions/0'), 'invalid_parameter');
    });

    it('writes a page as XML when asked', async () => {
      const response = await get(`/league/transactions/${league}?type=waiver`, {
        Accept: 'application/xml',
      });
      assert.equal(response.headers.get('content-type'), 'application/xml; charset=utf-8');
      assert.equal(
        await response.text(),
        '<?xml version="1.0" encoding="UTF-8"?>\n<TransactionPage><transactions><item>' +
          '<transaction_id>101</transaction_id><type>waiver</type><status>complete</status>' +
          '<occurred_at>2021-09-08T10:00:00.000Z</occurred_at><week>2</week>' +
          '<roster_ids><item>2</item></roster_ids><players><item>' +
          `<player_id>${UNKNOWN_PLAYER}</player_id><to_roster_id>2</to_roster_id></item></players>` +
          '<faab_bid>17</faab_bid></item></transactions></TransactionPage>',
      );
    });

    it('answers the drafts and future picks, with pool names', async () => {
      const response = await get(`/league/draft/${league}`);
      assert.equal(response.status, 200);
      const body = await response.json();
      assertSchema(DraftsSchema, body);
      assert.deepEqual(body, DRAFTS);
      const empty = await get(`/league/draft/${w.leagues.alpha}`);
      assert.deepEqual(await empty.json(), { drafts: [], future_picks: [] });
      await expectInvalidParam(await get(`/league/draft/${league}?limit=1`), 'limit', 'query');
    });

    it('writes the drafts as XML when asked', async () => {
      const response = await get(`/league/draft/${league}`, { Accept: 'text/xml' });
      assert.equal(response.headers.get('content-type'), 'text/xml; charset=utf-8');
      const xml = await response.text();
      assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Drafts><drafts><item>'));
      assert.ok(
        xml.includes(
          '<item><overall>1</overall><round>1</round><pick>1</pick><roster_id>1</roster_id>' +
            '<player_id>4046</player_id><full_name>Patrick Mahomes</full_name>' +
            '<keeper>true</keeper></item>',
        ),
        xml,
      );
      assert.ok(
        xml.endsWith(
          '<item><season>2022</season><round>2</round><original_roster_id>2</original_roster_id>' +
            '<owner_roster_id>2</owner_roster_id></item></future_picks></Drafts>',
        ),
        xml,
      );
    });

    it('answers 304 to the ETag, and new answers once a re-sync changes the data', async () => {
      const paths = [`/league/transactions/${league}?limit=2`, `/league/draft/${league}`];
      const etags: string[] = [];
      for (const path of paths) {
        const first = await get(path);
        const etag = first.headers.get('etag') ?? '';
        assert.ok(etag, path);
        await first.arrayBuffer();
        const again = await get(path, { 'If-None-Match': etag });
        assert.equal(again.status, 304, path);
        etags.push(etag);
      }
      const changed = sampleActivity();
      changed.transactions.push({
        transactionId: '104',
        type: 'add',
        status: 'complete',
        occurredAt: '2021-09-20T08:00:00Z',
        rosterIds: ['2'],
        playerMoves: [{ playerId: '1234', toRosterId: '2' }],
      });
      changed.drafts = [];
      await t.addLeague(
        leagueWithActivity(changed, { platformLeagueKey: ACTIVITY_KEY }),
        w.aliceId,
      );
      await t.app.refresh();
      for (const [i, path] of paths.entries()) {
        const response = await get(path, { 'If-None-Match': etags[i] as string });
        assert.equal(response.status, 200, path);
        assert.notEqual(response.headers.get('etag'), etags[i], path);
        const body = (await response.json()) as Record<string, unknown>;
        if (i === 0) {
          assert.deepEqual(idsOf(body as TransactionPageBody), ['104', '103']);
          const added = (body as TransactionPageBody).transactions[0];
          assert.deepEqual(added?.players, [
            { player_id: '1234', full_name: 'Old Timer', to_roster_id: '2' },
          ]);
        } else {
          assert.deepEqual(body.drafts, []);
        }
      }
    });
  });
}
