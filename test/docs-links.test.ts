// The README and docs/ are read by following their links: every relative link must reach a file
// of the repository, and every #anchor a heading of the page it names (GitHub's heading ids).
// The configuration table must name exactly the variables the code reads, each once.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPO_ROOT } from './cli/run-cli.ts';

const PAGES = [
  'README.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The page's lines outside fenced code blocks. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's ids for a page's headings: lower case, punctuation dropped, spaces to hyphens. */
export function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count === 0 ? base : `${base}-${count}`);
  }
  return ids;
}

/** Every link target of the page that is neither a web address nor an e-mail one. */
function localLinks(markdown: string): string[] {
  const targets: string[] = [];
  for (const line of prose(markdown)) {
    const text = line.replace(/`[^`]*`/g, '');
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] as string;
      if (!/^(https?:|mailto:)/.test(target)) targets.push(target);
    }
  }
  return targets;
}

describe('the links of the README and docs/', () => {
  it('reach a file, and a heading when they name one', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const page of PAGES) {
      const markdown = readFileSync(join(REPO_ROOT, page), 'utf8');
      for (const target of localLinks(markdown)) {
        checked++;
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? join(REPO_ROOT, page) : join(REPO_ROOT, dirname(page), path);
        if (!existsSync(file)) {
          broken.push(`${page}: ${target} (no ${relative(REPO_ROOT, file)})`);
          continue;
        }
        if (anchor === undefined || !file.endsWith('.md')) continue;
        if (!headingIds(readFileSync(file, 'utf8')).has(anchor)) {
          broken.push(`${page}: ${target} (no heading #${anchor})`);
        }
      }
    }
    assert.ok(checked > 50, `only ${checked} links found`);
    assert.deepEqual(broken, []);
  });

  it('ids headings as GitHub does', () => {
    const ids = headingIds(
      '# A page\n## Accounts over HTTP: the admin API\n```\n## not a heading\n```\n## Warm-up\n## Warm-up\n## `decimal` (why)\n',
    );
    assert.deepEqual(
      [...ids],
      ['a-page', 'accounts-over-http-the-admin-api', 'warm-up', 'warm-up-1', 'decimal-why'],
    );
  });
});

/**
 * Every `(env, 'NAME'`, `name = 'NAME'` and `env: 'NAME'` (a platform module's variables, which
 * config.ts reads through the registry) in src: the variables the configuration reads.
 */
function variablesRead(folder: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const source = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    const reads = /(?:\(\s*env,\s*|\bname = |\benv: )'([A-Z][A-Z0-9_]*)'/g;
    for (const match of source.matchAll(reads)) {
      names.add(match[1] as string);
    }
  }
  return names;
}

describe("docs/configuration.md's table", () => {
  it('names every variable the code reads, once, and no other', () => {
    const page = readFileSync(join(REPO_ROOT, 'docs/configuration.md'), 'utf8');
    const rows = page.split('\n').filter((line) => /^\| `[A-Z]/.test(line));
    const named = rows.flatMap((row) =>
      [...(row.split('|')[1] as string).matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]),
    );
    const read = variablesRead(join(REPO_ROOT, 'src'));
    assert.ok(read.size > 30, `only ${read.size} variables found in src`);
    assert.deepEqual(
      named.filter((name, index) => named.indexOf(name) !== index),
      [],
      'named twice',
    );
    assert.deepEqual([...read].filter((name) => !named.includes(name)).sort(), [], 'missing');
    assert.deepEqual(
      named.filter((name) => name !== undefined && !read.has(name)).sort(),
      [],
      'not read by the code',
    );
  });
});
