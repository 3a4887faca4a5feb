// Writes src/http/openapi-examples.ts: the response example of every operation in the OpenAPI
// document, each a real answer. It starts the service on a fresh demo store (a throwaway folder),
// with a fake Sleeper serving the project's made-up data for the admin API's link, runs each
// route's own `example` (the public API with the demo token, the admin API with a new admin key:
// creations, then reads, then deletions, the user last), trims every array to a few entries and
// checks each body against the route's schema. Run it after changing a route or an example:
//   npx tsx scripts/generate-openapi-examples.ts
// test/http/openapi-examples.test.ts fails while an operation has none or one no longer fits.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { loadConfig } from '../src/config.ts';
import { PLATFORMS } from '../src/domain/catalog.ts';
import { startServer } from '../src/main.ts';
import { ADMIN_ROUTES } from '../src/http/admin/routes/index.ts';
import type { AdminRouteDoc } from '../src/http/admin/route.ts';
import { apiRoutes } from '../src/http/routes/index.ts';
import { OPERATIONS } from '../src/http/routes/operations.ts';
import { trimExample } from '../src/http/docs/response-examples.ts';
import type { ResponseExample } from '../src/http/docs/response-examples.ts';
import { createAdminKey } from '../src/storage/repositories/admin-keys.ts';
import { reply } from '../test/helpers/fake-platform.ts';
import { SYNTHETIC_SLEEPER } from '../test/helpers/sleeper-data.ts';

const OUT = fileURLToPath(new URL('../src/http/openapi-examples.ts', import.meta.url));

/** Creations first (what the reads and deletions name), then reads, then deletions, user last. */
function adminOrder(a: AdminRouteDoc, b: AdminRouteDoc): number {
  // A webhook first, so the link made next records a delivery for the deliveries' examples to
  // read and replay; the replay after every other creation.
  const rank = (doc: AdminRouteDoc) =>
    doc.method === 'POST' && doc.path === '/admin/webhooks'
      ? -1
      : doc.method === 'POST' && doc.path.endsWith('/replays')
        ? 0.5
        : doc.method === 'POST'
          ? 0
          : doc.method === 'GET'
            ? 1
            : doc.path === '/admin/users/{user_id}'
              ? 3
              : 2;
  return rank(a) - rank(b);
}

function check(operationId: string, schema: TSchema | undefined, body: unknown): void {
  if (schema === undefined) return;
  const compiled = TypeCompiler.Compile(schema);
  if (!compiled.Check(body)) {
    const error = compiled.Errors(body).First();
    throw new Error(
      `${operationId}: the example answer does not fit its schema at ${error?.path}: ${error?.message}`,
    );
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-examples-'));
  // The admin link example names 'solarpool': the fake answers that name with the made-up user.
  const user = { user_id: '100000000000000001', username: 'solarpool', display_name: 'solarpool' };
  const sleeper = await SYNTHETIC_SLEEPER.start({
    overrides: { '/user/solarpool': reply.json(user) },
  });
  const config = loadConfig({
    FANTASY_DATA_DIR: dir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    SLEEPER_BASE_URL: sleeper.baseUrl,
  });
  const server = await startServer(config);
  const examples: Record<string, ResponseExample> = {};
  try {
    const token = server.demoToken;
    if (token === undefined) throw new Error('the fresh store got no demo token');
    for (const route of apiRoutes(config.supportedSeasons)) {
      const { operationId, example, response } = route.doc;
      const answer = await fetch(server.url + example, { headers: { 'X-Auth-Token': token } });
      if (answer.status !== 200)
        throw new Error(`${operationId}: ${example} answered ${answer.status}`);
      const body = trimExample(await answer.json());
      check(operationId, response, body);
      examples[operationId] = { status: 200, body };
    }
    for (const operation of OPERATIONS) {
      const answer = await fetch(server.url + operation.path);
      if (answer.status !== 200) throw new Error(`${operation.path} answered ${answer.status}`);
      const text = await answer.text();
      // The document and the page are long and said elsewhere: their opening stands for them.
      const body =
        operation.operationId === 'openapi'
          ? (({ openapi, info }) => ({ openapi, info }))(
              JSON.parse(text) as Record<string, unknown>,
            )
          : operation.operationId === 'docs'
            ? `${text.slice(0, text.indexOf('<body>') + '<body>'.length)}…`
            : (JSON.parse(text) as unknown);
      check(operation.operationId, operation.responses[200]?.schema, body);
      examples[operation.operationId] = { status: 200, body };
    }
    const { key } = await createAdminKey(server.store.db, { name: 'openapi examples' });
    for (const doc of ADMIN_ROUTES.map((route) => route.doc).sort(adminOrder)) {
      const { body: requestBody, path } = doc.example;
      const answer = await fetch(server.url + path, {
        method: doc.method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(requestBody !== undefined && { 'content-type': 'application/json' }),
        },
        ...(requestBody !== undefined && { body: JSON.stringify(requestBody) }),
      });
      if (answer.status !== doc.status) {
        throw new Error(
          `${doc.operationId}: ${doc.method} ${path} answered ${answer.status}: ${await answer.text()}`,
        );
      }
      if (doc.response === undefined) continue;
      const body = trimExample(await answer.json());
      check(doc.operationId, doc.response, body);
      examples[doc.operationId] = { status: doc.status, body };
    }
  } finally {
    await server.close();
    await sleeper.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // The list of every platform (the meta answer's) is the catalog's, so a platform added there
  // needs no new example; test/platform-names.test.ts holds src/ to it.
  const everyPlatform = JSON.stringify(PLATFORMS);
  const source =
    '// Generated by scripts/generate-openapi-examples.ts from real answers on a fresh demo store\n' +
    '// (arrays trimmed to a few entries); do not edit by hand: run the script again.\n' +
    "import { PLATFORMS } from '../domain/catalog.ts';\n" +
    "import type { ResponseExample } from './docs/response-examples.ts';\n\n" +
    `export const RESPONSE_EXAMPLES: Readonly<Record<string, ResponseExample>> = ${JSON.stringify(
      examples,
    )
      .split(everyPlatform)
      .join('[...PLATFORMS]')};\n`;
  writeFileSync(OUT, source);
  const formatted = spawnSync('npx', ['prettier', '--write', OUT], { stdio: 'inherit' });
  if (formatted.status !== 0) throw new Error('prettier failed');
  console.log(`wrote ${Object.keys(examples).length} examples to ${OUT}`);
}

await main();
