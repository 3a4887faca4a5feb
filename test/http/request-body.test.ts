// A GET or HEAD of the API with a body (which the API never reads): the body is dropped as it
// arrives (src/http/wire/request-body.ts), the answer is the usual one, and the connection goes on to
// the next request, whatever the body's size or framing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { sendRawAll } from './raw.ts';
import { buildWorld } from './world.ts';
import type { World } from './world.ts';

describe('a GET of the API that carries a body', () => {
  let t: TestApp;
  let w: World;

  before(async () => {
    t = await startTestApp({ dialect: 'sqlite' });
    w = await buildWorld(t);
  });
  after(() => t.close());

  function get(path: string, framing: string, body: string, last = false): string {
    return (
      `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Auth-Token: ${w.tokens.alice}\r\n${framing}` +
      `${last ? 'Connection: close\r\n' : ''}\r\n${body}`
    );
  }

  const big = 'x'.repeat(512 * 1024);
  const chunked = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n0\r\n\r\n`;
  for (const [name, framing, body] of [
    ['a small body', 'Content-Length: 5\r\n', 'hello'],
    ['a body of 512 KB', `Content-Length: ${big.length}\r\n`, big],
    ['a chunked body of 512 KB', 'Transfer-Encoding: chunked\r\n', chunked(big)],
  ] as const) {
    it(`answers it, and the next request on the connection (${name})`, async () => {
      const settings = `/league/settings/${w.leagues.main}`;
      const answers = await sendRawAll(
        t.baseUrl,
        get(settings, framing, body) + get('/league/findAllLeagues', '', '', true),
      );
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200, 200],
      );
      assert.equal(
        (JSON.parse(answers[0]?.body ?? '') as { league_id: number }).league_id,
        w.leagues.main,
      );
      assert.ok(Array.isArray(JSON.parse(answers[1]?.body ?? '')));
    });
  }
});
