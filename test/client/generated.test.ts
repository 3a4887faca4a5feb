// The client's committed types are exactly what openapi-typescript makes of the OpenAPI document
// the service serves today: a route, schema or problem changed without regenerating fails here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { GENERATED_PATH, generateTypes } from '../../packages/client/scripts/generate.ts';

describe('packages/client/src/api.ts', () => {
  it('matches the types generated from the served OpenAPI document', async () => {
    const committed = readFileSync(GENERATED_PATH, 'utf8');
    const generated = await generateTypes();
    assert.ok(
      committed === generated,
      'packages/client/src/api.ts is out of date: run npx tsx packages/client/scripts/generate.ts',
    );
    // Not a vacuous comparison: the five operations are in it.
    for (const operationId of [
      'findAllLeagues',
      'getLeagueSettings',
      'getPlayerById',
      'searchPlayerByName',
      'getAllRosteredByName',
      'listTransactions',
      'getDraft',
    ]) {
      assert.ok(generated.includes(`${operationId}: {`), operationId);
    }
  });
});
