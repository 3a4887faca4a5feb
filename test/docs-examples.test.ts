// Every example command a first-time user is shown, run as written: the curl lines of the
// README's "Try it" section and of the OpenAPI document (each operation's x-codeSamples, which
// /docs shows), in a real shell with real curl, against the
// real server (startServer) on a fresh demo store, with TOKEN and B set as the README says.
// Each must answer 2xx with a content type the OpenAPI document gives for that answer.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/main.ts';
import type { RunningServer } from '../src/main.ts';
import type { OpenApiDocument, OperationObject } from '../src/http/openapi.ts';
import { REPO_ROOT, tempDataDir } from './cli/run-cli.ts';
import type { TempDir } from './cli/run-cli.ts';

const run = promisify(execFile);
const STATUS_MARK = '@@example-status';
const hasCurl = spawnSync('curl', ['--version']).status === 0;

/** The `sh` code block of the README's "## Try it" section, as lines. */
function readmeTryIt(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = /^## Try it\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block.split('\n');
}

/** The curl line of every operation of the document. */
function documentCommands(doc: OpenApiDocument): string[] {
  return Object.values(doc.paths).flatMap((item) =>
    Object.values(item).flatMap((operation: OperationObject) =>
      (operation['x-codeSamples'] ?? []).map((sample) => sample.source),
    ),
  );
}

interface Answer {
  status: number;
  mediaType: string;
}

/**
 * Runs one example line verbatim in `sh` (its quoting, variables and comment as a user's shell
 * reads them); a shell function wraps curl only to print the status and content type after it.
 */
async function runExample(line: string, env: { TOKEN: string; B: string }): Promise<Answer> {
  const wrapper =
    `curl() { command curl --max-time 30 -w '\\n${STATUS_MARK} %{http_code} %{content_type}\\n' "$@"; }\n` +
    line;
  const { stdout } = await run('sh', ['-c', wrapper], {
    env: { PATH: process.env.PATH ?? '', ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  const match = new RegExp(`${STATUS_MARK} (\\d+) ([^;\\s]*)`).exec(stdout);
  assert.ok(match, `no status from: ${line}\n${stdout.slice(-500)}`);
  return { status: Number(match[1]), mediaType: (match[2] as string).toLowerCase() };
}

/** The 200's documented media types for the operation the example's URL path matches. */
function documentedTypes(doc: OpenApiDocument, line: string): string[] {
  const url = /\$B(\/[^\s"']*)/.exec(line)?.[1];
  assert.ok(url, `no "$B/..." address in: ${line}`);
  const path = url.split('?')[0] as string;
  for (const [template, item] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(path)) return Object.keys(item.get.responses['200']?.content ?? {});
  }
  assert.fail(`no documented operation has the path of: ${line}`);
}

async function checkExample(
  line: string,
  env: { TOKEN: string; B: string },
  doc: OpenApiDocument,
): Promise<void> {
  const { status, mediaType } = await runExample(line, env);
  assert.ok(status >= 200 && status < 300, `${line}\nanswered ${status}`);
  const documented = documentedTypes(doc, line);
  assert.ok(
    documented.includes(mediaType),
    `${line}\nanswered ${mediaType}, documented: ${documented.join(', ')}`,
  );
  const asked = /Accept: ([^'"\s]+)/.exec(line)?.[1];
  if (asked !== undefined) assert.equal(mediaType, asked, line);
}

describe('the documented examples, on a fresh demo store', { skip: !hasCurl && 'no curl' }, () => {
  let dir: TempDir;
  let server: RunningServer;
  let env: { TOKEN: string; B: string };
  let doc: OpenApiDocument;

  before(async () => {
    dir = tempDataDir();
    server = await startServer(
      loadConfig({ FANTASY_DATA_DIR: dir.path, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' }),
    );
    assert.ok(server.demoToken, 'a first start prints a demo token');
    env = { TOKEN: server.demoToken, B: server.url };
    doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApiDocument;
  });
  after(async () => {
    await server?.close();
    dir?.remove();
  });

  it("runs every curl line of the README's Try it section", async () => {
    const lines = readmeTryIt();
    // The variables the commands use are the ones the block tells the reader to set.
    assert.ok(lines.some((line) => line.startsWith('TOKEN=fld_')));
    assert.ok(lines.includes('B=http://127.0.0.1:8080'));
    const commands = lines.filter((line) => line.startsWith('curl '));
    assert.ok(commands.length >= 5, `found ${commands.length} curl lines`);
    for (const line of commands) await checkExample(line, env, doc);
  });

  it('runs the curl example of every operation of the document', async () => {
    // The admin API's examples need an admin key and change the store (create, link, delete):
    // they are checked for their shape here, and the admin flow of docs/deployment.md was run by
    // hand.
    const all = documentCommands(doc);
    const admin = all.filter((line) => line.includes('$ADMIN_KEY'));
    const commands = all.filter((line) => !line.includes('$ADMIN_KEY'));
    const adminPaths = Object.keys(doc.paths).filter((path) => path.startsWith('/admin/'));
    assert.equal(
      commands.length,
      Object.keys(doc.paths).length - adminPaths.length,
      'one example per operation',
    );
    for (const line of commands) await checkExample(line, env, doc);
    const adminOperations = adminPaths.flatMap((path) =>
      Object.keys(doc.paths[path] as object),
    ).length;
    assert.equal(admin.length, adminOperations, 'one example per admin operation');
    for (const line of admin) {
      assert.match(line, /^curl -sS( -X (POST|DELETE))? -H "Authorization: Bearer \$ADMIN_KEY"/);
      assert.match(line, /"\$B\/admin\/[^"]+"$/);
    }
  });
});
