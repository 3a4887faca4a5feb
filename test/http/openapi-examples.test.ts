// Every operation of the OpenAPI document carries a request example (each parameter its value,
// each body its JSON) and a response example on its success answer, and each validates against
// the schema the service itself checks with; an operation without one fails here, naming the
// script that writes them (scripts/generate-openapi-examples.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { loadConfig } from '../../src/config.ts';
import { ADMIN_ROUTES } from '../../src/http/admin/routes/index.ts';
import { apiDocuments } from '../../src/http/api-mount.ts';
import type { HttpMethod, OperationObject } from '../../src/http/openapi.ts';
import { RESPONSE_EXAMPLES } from '../../src/http/openapi-examples.ts';
import { apiRoutes } from '../../src/http/routes/index.ts';
import { OPERATIONS } from '../../src/http/routes/operations.ts';
import { compileParams } from '../../src/http/validate.ts';
import type { RawParams } from '../../src/http/validate.ts';

const SEASONS = loadConfig({}).supportedSeasons;
const REGENERATE = 'run `npx tsx scripts/generate-openapi-examples.ts`';

/** Every operation the service answers, with the schemas its answer and request are checked by. */
interface Expected {
  operationId: string;
  path: string;
  method: HttpMethod;
  status: number;
  response: TSchema | undefined;
  body: TSchema | undefined;
}

const EXPECTED: Expected[] = [
  ...apiRoutes(SEASONS).map(({ doc }) => ({
    operationId: doc.operationId,
    path: doc.path,
    method: 'get' as const,
    status: 200,
    response: doc.response,
    body: undefined,
  })),
  ...OPERATIONS.map((operation) => ({
    operationId: operation.operationId,
    path: operation.path,
    method: 'get' as const,
    status: 200,
    response: operation.responses[200]?.schema,
    body: undefined,
  })),
  ...ADMIN_ROUTES.map(({ doc }) => ({
    operationId: doc.operationId,
    path: doc.path,
    method: doc.method.toLowerCase() as HttpMethod,
    status: doc.status,
    response: doc.response,
    body: doc.body,
  })),
];

function assertFits(schema: TSchema, value: unknown, what: string): void {
  const check = TypeCompiler.Compile(schema);
  const error = check.Errors(value).First();
  assert.ok(check.Check(value), `${what}: ${error?.path} ${error?.message}`);
}

describe('the OpenAPI examples', () => {
  const doc = apiDocuments(SEASONS).openapi;
  const operationOf = (expected: Expected): OperationObject => {
    const found = doc.paths[expected.path]?.[expected.method];
    assert.ok(found, `${expected.operationId} is in the document`);
    return found;
  };

  it('cover every operation of the document, and the document has no other', () => {
    const documented = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((operation: OperationObject) => operation.operationId),
    );
    assert.deepEqual(documented.sort(), EXPECTED.map((e) => e.operationId).sort());
  });

  it('give every success answer with a body a real example that fits its schema', () => {
    for (const expected of EXPECTED) {
      const { operationId, response, status } = expected;
      const content = operationOf(expected).responses[String(status)]?.content;
      if (response === undefined) {
        assert.equal(content, undefined, `${operationId} answers ${status} with no body`);
        continue;
      }
      const example = RESPONSE_EXAMPLES[operationId];
      assert.ok(example, `${operationId} has no response example: ${REGENERATE}`);
      assert.equal(example.status, status, operationId);
      assertFits(response, example.body, `${operationId}'s response example (${REGENERATE})`);
      const first = Object.entries(content ?? {})[0];
      assert.ok(first, operationId);
      const [type, media] = first;
      assert.deepEqual(media.example, example.body, `${operationId} shows it on ${type}`);
    }
  });

  it('give every parameter and request body an example that fits its schema', () => {
    const routes = [
      ...apiRoutes(SEASONS).map(({ doc: d }) => d),
      ...ADMIN_ROUTES.map(({ doc: d }) => d),
    ];
    for (const route of routes) {
      const method = 'method' in route ? (route.method.toLowerCase() as HttpMethod) : 'get';
      const operation = doc.paths[route.path]?.[method];
      assert.ok(operation, route.operationId);
      // A path parameter always has one; a query parameter when the example sends it.
      for (const where of ['path', 'query'] as const) {
        const schema = where === 'path' ? route.params : route.query;
        const raw: RawParams = {};
        for (const parameter of operation.parameters.filter((p) => p.in === where)) {
          if (where === 'path')
            assert.ok('example' in parameter, `${route.operationId} ${parameter.name}`);
          if (!('example' in parameter)) continue;
          const value = parameter.example;
          raw[parameter.name] = Array.isArray(value) ? value.map(String) : String(value);
        }
        assert.doesNotThrow(() => compileParams(schema, where).parse(raw), route.operationId);
      }
      const example = typeof route.example === 'string' ? route.example : route.example.path;
      if (new URL(example, 'http://x.invalid').search !== '') {
        assert.ok(
          operation.parameters.some((p) => p.in === 'query' && 'example' in p),
          `${route.operationId}'s query example is shown`,
        );
      }
      const body = 'body' in route ? route.body : undefined;
      if (body === undefined) {
        assert.equal(operation.requestBody, undefined, route.operationId);
        continue;
      }
      const media = operation.requestBody?.content['application/json'];
      assert.ok(media && 'example' in media, `${route.operationId} has a request body example`);
      assertFits(body, media.example, `${route.operationId}'s request body example`);
    }
  });
});
