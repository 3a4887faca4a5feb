// The hot path's own response head (src/http/wire/response-head.ts) against node:http's writeHead: the
// same bytes on the wire, and the same connection afterwards, for every way a request asks for
// its connection to be kept or closed.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fieldBlock, fieldsOf, writeHeadBlock } from '../../src/http/wire/response-head.ts';
import { exchangeBytes } from './raw.ts';

const OK_FIELDS = [
  'Cache-Control',
  'private',
  'ETag',
  '"abc"',
  'Content-Type',
  'application/json',
  'Content-Length',
  '5',
];
const NOT_MODIFIED_FIELDS = ['Cache-Control', 'private', 'ETag', '"abc"'];

/** `/own/<status>` answers through writeHeadBlock, `/node/<status>` through writeHead. */
function answer(url: string, method: string, res: ServerResponse): void {
  const [, writer, status] = url.split('/');
  const code = Number(status);
  const fields = code === 304 ? NOT_MODIFIED_FIELDS : OK_FIELDS;
  if (writer === 'own') writeHeadBlock(res, code, fieldBlock(fields), code !== 304);
  else res.writeHead(code, fields);
  res.end(code === 304 || method === 'HEAD' ? undefined : 'hello');
}

/** Every byte the server sends for `request`, as text (latin1). */
async function exchange(port: number, request: string): Promise<string> {
  return (await exchangeBytes(port, request)).toString('latin1');
}

/** The wire with each Date value replaced (the two answers may fall in different seconds). */
function withoutDates(wire: string): string {
  return wire.replace(/\r\nDate: [^\r]+\r\n/g, '\r\nDate: (now)\r\n');
}

/** Two requests on one connection: the second is answered only if the first kept it open. */
function twice(line: string, headers: string): string {
  return `${line}\r\nHost: x\r\n${headers}\r\n`.repeat(2);
}

const CASES: Array<{ name: string; request: (path: string) => string }> = [
  { name: 'HTTP/1.1', request: (p) => twice(`GET ${p} HTTP/1.1`, '') },
  {
    name: 'HTTP/1.1 with Connection: close',
    request: (p) => twice(`GET ${p} HTTP/1.1`, 'Connection: close\r\n'),
  },
  { name: 'HTTP/1.0', request: (p) => twice(`GET ${p} HTTP/1.0`, '') },
  {
    name: 'HTTP/1.0 with Connection: keep-alive',
    request: (p) => twice(`GET ${p} HTTP/1.0`, 'Connection: keep-alive\r\n'),
  },
  { name: 'HEAD', request: (p) => twice(`HEAD ${p} HTTP/1.1`, '') },
];

const SERVERS: Array<{ name: string; configure: (server: Server) => void }> = [
  { name: 'default server', configure: () => undefined },
  {
    name: 'keepAliveTimeout 0',
    configure: (server) => {
      server.keepAliveTimeout = 0;
    },
  },
  {
    name: 'maxRequestsPerSocket 3',
    configure: (server) => {
      server.maxRequestsPerSocket = 3;
    },
  },
  {
    name: 'maxRequestsPerSocket 1',
    configure: (server) => {
      server.maxRequestsPerSocket = 1;
    },
  },
];

for (const setup of SERVERS) {
  describe(`own response head = writeHead (${setup.name})`, () => {
    let server: Server;
    let port: number;

    before(async () => {
      server = createServer((req, res) => answer(req.url ?? '', req.method ?? '', res));
      setup.configure(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    for (const status of [200, 304]) {
      for (const { name, request } of CASES) {
        it(`${status}, ${name}`, async () => {
          const own = await exchange(port, request(`/own/${status}`));
          const node = await exchange(port, request(`/node/${status}`));
          assert.match(own, new RegExp(`^HTTP/1\\.1 ${status} `));
          assert.equal(withoutDates(own), withoutDates(node));
        });
      }
    }
  });
}

describe('own response head: Date', () => {
  let server: Server;
  let port: number;

  before(async () => {
    server = createServer((req, res) => answer(req.url ?? '', req.method ?? '', res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The second of the Date field an answer sent, and the seconds before and after asking. */
  async function dated(): Promise<{ sent: number; before: number; after: number }> {
    const before = Math.floor(Date.now() / 1000);
    const wire = await exchange(
      port,
      'GET /own/200 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    const after = Math.floor(Date.now() / 1000);
    const date = /\r\nDate: ([^\r]+)\r\n/.exec(wire)?.[1];
    assert.ok(date !== undefined, 'the answer has a Date field');
    return { sent: Date.parse(date) / 1000, before, after };
  }

  it('says the second it was sent in, from one second to the next', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { sent, before, after } = await dated();
      assert.ok(sent >= before && sent <= after, `Date ${sent} outside ${before}-${after}`);
      // Past the next second's start, where the kept Date gives way to a new one.
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
    }
  });
});

describe('fieldBlock', () => {
  it('joins the fields as header lines, and splits back (the fallback) to the same list', () => {
    const block = fieldBlock(OK_FIELDS);
    assert.equal(
      block,
      'Cache-Control: private\r\nETag: "abc"\r\nContent-Type: application/json\r\nContent-Length: 5\r\n',
    );
    assert.deepEqual(fieldsOf(block), OK_FIELDS);
  });

  it("refuses what writeHead refuses, with node:http's errors", () => {
    assert.throws(() => fieldBlock(['Bad Name', 'x']), { code: 'ERR_INVALID_HTTP_TOKEN' });
    assert.throws(() => fieldBlock(['X-Ok', 'line\r\nInjected: 1']), { code: 'ERR_INVALID_CHAR' });
  });
});
