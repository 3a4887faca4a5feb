// A cached answer's body goes out as the bytes it was stored with, whichever way it is sent: small
// bodies as a string of their bytes after the head (latin1, a character a byte), large ones as a
// Buffer. UTF-8 past ASCII and every byte value must come out unchanged, in GET, HEAD and
// pipelined requests.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { AccessLog } from '../../src/http/wire/access-log.ts';
import { CachedResponse } from '../../src/http/cache/responses.ts';
import { Responder } from '../../src/http/wire/exchange.ts';
import { RateLimitFields } from '../../src/http/rate-limit-fields.ts';
import { apiHeaders } from '../../src/http/wire/request-headers.ts';
import { createLogger } from '../../src/logger.ts';
import { exchangeBytes } from './raw.ts';

const everyByte = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
const BODIES: Record<string, Buffer> = {
  // Small: sent as a string.
  '/utf8': Buffer.from('{"name":"Zoë Ñúñez — 東京 🏈","team":"Müller"}'),
  '/bytes': everyByte,
  // Past 2 KB: sent as a Buffer.
  '/large': Buffer.from(JSON.stringify({ names: Array(800).fill('Zoë — 東京 🏈') })),
};

function entryOf(path: string, body: Buffer): CachedResponse {
  return new CachedResponse(path, 'application/json', body, [], undefined, undefined, [], () => {});
}

describe('cached bodies on the wire', () => {
  let server: Server;
  let port: number;
  const entries = new Map(
    Object.entries(BODIES).map(([path, body]) => [path, entryOf(path, body)]),
  );

  before(async () => {
    const responder = new Responder(
      new RateLimitFields(100),
      new AccessLog(createLogger({ level: 'warn' })),
      undefined,
    );
    server = createServer((req, res) => {
      const entry = entries.get(req.url ?? '') as CachedResponse;
      const ex = {
        req,
        res,
        headers: apiHeaders(req.rawHeaders),
        requestId: 'r-1',
        started: 0,
        path: req.url ?? '',
        operationId: undefined,
        userId: undefined,
        rate: undefined,
        adminKeyId: undefined,
        cors: undefined,
      };
      const representation = entry.representation('identity') as typeof entry.identity;
      responder.sendRepresentation(ex, entry, representation, 'Accept-Encoding');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const [path, body] of Object.entries(BODIES)) {
    it(`sends ${path} (${body.length} bytes) as stored, alone, pipelined, and after a HEAD`, async () => {
      const get = `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
      const head = `HEAD ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
      for (const request of [get, get + get, get + head + get]) {
        const wire = await exchangeBytes(port, request);
        const expected = request.split('\r\n\r\n').filter((text) => text !== '');
        let at = 0;
        for (const asked of expected) {
          const end = wire.indexOf('\r\n\r\n', at);
          const headText = wire.subarray(at, end).toString('latin1');
          assert.match(headText, /^HTTP\/1\.1 200 OK\r\n/);
          assert.match(headText, new RegExp(`\r\nContent-Length: ${body.length}\r\n`));
          const bodyLength = asked.startsWith('HEAD') ? 0 : body.length;
          const sent = wire.subarray(end + 4, end + 4 + bodyLength);
          if (bodyLength > 0) assert.ok(sent.equals(body), `${path}: the body's bytes`);
          at = end + 4 + bodyLength;
        }
        assert.equal(at, wire.length, 'nothing after the answers');
      }
    });
  }
});
