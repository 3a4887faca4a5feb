// Linking ESPN by league id on the connect page: the page names the link by what the person
// knows, the league's name and season once its first sync has read it, and the id they typed
// while it could not be read; never the account's internal id ("leagues:90003"). Against a fake
// ESPN serving the made-up world, and the recordings when they are there.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { ESPN_DATA_SETS } from '../helpers/espn-data.ts';
import type { FakeEspn } from '../helpers/fake-espn.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { SECRET_KEY, createSession, csrfOf, pageWhenSynced, postForm } from './page-helpers.ts';

for (const data of ESPN_DATA_SETS) {
  for (const dialect of testBackends()) {
    describe(
      `the connect page names an ESPN link (${data.label}, ${dialect})`,
      {
        skip: data.skip,
      },
      () => {
        let t: TestApp;
        let fake: FakeEspn;
        let admin: AdminClient;

        before(async () => {
          fake = await data.start();
          t = await startTestApp({
            dialect,
            // The basketball league is ESPN's 2023 season, the service's 2022.
            config: { secretKey: SECRET_KEY, supportedSeasons: [2020, 2021, 2022] },
            platforms: { espnBaseUrl: fake.baseUrl, espnFanBaseUrl: fake.fanBaseUrl },
          });
          admin = await adminClient(t);
        });
        after(async () => {
          await t?.close();
          await fake?.close();
        });

        /** Links the ids through the page's form and returns the page once the first sync ended. */
        async function linkByIds(
          user: string,
          leagueIds: string,
        ): Promise<{ html: string; userId: number }> {
          const userId = (
            await admin.json<{ user_id: number }>('POST', '/admin/users', { name: user })
          ).body.user_id;
          const session = await createSession(admin, userId, { platforms: ['espn'] });
          const form = await (await fetch(`${session.url}/platform/espn`)).text();
          const linked = await postForm(t, `${session.path}/link/espn`, {
            csrf: csrfOf(form),
            league_ids: leagueIds,
          });
          assert.equal(linked.status, 303, await linked.text());
          return { html: await pageWhenSynced(t, session.path), userId };
        }

        it('by the league’s name and season once it is read', async () => {
          const { html, userId } = await linkByIds(
            'gwen',
            `basketball:${data.basketball.leagueId}`,
          );
          const token = await t.issueToken(userId);
          const leagues = (await (
            await t.request('/league/findAllLeagues', { token })
          ).json()) as Array<{ name: string; season: number }>;
          assert.equal(leagues.length, 1, JSON.stringify(leagues));
          const { name, season } = leagues[0] as { name: string; season: number };
          assert.equal(season, 2022);
          const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, '&#39;');
          assert.match(html, new RegExp(`Linked as ${escaped} \\(2022\\)`));
          assert.doesNotMatch(html, /leagues:/);
        });

        it('by the ids typed while ESPN has not given their names', async () => {
          // Ids ESPN does not know: the first sync reads nothing, so there is no name to show.
          const { html } = await linkByIds('hal', '999000001 999000002');
          assert.match(html, /Linked as leagues 999000001 and 999000002/);
          assert.doesNotMatch(html, /leagues:/);
        });
      },
    );
  }
}
