// The error a promise rejects with, failing the test when it resolves or rejects with anything
// else: tests then assert on the error's kind and message.
import assert from 'node:assert/strict';
import { PlatformError } from '../../src/platforms/connector.ts';

/** The error `promise` rejects with, which must be an instance of `type` (`Error` for any). */
export async function rejection<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof type, `expected a ${type.name}, got ${String(error)}`);
    return error;
  }
  assert.fail(`expected a ${type.name}`);
}

/** The PlatformError a connector or the HTTP client fails with. */
export function failure(promise: Promise<unknown>): Promise<PlatformError> {
  return rejection(promise, PlatformError);
}
