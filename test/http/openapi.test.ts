// The served OpenAPI document, checked against the route table it is built from, and the
// reference page that loads it (Swagger UI, served from the service's own files).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { defaultSeasons } from '../../src/domain/seasons.ts';
import { apiRoutes } from '../../src/http/routes/index.ts';
import { OPERATIONS } from '../../src/http/routes/operations.ts';
import type { OpenApiDocument } from '../../src/http/openapi.ts';
import { AUTH_PROBLEMS, PROBLEMS, PROBLEM_CODES } from '../../src/serving/problems.ts';
import { ADMIN_ROUTES } from '../../src/http/admin/routes/index.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';

const API_ROUTES = apiRoutes(loadConfig({}).supportedSeasons);

/** The served document's `season` filter of the league list. */
function seasonParameter(doc: OpenApiDocument): { description: string; enum: unknown } {
  const season = doc.paths['/league/findAllLeagues']?.get.parameters.find(
    (p) => p.name === 'season',
  );
  assert.ok(season, 'the league list documents its season filter');
  const items = season.schema.items as { enum: unknown };
  return { description: season.description ?? '', enum: items.enum };
}

describe('OpenAPI document and /docs', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let html: string;

  before(async () => {
    t = await startTestApp({ dialect: 'sqlite' });
    doc = (await (await t.request('/openapi.json')).json()) as OpenApiDocument;
    html = await (await t.request('/docs')).text();
  });
  after(() => t.close());

  it('is OpenAPI 3.0 with the contract version', () => {
    assert.equal(doc.openapi, '3.0.3');
    assert.equal(doc.info.version, '1.0.0-oas3');
  });

  it('lists every route of the app, and nothing else', () => {
    assert.deepEqual(
      Object.keys(doc.paths).sort(),
      [
        ...new Set([
          ...API_ROUTES.map((r) => r.doc.path),
          ...OPERATIONS.map((o) => o.path),
          ...ADMIN_ROUTES.map((r) => r.doc.path),
        ]),
      ].sort(),
    );
    for (const route of API_ROUTES) {
      const operation = doc.paths[route.doc.path]?.get;
      assert.equal(operation?.operationId, route.doc.operationId);
      assert.equal(operation?.['x-required-product'], route.doc.product);
      const templateParams = [...route.doc.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const documented = operation?.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      assert.deepEqual(documented, templateParams, route.doc.operationId);
    }
  });

  it('documents both token headers as API-key schemes and Bearer as an HTTP scheme, any one accepted on every API route', () => {
    assert.deepEqual(doc.components.securitySchemes.XAuthToken, {
      ...doc.components.securitySchemes.XAuthToken,
      type: 'apiKey',
      in: 'header',
      name: 'X-Auth-Token',
    });
    const alternative = doc.components.securitySchemes.AuthToken;
    assert.equal(alternative?.type === 'apiKey' && alternative.name, 'auth_token');
    const bearer = doc.components.securitySchemes.BearerToken;
    assert.equal(bearer?.type === 'http' && bearer.scheme, 'bearer');
    for (const route of API_ROUTES) {
      const security = doc.paths[route.doc.path]?.get.security;
      const first = route.doc.contractHeader === 'X-Auth-Token' ? 'XAuthToken' : 'AuthToken';
      // One requirement per scheme: any one of them is enough (none is paired with another).
      assert.deepEqual(security, [
        { [first]: [] },
        { [first === 'XAuthToken' ? 'AuthToken' : 'XAuthToken']: [] },
        { BearerToken: [] },
      ]);
    }
    for (const operation of OPERATIONS)
      assert.deepEqual(doc.paths[operation.path]?.get.security, []);
  });

  it('documents a problem+json response for every status each route can answer', () => {
    for (const route of API_ROUTES) {
      const responses = doc.paths[route.doc.path]?.get.responses ?? {};
      const expected = new Set([
        200,
        304,
        ...[...route.doc.errors, ...AUTH_PROBLEMS].map((c) => PROBLEMS[c].status),
      ]);
      assert.deepEqual(
        Object.keys(responses).map(Number).sort(),
        [...expected].sort(),
        route.doc.operationId,
      );
      for (const [status, response] of Object.entries(responses)) {
        if (status === '200' || status === '304') continue;
        assert.deepEqual(response.content, {
          'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
        });
      }
      for (const status of ['401', '403', '429', '500'])
        assert.ok(responses[status], `${route.doc.operationId} ${status}`);
      assert.ok(responses['401']?.headers?.['WWW-Authenticate']);
      assert.ok(responses['429']?.headers?.['Retry-After']);
    }
  });

  it('offers the league list and settings as XML of both types: wrapped Leagues of League elements', () => {
    const content = doc.paths['/league/findAllLeagues']?.get.responses['200']?.content ?? {};
    assert.deepEqual(Object.keys(content), ['application/json', 'application/xml', 'text/xml']);
    for (const type of ['application/xml', 'text/xml']) {
      assert.deepEqual(content[type]?.schema, {
        type: 'array',
        xml: { name: 'Leagues', wrapped: true },
        items: { $ref: '#/components/schemas/League' },
      });
    }
    const settings = doc.paths['/league/settings/{league_id}']?.get.responses['200']?.content;
    assert.deepEqual(Object.keys(settings ?? {}), [
      'application/json',
      'application/xml',
      'text/xml',
    ]);
    assert.deepEqual(doc.components.schemas.League?.xml, { name: 'League' });
  });

  it('uses only OpenAPI 3.0 schema keywords, and every $ref resolves', () => {
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        assert.ok(!['const', 'patternProperties', '$id', 'examples'].includes(key), key);
        if (key === '$ref') refs.push(value as string);
        walk(value);
      }
    };
    walk(doc);
    assert.ok(refs.length > 0);
    for (const ref of refs) {
      const [, section, name] = /^#\/components\/(schemas|headers)\/(.+)$/.exec(ref) ?? [];
      assert.ok(
        section &&
          name &&
          (doc.components as Record<string, Record<string, unknown>>)[section]?.[name],
        ref,
      );
    }
    const league = doc.components.schemas.League as {
      properties: Record<string, unknown>;
      required: string[];
    };
    assert.deepEqual(Object.keys(league.properties), [
      'league_id',
      'name',
      'platform',
      'num_teams',
      'sport',
      'league_url',
      'season',
      'league_avatar',
    ]);
    assert.deepEqual(league.required, ['league_id', 'name', 'platform']);
    assert.deepEqual(league.properties.platform, {
      description: 'The fantasy platform the league lives on.',
      type: 'string',
      enum: ['sleeper', 'espn', 'yahoo', 'mfl', 'fleaflicker', 'fantrax', 'demo'],
    });
  });

  it('serves /docs as Swagger UI from its own files, under a CSP with nothing inline', async () => {
    const page = await t.request('/docs');
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self';/);
    assert.match(csp, /style-src 'self';/);
    assert.match(csp, /connect-src 'self';/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe|\*|https?:/);
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    assert.ok(!/<script>|<style|\sstyle=|\son[a-z]+=/i.test(html), 'no inline script or style');
    const assets = [...html.matchAll(/(?:src|href)="(docs\/assets\/[^"]+)"/g)].map((m) => m[1]);
    assert.equal(assets.length, 4, 'the bundle, its stylesheet, our start-up file and styles');
    assert.ok(!/\s(src|href)="(https?:)?\/\//i.test(html), 'nothing from elsewhere');
    for (const asset of assets) {
      const answer = await t.request(`/${asset}`, { headers: { 'accept-encoding': 'br' } });
      assert.equal(answer.status, 200, asset);
      assert.equal(answer.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(answer.headers.get('vary'), 'Accept-Encoding');
      assert.match(answer.headers.get('content-type') ?? '', /^text\/(javascript|css)/);
      assert.ok((await answer.text()).length > 100, asset);
    }
    const bundle = assets.find((a) => a?.endsWith('/swagger-ui-bundle.js')) as string;
    const plain = await t.request(`/${bundle}`, { headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.match(await plain.text(), /SwaggerUIBundle/);
    const gone = await t.request('/docs/assets/0000/swagger-ui-bundle.js');
    assert.equal(gone.status, 404);
    const post = await t.request(`/${bundle}`, { method: 'POST' });
    assert.equal(post.status, 405);
  });

  it('keeps every problem type on /docs, where each problem links', () => {
    for (const code of PROBLEM_CODES) {
      assert.ok(html.includes(`id="problem-${code.replaceAll('_', '-')}"`), code);
    }
  });

  it('says the admin API takes POST and DELETE, not that every endpoint is a GET', () => {
    assert.doesNotMatch(doc.info.description, /every endpoint is a read-only GET/i);
    assert.match(doc.info.description, /admin API under `\/admin\/`.*POST and DELETE/);
    const methods = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    assert.ok(methods.includes('post') && methods.includes('delete'));
  });

  it('gives the curl example of the league list', () => {
    const samples = doc.paths['/league/findAllLeagues']?.get['x-codeSamples'] ?? [];
    assert.deepEqual(
      samples.map((sample) => sample.source),
      ['curl -sS -H "X-Auth-Token: $TOKEN" "$B/league/findAllLeagues?sport=football"'],
    );
  });
});

describe('OpenAPI document and /docs follow SUPPORTED_SEASONS', () => {
  it('lists 2017 through the current season when nothing is set', async () => {
    const t = await startTestApp({ dialect: 'sqlite', config: loadConfig({}) });
    try {
      const doc = (await (await t.request('/openapi.json')).json()) as OpenApiDocument;
      const seasons = seasonParameter(doc).enum as number[];
      assert.deepEqual(seasons, defaultSeasons(new Date()));
      assert.equal(seasons[0], 2017);
      assert.ok(
        (seasons.at(-1) ?? 0) >= 2026,
        `the default reaches this season: ${seasons.join()}`,
      );
    } finally {
      await t.close();
    }
  });

  it('lists the configured years in the enum and the examples', async () => {
    const config = loadConfig({ SUPPORTED_SEASONS: '2017-2025' }, new Date('2025-09-01T00:00:00Z'));
    const t = await startTestApp({ dialect: 'sqlite', config });
    try {
      const doc = (await (await t.request('/openapi.json')).json()) as OpenApiDocument;
      const season = seasonParameter(doc);
      assert.deepEqual(season.enum, [2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
      const operation = doc.paths['/league/findAllLeagues']?.get;
      assert.match(operation?.description ?? '', /season=2025/);
    } finally {
      await t.close();
    }
  });
});
