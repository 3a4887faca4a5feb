// The demo as a platform people can link, so the whole connect flow runs offline: offered by the
// page and taken by the admin API only once the demo is loaded; linking it attaches the sample
// leagues to the user through a first sync, like any platform.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { loadDemo } from '../../src/sync/demo.ts';
import { TEST_SEASONS } from '../helpers/seasons.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { adminClient } from '../http/admin-helpers.ts';
import type { AdminClient } from '../http/admin-helpers.ts';
import {
  SECRET_KEY,
  createSession,
  csrfOf,
  outcomeOf,
  pageWhenSynced,
  postForm,
} from './page-helpers.ts';

describe('linking the demo', () => {
  let t: TestApp;
  let admin: AdminClient;
  let userId: number;

  before(async () => {
    t = await startTestApp({ dialect: 'sqlite', config: { secretKey: SECRET_KEY } });
    admin = await adminClient(t);
    userId = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'dee' })).body
      .user_id;
  });
  after(async () => {
    await t?.close();
  });

  it('is not offered before the demo is loaded', async () => {
    const session = await createSession(admin, userId, { platforms: ['sleeper', 'demo'] });
    const html = await (await fetch(session.url)).text();
    assert.match(html, /platform\/sleeper/);
    assert.doesNotMatch(html, /platform\/demo/);
    assert.equal((await fetch(`${session.url}/platform/demo`)).status, 404);
  });

  it('once loaded, links from its one-button form and returns a linked outcome', async () => {
    await loadDemo(t.store, {
      seasons: loadConfig({ SUPPORTED_SEASONS: TEST_SEASONS }).supportedSeasons,
    });
    const session = await createSession(admin, userId, {
      platforms: ['demo'],
      return_url: 'https://app.example.com/back',
    });
    const picker = await (await fetch(session.url)).text();
    assert.match(picker, /Sample leagues \(demo\)/);
    const form = await (await fetch(`${session.url}/platform/demo`)).text();
    assert.match(form, />Try with sample leagues<\/button>/);
    assert.doesNotMatch(form, /<input\b(?![^>]*type="hidden")/, 'no field to fill');
    const csrf = csrfOf(form);
    const linked = await postForm(t, `${session.path}/link/demo`, { csrf });
    assert.equal(linked.status, 303, await linked.clone().text());
    const html = await pageWhenSynced(t, session.path, 120_000);
    assert.match(html, /Sample leagues \(demo\): linked as demo\. Leagues read: [1-9]/);
    const finished = await postForm(t, `${session.path}/finish`, { csrf });
    const outcome = outcomeOf(finished.headers.get('location') ?? '');
    assert.deepEqual(
      { status: outcome?.status, platforms: outcome?.platforms },
      { status: 'linked', platforms: ['demo'] },
    );
    const links = await admin.json<Array<{ platform: string; leagues: number }>>(
      'GET',
      `/admin/users/${userId}/links`,
    );
    const demo = links.body.find((link) => link.platform === 'demo');
    assert.ok((demo?.leagues ?? 0) > 0, 'the sample leagues are the user’s');
  });

  it('the admin API links it too once loaded', async () => {
    const other = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'ed' }))
      .body.user_id;
    const linked = await admin.json<{ status: string }>(
      'POST',
      `/admin/users/${other}/links/demo`,
      {},
    );
    assert.equal(linked.status, 200);
    assert.equal(linked.body.status, 'linked');
  });
});
