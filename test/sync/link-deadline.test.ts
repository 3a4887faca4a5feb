// A link ends at its deadline however the platform stalls it: not answering at all (15 s per
// attempt, 4 attempts) ends as a PlatformError of kind timeout; answering 503 with a Retry-After
// longer than the time left ends at once, as the platform's own refusal. Either way nothing is
// stored. The deadline is shortened to 300 ms here; nothing measures time.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { PlatformError } from '../../src/platforms/connector.ts';
import type { SecretBox } from '../../src/secrets.ts';
import { listAccounts } from '../../src/storage/repositories/accounts.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { createConnectorRegistry } from '../../src/sync/connectors.ts';
import {
  LINK_DEADLINE_MS,
  LINK_WAIT_LIMIT_MS,
  linkPlatformAccount,
} from '../../src/sync/linking.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

const SECRETS: SecretBox = {
  encrypt: (text) => text,
  decrypt: (text) => text,
  pseudonym: (label, text) => `${label}:${text}`,
};

/** A platform on 127.0.0.1 that throttles every call, or never answers one. */
async function startStalling(mode: 'retry-after' | 'silent'): Promise<{
  url: string;
  calls: () => number;
  close(): Promise<void>;
}> {
  let calls = 0;
  const server: Server = createServer((_req, res) => {
    calls += 1;
    if (mode === 'silent') return; // the request stays open until the client gives up
    res.writeHead(503, { 'retry-after': '5', 'content-type': 'text/plain' });
    res.end('busy');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("a link's total deadline", () => {
  let store: TestStore;
  let userId: number;
  before(async () => {
    store = await createTestStore();
    userId = (await createUser(store.db, 'alice')).id;
  });
  after(() => store?.destroy());

  it('lies past the budget wait and under a minute', () => {
    assert.ok(LINK_DEADLINE_MS > LINK_WAIT_LIMIT_MS);
    assert.ok(LINK_DEADLINE_MS < 60_000);
  });

  /**
   * Links alice's Sleeper account against a stalling platform with the deadline at 300 ms, and
   * checks the error (`check`), that the platform saw one call and that nothing was stored.
   */
  async function expectFailedLink(
    mode: 'retry-after' | 'silent',
    check: (error: PlatformError) => void,
  ): Promise<void> {
    const platform = await startStalling(mode);
    try {
      const connectors = createConnectorRegistry(loadConfig({ SLEEPER_BASE_URL: platform.url }));
      await assert.rejects(
        linkPlatformAccount(store, connectors, SECRETS, {
          userId,
          platform: 'sleeper',
          request: { username: 'solarpool' },
          deadlineMs: 300,
        }),
        (error: unknown) => {
          assert.ok(error instanceof PlatformError, String(error));
          check(error);
          return true;
        },
      );
      assert.equal(platform.calls(), 1, 'no retry went out');
      assert.deepEqual(await listAccounts(store.db, { userId }), []);
    } finally {
      await platform.close();
    }
  }

  it('fails at once, storing nothing, when the platform asks to wait past the deadline', async () => {
    await expectFailedLink('retry-after', (error) => {
      // The platform's own answer, not the deadline's timeout: the link did not sleep 5 s.
      assert.equal(error.kind, 'unavailable');
      assert.match(
        error.message,
        /^sleeper: .* answered HTTP 503, asking to wait 5 s, past the time this interactive call has left$/,
      );
    });
  });

  it('fails as a platform timeout, storing nothing, when the platform never answers', async () => {
    await expectFailedLink('silent', (error) => {
      assert.equal(error.kind, 'timeout');
      assert.equal(
        error.message,
        'sleeper: the link check did not finish within 1 s (slow, failing or throttling ' +
          'answers); nothing was changed, try again later',
      );
    });
  });
});
