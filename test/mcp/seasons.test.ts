// The MCP list_leagues tool takes the service's seasons (SUPPORTED_SEASONS) like the HTTP filter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mcpTools } from '../../src/mcp/tools.ts';

function seasonEnum(seasons: readonly number[]): unknown[] {
  const list = mcpTools(seasons).find((tool) => tool.name === 'list_leagues');
  assert.ok(list);
  const season = list.input.properties.season as unknown as {
    items: { anyOf?: Array<{ const: unknown }> };
  };
  return (season.items.anyOf ?? []).map((variant) => variant.const);
}

test('list_leagues accepts exactly the served seasons', () => {
  assert.deepEqual(seasonEnum([2017, 2018, 2019, 2020, 2021]), [2017, 2018, 2019, 2020, 2021]);
  assert.deepEqual(seasonEnum([2024, 2025, 2026]), [2024, 2025, 2026]);
});
