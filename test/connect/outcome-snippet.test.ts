// The verification snippet of docs/api.md ("The hosted connect page"), run as written against
// outcomes the real page appends: it accepts the user's own session's outcome once, and refuses
// another user's session's outcome, the same address again, a repeated parameter, a stale
// outcome and a wrong key; under CONNECT_OUTCOME_KEYS the page signs with the first key, and an
// application holding the old and the new key accepts outcomes signed under either.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { connectSigningKey, verifyConnectOutcome } from '../../src/domain/connect-outcome.ts';
import { REPO_ROOT } from '../cli/run-cli.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import { SECRET_KEY, csrfOf, postForm } from './page-helpers.ts';

interface Snippet {
  pendingConnectSessions: Map<string, string>;
  acceptConnectOutcome(
    address: string,
    user: string,
    keys: string[],
    now?: number,
  ): { session: number; status: string; platforms: string[] } | null;
}

/** The ```js block of the connect page's outcome, as docs/api.md shows it. */
function snippetSource(): string {
  const api = readFileSync(join(REPO_ROOT, 'docs', 'api.md'), 'utf8');
  const section = /^### The hosted connect page\n([\s\S]*?)^##? /m.exec(api)?.[1] ?? '';
  const blocks = [...section.matchAll(/^( *)```js\n([\s\S]*?)^\1```/gm)];
  const block = blocks.find((b) => (b[2] ?? '').includes('acceptConnectOutcome'));
  assert.ok(block, 'docs/api.md shows acceptConnectOutcome in a js block of the connect section');
  const indent = (block[1] ?? '').length;
  return (block[2] ?? '')
    .split('\n')
    .map((line) => line.slice(indent))
    .join('\n');
}

const OLD_KEY = connectSigningKey(Buffer.from(SECRET_KEY, 'hex'));
const NEW_KEY = 'e1'.repeat(32);
const RETURN = 'https://app.example.com/back?from=connect';

for (const dialect of testBackends()) {
  describe(`the docs' outcome verification snippet (${dialect})`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-snippet-'));
    let snippet: Snippet;
    let t: TestApp;
    let rotated: TestApp;
    let admin: AdminClient;
    let rotatedAdmin: AdminClient;

    before(async () => {
      const file = join(dir, 'verify.mjs');
      writeFileSync(file, snippetSource());
      snippet = (await import(pathToFileURL(file).href)) as Snippet;
      t = await startTestApp({ dialect, config: { secretKey: SECRET_KEY } });
      rotated = await startTestApp({
        dialect,
        config: { secretKey: SECRET_KEY, connectOutcomeKeys: [NEW_KEY, OLD_KEY] },
      });
      admin = await adminClient(t);
      rotatedAdmin = await adminClient(rotated);
    });
    after(async () => {
      await t?.close();
      await rotated?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /**
     * A session created for `user` as an application creates it (remembered as pending), left
     * with Cancel: the address the browser is sent back to.
     */
    async function cameBack(
      app: TestApp,
      client: AdminClient,
      user: string,
    ): Promise<{ sessionId: number; address: string }> {
      const made = await client.json<{ user_id: number }>('POST', '/admin/users', { name: user });
      const created = await client.json<{ session_id: number; url: string }>(
        'POST',
        `/admin/users/${made.body.user_id}/connect-sessions`,
        { platforms: ['sleeper'], return_url: RETURN },
      );
      assert.equal(created.status, 201);
      snippet.pendingConnectSessions.set(String(created.body.session_id), user);
      const path = new URL(created.body.url).pathname;
      const csrf = csrfOf(await (await fetch(created.body.url)).text());
      const left = await postForm(app, `${path}/cancel`, { csrf });
      assert.equal(left.status, 303);
      return { sessionId: created.body.session_id, address: left.headers.get('location') ?? '' };
    }

    it("accepts the user's own outcome once; the same address again is refused", async () => {
      const { sessionId, address } = await cameBack(t, admin, `ann-${dialect}`);
      const outcome = snippet.acceptConnectOutcome(address, `ann-${dialect}`, [OLD_KEY]);
      assert.deepEqual(outcome, { session: sessionId, status: 'cancelled', platforms: [] });
      assert.equal(snippet.acceptConnectOutcome(address, `ann-${dialect}`, [OLD_KEY]), null);
      // Nor by a caller that lost track of its user.
      assert.equal(
        snippet.acceptConnectOutcome(address, undefined as unknown as string, [OLD_KEY]),
        null,
      );
    });

    it("refuses another user's session's outcome, however well signed", async () => {
      const ben = await cameBack(t, admin, `ben-${dialect}`);
      const cy = await cameBack(t, admin, `cy-${dialect}`);
      assert.equal(snippet.acceptConnectOutcome(cy.address, `ben-${dialect}`, [OLD_KEY]), null);
      assert.equal(snippet.acceptConnectOutcome(ben.address, `cy-${dialect}`, [OLD_KEY]), null);
      // Each is still its own user's to accept.
      assert.ok(snippet.acceptConnectOutcome(ben.address, `ben-${dialect}`, [OLD_KEY]));
      assert.ok(snippet.acceptConnectOutcome(cy.address, `cy-${dialect}`, [OLD_KEY]));
    });

    it('refuses a parameter sent twice, before or after the signed one', async () => {
      const user = `dee-${dialect}`;
      const { address } = await cameBack(t, admin, user);
      const other = await cameBack(t, admin, `eve-${dialect}`);
      const url = new URL(address);
      for (const name of ['fd_session', 'fd_status', 'fd_platforms', 'fd_ts', 'fd_sig']) {
        const theirs = new URL(other.address).searchParams.get(name) as string;
        const mine = url.searchParams.get(name) as string;
        for (const search of [
          `?${name}=${encodeURIComponent(theirs)}&${url.search.slice(1)}`,
          `${url.search}&${name}=${encodeURIComponent(mine)}`,
        ]) {
          const doubled = `${url.origin}${url.pathname}${search}`;
          assert.equal(snippet.acceptConnectOutcome(doubled, user, [OLD_KEY]), null, doubled);
        }
      }
      assert.ok(snippet.acceptConnectOutcome(address, user, [OLD_KEY]));
    });

    it('refuses an outcome older than 300 s, an altered one and one under another key', async () => {
      const user = `fay-${dialect}`;
      const { address } = await cameBack(t, admin, user);
      const at = Number(new URL(address).searchParams.get('fd_ts'));
      assert.equal(snippet.acceptConnectOutcome(address, user, [OLD_KEY], at + 301), null);
      assert.equal(snippet.acceptConnectOutcome(address, user, [NEW_KEY]), null);
      const altered = new URL(address);
      altered.searchParams.set('fd_status', 'linked');
      assert.equal(snippet.acceptConnectOutcome(altered.href, user, [OLD_KEY]), null);
      assert.ok(snippet.acceptConnectOutcome(address, user, [OLD_KEY], at + 300));
    });

    it('under CONNECT_OUTCOME_KEYS the first key signs; the old and new keys verify', async () => {
      const user = `gus-${dialect}`;
      const { sessionId, address } = await cameBack(rotated, rotatedAdmin, user);
      const query = new URL(address).searchParams;
      assert.equal(verifyConnectOutcome(query, [OLD_KEY])?.sessionId, undefined);
      assert.equal(verifyConnectOutcome(query, [NEW_KEY], { sessionId })?.sessionId, sessionId);
      assert.equal(snippet.acceptConnectOutcome(address, user, [OLD_KEY]), null);
      assert.ok(snippet.acceptConnectOutcome(address, user, [NEW_KEY, OLD_KEY]));
      // An outcome the old deployment signed, still arriving during the change, verifies too.
      const late = await cameBack(t, admin, `hal-${dialect}`);
      assert.ok(snippet.acceptConnectOutcome(late.address, `hal-${dialect}`, [NEW_KEY, OLD_KEY]));
    });
  });
}
