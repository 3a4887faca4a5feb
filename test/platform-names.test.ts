// A platform is its folder under src/platforms/ and its line in the registry (and in
// domain/catalog.ts): nothing else in src/ may decide by a platform's name. This reads every
// source file outside src/platforms/ and src/storage/migrations/ and fails naming the file and
// line of each string literal equal to a registered platform id, each table keyed by platform
// ids, and each import from one platform's folder. What a platform says or does belongs in its
// module (src/platforms/<id>/module.ts), read through the registry.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { PLATFORM_MODULES } from '../src/platforms/registry.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const IDS: readonly string[] = Object.keys(PLATFORM_MODULES);

/** Folders where platform names belong. */
const PLATFORM_HOMES = ['src/platforms/', 'src/storage/migrations/'];

/** The one list of platform ids the store and the read side may use (domain uses nothing). */
const CATALOG = 'src/domain/catalog.ts';

/** Literals equal to a platform id that name something else, each with what it is. */
const NOT_A_PLATFORM: ReadonlyArray<{ file: string; line: string; is: string }> = [
  { file: 'src/sync/demo.ts', line: "DEMO_USER_NAME = 'demo'", is: 'the demo user’s name' },
  { file: 'src/sync/demo.ts', line: "trigger: 'demo'", is: 'what started the run' },
];

/** Files that import one platform's folder: the bundled demo's loader. */
const IMPORTS_A_PLATFORM = ['src/sync/demo.ts'];

interface Finding {
  file: string;
  line: number;
  what: string;
}

function textOfName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/**
 * Inside an example the API document shows (a route's `example`, the generated answers): data
 * of a demo store, not a decision. A list of every platform there is still a finding: it goes
 * stale when one is added.
 */
function inExample(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at !== undefined; at = at.parent) {
    if (ts.isPropertyAssignment(at) && textOfName(at.name) === 'example') return true;
    if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name)) {
      if (at.name.text === 'RESPONSE_EXAMPLES') return true;
    }
  }
  return false;
}

function listsEveryPlatform(node: ts.Node, ids: readonly string[]): boolean {
  if (!ts.isArrayLiteralExpression(node)) return false;
  const named = new Set(node.elements.filter(ts.isStringLiteralLike).map((e) => e.text));
  return ids.every((id) => named.has(id));
}

/** Where a source file names a platform (file: its path from the repository's root). */
export function platformNamesIn(file: string, text: string, ids: readonly string[]): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = text.split('\n');
  const found: Finding[] = [];
  const report = (node: ts.Node, what: string): void => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const shown = (lines[line] ?? '').trim();
    if (NOT_A_PLATFORM.some((n) => n.file === file && shown.includes(n.line))) return;
    found.push({ file, line: line + 1, what: `${what}: ${shown}` });
  };
  const visit = (node: ts.Node): void => {
    if (listsEveryPlatform(node, ids)) report(node, 'a list of every platform');
    if (
      ts.isStringLiteralLike(node) &&
      ids.includes(node.text) &&
      !inExample(node) &&
      !listsEveryPlatform(node.parent, ids)
    ) {
      report(node, `the platform '${node.text}'`);
    }
    if ((ts.isObjectLiteralExpression(node) || ts.isTypeLiteralNode(node)) && file !== CATALOG) {
      const members: readonly ts.Node[] = ts.isObjectLiteralExpression(node)
        ? node.properties
        : node.members;
      const keyed = members.filter((member) => {
        const name = (member as { name?: ts.PropertyName }).name;
        return name !== undefined && ids.includes(textOfName(name) ?? '');
      });
      if (keyed.length >= 2) report(node, 'a table keyed by platform');
    }
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      ids.some((id) => node.moduleSpecifier.getText().includes(`platforms/${id}/`)) &&
      !IMPORTS_A_PLATFORM.includes(file)
    ) {
      report(node, 'an import from one platform’s folder');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('platform names outside src/platforms/', () => {
  it('finds a branch, a list, a table and an import, and leaves examples and other words', () => {
    const ids = ['sleeper', 'espn', 'demo'];
    const code = [
      "import { espn } from '../platforms/espn/module.ts';",
      "if (platform === 'espn') say();",
      "switch (platform) { case 'sleeper': break; }",
      "const offered = platforms.filter((p) => p !== 'demo');",
      "const WORDS = { sleeper: 'a', espn: 'b' };",
      "const route = { example: { body: { platforms: ['sleeper', 'espn'] } } };",
      "const meta = { example: { platforms: ['sleeper', 'espn', 'demo'] } };",
      "const text = 'sleepers and espn_s2';",
      'const commands = { demo: run };',
    ].join('\n');
    const found = platformNamesIn('src/x.ts', code, ids).map((f) => `${f.line} ${f.what}`);
    assert.deepEqual(found, [
      "1 an import from one platform’s folder: import { espn } from '../platforms/espn/module.ts';",
      "2 the platform 'espn': if (platform === 'espn') say();",
      "3 the platform 'sleeper': switch (platform) { case 'sleeper': break; }",
      "4 the platform 'demo': const offered = platforms.filter((p) => p !== 'demo');",
      "5 a table keyed by platform: const WORDS = { sleeper: 'a', espn: 'b' };",
      "7 a list of every platform: const meta = { example: { platforms: ['sleeper', 'espn', 'demo'] } };",
    ]);
  });

  it('src/ names no registered platform outside its folder, the registry and the catalog', () => {
    const found = sourceFiles(join(ROOT, 'src'))
      .map((path) => relative(ROOT, path).split(sep).join('/'))
      .filter((file) => !PLATFORM_HOMES.some((home) => file.startsWith(home)))
      .flatMap((file) => platformNamesIn(file, readFileSync(join(ROOT, file), 'utf8'), IDS));
    assert.deepEqual(
      found.map((f) => `${f.file}:${f.line}: ${f.what}`),
      [],
      'say it in the platform’s module (src/platforms/<id>/module.ts) and read it through the ' +
        'registry instead',
    );
  });
});
