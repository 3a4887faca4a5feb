// A connect link cannot spend a platform's call budget for the whole deployment: 30 wrong MFL
// passwords through one connect session (against a fake MFL on 127.0.0.1) reach MFL at most
// LINK_ATTEMPTS_PER_SESSION times, the others answer 429 with Retry-After and a plain message,
// and another user's MFL link goes through right after. With Redis, two instances count together.
// Only logins are asked of the fake MFL, and its login is its own (MFL_LOGIN): no recording needed,
// and the login's league lists are empty so a first sync reads nothing recorded either.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/main.ts';
import type { RunningServer } from '../../src/main.ts';
import { createAdminKey } from '../../src/storage/repositories/admin-keys.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { MFL_LOGIN, startFakeMfl } from '../helpers/fake-mfl.ts';
import type { FakeMfl } from '../helpers/fake-mfl.ts';
import { testBackends } from '../helpers/store.ts';
import { createSession, csrfOf } from '../connect/page-helpers.ts';
import { adminClient } from './admin-helpers.ts';
import type { AdminClient } from './admin-helpers.ts';
import { SKIP_WITHOUT_REDIS, TEST_REDIS_URL, deleteKeys, uniquePrefix } from './redis.ts';

const SESSION_CAP = loadConfig({}).linkAttemptsPerSession;
const TRIES = 30;

const logins = (fake: FakeMfl) =>
  fake.requests.filter((call) => call.path.endsWith('/login')).length;

/** A wrong password posted from the page of `path` on `baseUrl`, as a browser posts it. */
function wrongPassword(baseUrl: string, path: string, csrf: string, i: number): Promise<Response> {
  return fetch(`${baseUrl}${path}/link/mfl`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: baseUrl,
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams({ csrf, username: MFL_LOGIN.username, password: `wrong ${i}` }),
  });
}

/** The 30 answers: at most the cap were checked with MFL (422), the rest refused uncalled (429). */
async function checkAnswers(answers: Response[]): Promise<void> {
  let refused = 0;
  let limited = 0;
  for (const answer of answers) {
    const html = await answer.text();
    if (answer.status === 422) {
      refused++;
      assert.match(html, /MyFantasyLeague didn&#39;t accept this username and password/);
      continue;
    }
    assert.equal(answer.status, 429, html.slice(0, 500));
    limited++;
    const retryAfter = Number(answer.headers.get('retry-after'));
    assert.ok(retryAfter >= 1, 'Retry-After in whole seconds');
    assert.match(
      html,
      new RegExp(`Too many tries in a short time\\. Wait ${retryAfter} seconds, then try again\\.`),
    );
  }
  assert.ok(refused <= SESSION_CAP, `${refused} attempts reached MFL`);
  assert.equal(refused + limited, TRIES);
}

for (const dialect of testBackends()) {
  describe(`link attempts are limited (${dialect})`, () => {
    let fake: FakeMfl;
    let t: TestApp;
    let admin: AdminClient;
    let alice: number;
    let bob: number;
    before(async () => {
      fake = await startFakeMfl({ myLeagues: {} });
      t = await startTestApp({ dialect, platforms: { mflBaseUrl: fake.baseUrl } });
      admin = await adminClient(t);
      alice = (await t.createUser('alice')).id;
      bob = (await t.createUser('bob')).id;
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    it('30 wrong MFL passwords through one connect session cost MFL at most the cap; another user links MFL right after', async () => {
      const session = await createSession(admin, alice, { platforms: ['mfl'] });
      const csrf = csrfOf(await (await fetch(t.baseUrl + session.path)).text());
      const before = logins(fake);
      const answers = await Promise.all(
        Array.from({ length: TRIES }, (_, i) => wrongPassword(t.baseUrl, session.path, csrf, i)),
      );
      await checkAnswers(answers);
      assert.ok(logins(fake) - before <= SESSION_CAP, `${logins(fake) - before} logins`);

      const linked = await admin.json<{ status: string }>('POST', `/admin/users/${bob}/links/mfl`, {
        credentials: MFL_LOGIN,
      });
      assert.equal(linked.status, 200, JSON.stringify(linked.body));
      assert.equal(linked.body.status, 'linked');
    });

    it("the admin API answers 429 link_attempts_exceeded while the user's wait runs, calling nothing", async () => {
      const calls = fake.requests.length;
      const answer = await admin.json<{ code: string; detail: string }>(
        'POST',
        `/admin/users/${alice}/links/mfl`,
        { credentials: MFL_LOGIN },
      );
      assert.equal(answer.status, 429, JSON.stringify(answer.body));
      assert.equal(answer.body.code, 'link_attempts_exceeded');
      assert.match(answer.body.detail, /^Too many tries\. Wait \d+ seconds? and try again\.$/);
      assert.ok(Number(answer.response.headers.get('retry-after')) >= 1);
      assert.equal(fake.requests.length, calls, 'MFL was not called');
    });
  });
}

describe(
  'link attempts are counted in Redis across two instances',
  { skip: SKIP_WITHOUT_REDIS },
  () => {
    const prefix = uniquePrefix();
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-link-attempts-'));
    let fake: FakeMfl;
    const servers: RunningServer[] = [];
    before(async () => {
      fake = await startFakeMfl({ myLeagues: {} });
      const config = loadConfig({
        FANTASY_DATA_DIR: dir,
        HOST: '127.0.0.1',
        PORT: '0',
        REDIS_URL: TEST_REDIS_URL,
        RATE_LIMIT_PER_MINUTE: '0',
        SYNC_INTERVAL_MINUTES: '0',
        SYNC_WORKER_IN_SERVE: 'false',
        FANTASY_DEMO_ON_EMPTY: 'false',
        MFL_BASE_URL: fake.baseUrl,
      });
      const options = {
        queuePrefix: `${prefix}q`,
        budgetKeyPrefix: `${prefix}budget:`,
        attemptKeyPrefix: `${prefix}attempts:`,
      };
      servers.push(await startServer(config, options));
      servers.push(await startServer(config, options));
    });
    after(async () => {
      for (const server of servers) await server.close();
      await fake?.close();
      rmSync(dir, { recursive: true, force: true });
      await deleteKeys(prefix);
    });

    it('30 wrong passwords spread over both cost MFL at most the cap; another user links MFL right after', async () => {
      const [one, two] = servers as [RunningServer, RunningServer];
      const { key } = await createAdminKey(one.store.db, 'attempts-test');
      const alice = await createUser(one.store.db, 'alice');
      const bob = await createUser(one.store.db, 'bob');
      const adminCall = (url: string, path: string, body: unknown) =>
        fetch(url + path, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const created = (await (
        await adminCall(one.url, `/admin/users/${alice.id}/connect-sessions`, {
          platforms: ['mfl'],
        })
      ).json()) as { url: string };
      const path = new URL(created.url).pathname;
      const csrf = csrfOf(await (await fetch(one.url + path)).text());
      const before = logins(fake);
      const answers = await Promise.all(
        Array.from({ length: TRIES }, (_, i) =>
          wrongPassword(i % 2 === 0 ? one.url : two.url, path, csrf, i),
        ),
      );
      await checkAnswers(answers);
      assert.ok(logins(fake) - before <= SESSION_CAP, `${logins(fake) - before} logins`);

      const linked = await adminCall(two.url, `/admin/users/${bob.id}/links/mfl`, {
        credentials: MFL_LOGIN,
      });
      assert.equal(linked.status, 200, await linked.text());
    });
  },
);
