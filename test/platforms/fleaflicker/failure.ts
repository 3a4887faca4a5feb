// The PlatformError a promise rejects with (failing the test for anything else).
import assert from 'node:assert/strict';
import { PlatformError } from '../../../src/platforms/connector.ts';

export async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof PlatformError, `expected a PlatformError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a PlatformError');
}
