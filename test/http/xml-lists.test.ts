// One XML rule for every answer past the contract's five, checked over every operation on the
// demo's real answers: a root array's entries are named by the answer (`<Teams><Team>`), every
// nested list's entries are `<item>`, members keep their JSON names. The expected XML is built
// here from the JSON answer, apart from the service's serializer (text escaped as it escapes).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { escapeXml } from '../../src/serving/xml.ts';
import { loadDemo } from '../../src/sync/demo.ts';
import { apiRoutes } from '../../src/http/routes/index.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';

/** The contract's five have their own XML, as the specification shows it. */
const CONTRACT = new Set([
  'findAllLeagues',
  'getLeagueSettings',
  'searchPlayerById',
  'searchPlayerByName',
  'getAllRosteredPlayers',
]);

function expected(name: string, value: unknown, entry = 'item'): string {
  if (Array.isArray(value)) {
    return `<${name}>${value.map((member) => expected(entry, member)).join('')}</${name}>`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(([key, member]) => expected(key, member));
    return `<${name}>${members.join('')}</${name}>`;
  }
  if (value === null) return `<${name}/>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

describe('XML lists, one rule over every operation', () => {
  let t: TestApp;
  let token: string;
  before(async () => {
    t = await startTestApp({ dialect: 'sqlite' });
    const summary = await loadDemo(t.store, { seasons: [2017, 2018, 2019, 2020, 2021] });
    token = await t.issueToken(summary.accounts[0]?.userId ?? 0);
  });
  after(() => t.close());

  it('names a root array entries by the answer and every nested list entry <item>', async () => {
    let checked = 0;
    for (const { doc } of apiRoutes([2017, 2018, 2019, 2020, 2021])) {
      if (CONTRACT.has(doc.operationId) || !doc.produces.some((type) => type.includes('xml'))) {
        continue;
      }
      const json: unknown = await (await t.request(doc.example, { token })).json();
      const xml = await (
        await t.request(doc.example, { token, headers: { Accept: 'application/xml' } })
      ).text();
      const root = /^<\?xml[^>]*\?>\s*<([A-Za-z]+)/.exec(xml)?.[1] ?? '';
      const entry = Array.isArray(json)
        ? /^<\?xml[^>]*\?>\s*<[A-Za-z]+><([A-Za-z]+)/.exec(xml)?.[1]
        : undefined;
      const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
      assert.equal(body, expected(root, json, entry), doc.operationId);
      checked += 1;
    }
    assert.ok(checked >= 13, `${checked} operations checked`);
  });
});
