// Admin key scopes and expiry: every operation of the route table is refused (403
// admin_scope_missing, naming the scope it needs, changing nothing) to a key whose scopes do not
// cover it; `read` runs every GET and nothing else; a resource scope runs its resource's
// operations only; an expired key is refused like a revoked one (401).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_RESOURCE_SCOPES } from '../../src/domain/admin-scopes.ts';
import type { AdminScope } from '../../src/domain/admin-scopes.ts';
import { ADMIN_ROUTES } from '../../src/http/admin/routes/index.ts';
import { linkAccount } from '../../src/storage/repositories/accounts.ts';
import { issueToken } from '../../src/storage/repositories/tokens.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from './admin-helpers.ts';
import { expectProblem } from './expect.ts';

const TABLES = [
  'users',
  'tokens',
  'platform_accounts',
  'connect_sessions',
  'sync_requests',
  'admin_keys',
] as const;

for (const dialect of testBackends()) {
  describe(`admin key scopes and expiry (${dialect})`, () => {
    let t: TestApp;

    before(async () => {
      t = await startTestApp({ dialect });
      const user = await createUser(t.store.db, 'alice');
      await issueToken(t.store.db, { userId: user.id, products: ['league'] });
      await linkAccount(t.store.db, {
        userId: user.id,
        platform: 'sleeper',
        externalUserId: '1',
        username: 'alice1',
      });
    });
    after(async () => {
      await t?.close();
    });

    /** Rows per table: what a refused call must leave as it was. */
    async function counts(): Promise<Record<string, number>> {
      const result: Record<string, number> = {};
      for (const table of TABLES) {
        const row = await t.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        result[table] = Number(row.n);
      }
      return result;
    }

    it('refuses every operation to a key whose scopes do not cover it, changing nothing', async () => {
      const before = await counts();
      for (const route of ADMIN_ROUTES) {
        const { doc } = route;
        const others: AdminScope[] = ADMIN_RESOURCE_SCOPES.filter((s) => s !== doc.scope);
        const keys = [others, ...(doc.method === 'GET' ? [] : [['read' as const]])];
        for (const scopes of keys) {
          const admin = await adminClient(t, `not ${doc.scope}`, { scopes });
          const response = await admin.call(doc.method, doc.example.path, doc.example.body);
          const problem = await expectProblem(response, 'admin_scope_missing');
          const label = `${doc.operationId} with ${scopes.join(',')}`;
          assert.equal((problem as { required_scope?: string }).required_scope, doc.scope, label);
          assert.match(problem.detail, new RegExp(`needs "${doc.scope}"`), label);
        }
      }
      const keysMade = ADMIN_ROUTES.reduce((n, r) => n + (r.doc.method === 'GET' ? 1 : 2), 0);
      assert.deepEqual(await counts(), {
        ...before,
        admin_keys: (before.admin_keys ?? 0) + keysMade,
      });
    });

    it('runs every GET with read, and a resource scope runs its own operations only', async () => {
      const reader = await adminClient(t, 'reader', { scopes: ['read'] });
      for (const route of ADMIN_ROUTES.filter((r) => r.doc.method === 'GET')) {
        const response = await reader.call('GET', route.doc.example.path);
        assert.notEqual(response.status, 403, route.doc.operationId);
        assert.ok(response.status < 500, `${route.doc.operationId}: ${response.status}`);
        await response.body?.cancel();
      }
      const tokens = await adminClient(t, 'token issuer', { scopes: ['tokens'] });
      const issued = await tokens.json<{ token: string }>('POST', '/admin/users/1/tokens', {
        products: ['league'],
      });
      assert.equal(issued.status, 201);
      assert.equal((await tokens.call('GET', '/admin/users/1/tokens')).status, 200);
      await expectProblem(await tokens.call('DELETE', '/admin/users/1'), 'admin_scope_missing');
      await expectProblem(await tokens.call('GET', '/admin/users/1'), 'admin_scope_missing');
      assert.equal(
        (await reader.call('GET', '/admin/users/1')).status,
        200,
        'alice is still there',
      );
    });

    it('refuses an expired key with 401 admin_key_expired, like a revoked one', async () => {
      const expired = await adminClient(t, 'expired', {
        scopes: ['full'],
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      });
      const response = await expired.call('GET', '/admin/users');
      assert.match(response.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
      const problem = await expectProblem(response, 'admin_key_expired');
      assert.match(problem.detail, /expired/);
      const live = await adminClient(t, 'live', {
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      assert.equal((await live.call('GET', '/admin/users')).status, 200);
    });
  });
}
