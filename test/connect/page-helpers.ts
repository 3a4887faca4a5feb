// Driving the hosted connect page without a browser: sessions made through the admin API, forms
// posted as a browser posts them, redirects followed by hand.
import assert from 'node:assert/strict';
import { crc32, deflateSync } from 'node:zlib';
import { connectSigningKey, verifyConnectOutcome } from '../../src/domain/connect-outcome.ts';
import type { ConnectOutcome } from '../../src/domain/connect-outcome.ts';
import type { TestApp } from '../helpers/app.ts';
import type { AdminClient } from '../http/admin-helpers.ts';

export interface Session {
  url: string;
  path: string;
  token: string;
}

export async function createSession(
  admin: AdminClient,
  userId: number,
  body: Record<string, unknown>,
): Promise<Session> {
  const created = await admin.json<{ url: string }>(
    'POST',
    `/admin/users/${userId}/connect-sessions`,
    body,
  );
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const path = new URL(created.body.url).pathname;
  return { url: created.body.url, path, token: path.split('/')[2] as string };
}

export function csrfOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  assert.ok(match, 'the page has a form token');
  return match[1] as string;
}

/** A form POST as a browser sends it from the page (same origin). */
export function postForm(
  t: TestApp,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(t.baseUrl + path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: t.baseUrl,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Reloads the page until no first sync runs any more (as its meta refresh does). */
export async function pageWhenSynced(
  t: TestApp,
  path: string,
  timeoutMs = 60_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const html = await (await fetch(t.baseUrl + path)).text();
    if (!html.includes('http-equiv="refresh"')) return html;
    if (Date.now() > deadline) throw new Error('the first sync did not finish');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The deployment key the connect tests run with (config.secretKey), so they can verify outcomes. */
export const SECRET_KEY = 'c0ffee'.repeat(10) + 'c0ff';

/** The verified outcome on a return address, as an application reads it; undefined if forged. */
export function outcomeOf(location: string): ConnectOutcome | undefined {
  const key = connectSigningKey(Buffer.from(SECRET_KEY, 'hex'));
  return verifyConnectOutcome(new URL(location).searchParams, key);
}

/** A return address as the application gave it: the outcome's parameters taken off again. */
export function withoutOutcome(location: string): string {
  const url = new URL(location);
  const match =
    /^(.*?)&?fd_session=[^&]*&fd_status=[^&]*&fd_platforms=[^&]*&fd_ts=[^&]*&fd_sig=[0-9a-f]{64}$/.exec(
      url.search.slice(1),
    );
  assert.ok(match, `the outcome ends the query of ${location}`);
  url.search = match[1] as string;
  return url.href;
}

/**
 * A 48 px PNG logo as a data: URI, made here (a green disc on white): the connect page's
 * `app_logo` in tests.
 */
export function testLogo(): string {
  const size = 48;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3, 255);
    row[0] = 0;
    for (let x = 0; x < size; x++) {
      if ((x - 23.5) ** 2 + (y - 23.5) ** 2 < 22 ** 2) row.set([26, 127, 55], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
