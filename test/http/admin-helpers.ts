// Calling the admin API in tests: an admin key of the test's store, JSON in and out.
import { createAdminKey } from '../../src/storage/repositories/admin-keys.ts';
import type { NewAdminKey } from '../../src/storage/repositories/admin-keys.ts';
import type { TestApp } from '../helpers/app.ts';

export interface AdminClient {
  key: string;
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
  json<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; response: Response }>;
  /** Polls a sync until it is no longer running. */
  waitForSync(syncId: number, timeoutMs?: number): Promise<SyncBody>;
}

export interface SyncBody {
  sync_id: number;
  status: string;
  progress: Record<string, unknown> & { leagues_written: number; leagues_found: number };
  error?: string;
}

export async function adminClient(
  t: TestApp,
  name = 'tests',
  options: Omit<NewAdminKey, 'name'> = {},
): Promise<AdminClient> {
  const { key } = await createAdminKey(t.store.db, { name, ...options });
  const call = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(t.baseUrl + path, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  const json = async <T>(method: string, path: string, body?: unknown) => {
    const response = await call(method, path, body);
    const text = await response.text();
    return {
      status: response.status,
      body: (text === '' ? undefined : JSON.parse(text)) as T,
      response,
    };
  };
  return {
    key,
    call,
    json,
    async waitForSync(syncId, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { body } = await json<SyncBody>('GET', `/admin/syncs/${syncId}`);
        if (body.status !== 'running') return body;
        if (Date.now() > deadline) throw new Error(`sync ${syncId} still running`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
