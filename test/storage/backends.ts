// Runs a storage suite once per backend from testBackends(), each test on a fresh throwaway store.
import { afterEach, beforeEach, describe } from 'node:test';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import type { Dialect } from '../../src/storage/db.ts';

export interface BackendContext {
  dialect: Dialect;
  /** The current test's store (created before each test, destroyed after it). */
  store(): TestStore;
}

export function describeEachBackend(title: string, body: (ctx: BackendContext) => void): void {
  for (const dialect of testBackends()) {
    describe(`${title} [${dialect}]`, () => {
      let current: TestStore | undefined;
      beforeEach(async () => {
        current = await createTestStore(dialect);
      });
      afterEach(async () => {
        await current?.destroy();
        current = undefined;
      });
      body({
        dialect,
        store: () => {
          if (!current) throw new Error('no store: called outside a test');
          return current;
        },
      });
    });
  }
}
