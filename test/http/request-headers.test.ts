// The API path's six header fields read from the raw list (src/http/wire/request-headers.ts) hold what
// node:http's own `req.headers` holds for them, on requests written byte for byte.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { apiHeaders } from '../../src/http/wire/request-headers.ts';
import type { ApiHeaders } from '../../src/http/wire/request-headers.ts';
import { sendRaw } from './raw.ts';

const FIELDS: ReadonlyArray<keyof ApiHeaders> = [
  'x-request-id',
  'x-auth-token',
  'auth_token',
  'accept',
  'accept-encoding',
  'if-none-match',
];

const REQUESTS: Array<{ name: string; lines: string[] }> = [
  { name: 'none of the six', lines: ['User-Agent: x', 'Cookie: a=1'] },
  {
    name: 'each once, in the usual case',
    lines: [
      'X-Request-Id: abc',
      'X-Auth-Token: fld_one',
      'auth_token: fld_two',
      'Accept: application/xml',
      'Accept-Encoding: gzip, br',
      'If-None-Match: "e1"',
    ],
  },
  {
    name: 'names in other cases',
    lines: [
      'x-request-id: a',
      'X-AUTH-TOKEN: b',
      'AUTH_TOKEN: c',
      'ACCEPT: text/xml',
      'accept-ENCODING: br',
      'if-none-MATCH: *',
    ],
  },
  {
    name: 'repeated lines (joined), and empty values',
    lines: [
      'X-Auth-Token: fld_one',
      'x-auth-token: fld_two',
      'Accept: application/json',
      'Accept:',
      'Accept: text/xml',
      'If-None-Match: "a"',
      'If-None-Match: "b"',
      'X-Request-Id:',
      'auth_token:',
    ],
  },
  {
    name: 'names of the same lengths that are other fields',
    lines: [
      'Origin: x',
      'Connection: keep-alive',
      'Content-Type: text/plain',
      'Cache-Control: no-cache',
      'Accept-Language: en',
      'X-Auth-Tokens: no',
      'x-auth_token: no',
    ],
  },
];

describe('apiHeaders', () => {
  let server: Server;
  let url: string;
  const seen: Array<{ raw: ApiHeaders; node: IncomingHttpHeaders }> = [];

  before(async () => {
    server = createServer((req, res) => {
      const raw = apiHeaders(req.rawHeaders);
      seen.push({ raw, node: req.headers });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const { name, lines } of REQUESTS) {
    it(`holds what req.headers holds: ${name}`, async () => {
      seen.length = 0;
      const head = ['GET / HTTP/1.1', 'Host: x', ...lines, 'Connection: close'].join('\r\n');
      await sendRaw(url, `${head}\r\n\r\n`);
      const [request] = seen;
      assert.ok(request !== undefined, 'the server saw no request');
      for (const field of FIELDS) assert.equal(request.raw[field], request.node[field], field);
    });
  }
});
