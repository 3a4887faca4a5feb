// Lists the docs repeat from the code (MCP tools, token products, admin key scopes) are checked
// against the code, so a new tool, product or scope cannot be left out of them again.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ADMIN_KEYS_USAGE } from '../src/cli/commands/admin-keys.ts';
import { MCP_USAGE } from '../src/cli/commands/mcp.ts';
import { ADMIN_SCOPES } from '../src/domain/admin-scopes.ts';
import { PRODUCTS } from '../src/domain/catalog.ts';
import { mcpTools } from '../src/mcp/tools.ts';

const read = (page: string) =>
  readFileSync(fileURLToPath(new URL(`../${page}`, import.meta.url)), 'utf8');
const TOOLS = mcpTools([2021]).map((tool) => tool.name);

describe('the docs name everything the code offers', () => {
  it('clients.md has a row for every MCP tool, and mcp --help names each', () => {
    const clients = read('docs/clients.md');
    for (const name of TOOLS) {
      assert.match(clients, new RegExp(`^\\| \`${name}\` \\|`, 'm'), `clients.md lacks ${name}`);
      assert.match(MCP_USAGE, new RegExp(`\\b${name}\\b`), `mcp --help lacks ${name}`);
    }
  });

  it('cli.md names every token product and every admin key scope', () => {
    const cli = read('docs/cli.md');
    for (const product of PRODUCTS) {
      assert.match(
        cli,
        new RegExp(`\`${product}\`\\s+\\(`),
        `cli.md does not say what ${product} is`,
      );
    }
    for (const scope of ADMIN_SCOPES) {
      assert.match(cli, new RegExp(`\`${scope}\``), `cli.md lacks the admin scope ${scope}`);
    }
    assert.doesNotMatch(cli, /reserved for later/);
  });

  it('admin-keys --help says what every admin key scope allows', () => {
    for (const scope of ADMIN_SCOPES) {
      const lines = ADMIN_KEYS_USAGE.match(new RegExp(`^ {8}${scope} +\\S`, 'gm')) ?? [];
      assert.equal(lines.length, 1, `--help has ${lines.length} lines for ${scope}`);
    }
  });
});
