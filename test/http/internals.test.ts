// Each private part of node:http and pino that src/http/wire/internals.ts relies on, checked on a
// real server, socket and logger: that it is there and does what the module assumes. A Node or
// pino upgrade that renames or changes one fails here, naming it, instead of the service quietly
// taking its slower public path (or worse, writing a wrong head).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, it } from 'node:test';
import pino from 'pino';
import {
  HAS_DUMPED_FLAG,
  HAS_OUTGOING_INTERNALS,
  connectionOf,
  keepAliveTimeoutSeconds,
  markDumped,
  maxRequestsPerSocket,
  pinoWriter,
  responseInFlight,
  storeHead,
} from '../../src/http/wire/internals.ts';
import type { Connection } from '../../src/http/wire/internals.ts';
import { exchangeBytes } from './raw.ts';

const servers: Server[] = [];

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  configure: (server: Server) => void = () => undefined,
): Promise<number> {
  const server = createServer(handler);
  configure(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/**
 * Every byte the server sends for `request`, read until it closes the connection; the client
 * never ends its side first (node:http would then close after the answer in progress).
 */
function untilClosed(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.setTimeout(10_000, () => socket.destroy(new Error('the server did not close in 10 s')));
    socket.write(request, 'latin1');
  });
}

/** Polls `done` until it holds, or fails with `what` after a generous deadline. */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('node:http IncomingMessage._dumped', () => {
  it('is on every request, false until node:http dumps it', () => {
    assert.equal(HAS_DUMPED_FLAG, true, 'IncomingMessage has no `_dumped` false at start');
  });

  it("once set, has node:http's parser drop a body as it arrives, and the connection go on", async () => {
    const body = 'x'.repeat(512 * 1024);
    const first = `GET /a HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const second = 'GET /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
    const kept: number[] = [];
    const port = await serve((req, res) => {
      if (req.url === '/b') return void res.end('b');
      markDumped(req);
      // A body kept rather than dropped fills the stream's buffer, and node:http then stops
      // reading the socket: the whole request would never arrive.
      until(
        () => req.socket.bytesRead >= first.length,
        'node:http kept the body of a request marked `_dumped` (it stopped reading the socket)',
      ).then(
        () => {
          kept.push(req.readableLength);
          res.end('a');
        },
        (error: Error) => {
          kept.push(-1);
          res.destroy(error);
        },
      );
    });
    const wire = await untilClosed(port, first + second);
    assert.deepEqual(kept, [0], 'nothing of the body held by the request stream');
    assert.equal(wire.match(/HTTP\/1\.1 200 OK\r\n/g)?.length, 2, 'both requests answered');
  });
});

describe('node:http Socket._httpMessage', () => {
  it('is the response node:http is writing on the connection, until it has finished', async () => {
    const seen: Array<[string, boolean]> = [];
    const port = await serve((req, res) => {
      seen.push(['in the handler', responseInFlight(req.socket) === res]);
      res.on('finish', () => {
        seen.push(['after finish', responseInFlight(req.socket) === undefined]);
      });
      res.end('ok');
    });
    await exchangeBytes(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.deepEqual(seen, [
      ['in the handler', true],
      ['after finish', true],
    ]);
    assert.equal(responseInFlight(new Socket()), undefined, 'none on a socket node:http has not');
  });
});

describe('node:http OutgoingMessage: _header and the fields _storeHeader reads', () => {
  it('are on every response, as on Node 20', () => {
    assert.equal(
      HAS_OUTGOING_INTERNALS,
      true,
      'a field of OutgoingMessage changed: see internals.ts',
    );
  });

  /** What writeHead puts on the wire about the connection, as a Connection of internals.ts. */
  function connectionOnWire(head: string): { connection: Connection; keepAlive?: string } {
    const field = /\r\nConnection: ([^\r]+)\r\n/.exec(head)?.[1];
    const keepAlive = /\r\nKeep-Alive: ([^\r]+)\r\n/.exec(head)?.[1];
    if (field === 'keep-alive') {
      return keepAlive === undefined
        ? { connection: 'keep-alive' }
        : { connection: 'keep-alive-timed', keepAlive };
    }
    return { connection: 'close' };
  }

  const REQUESTS = [
    ['HTTP/1.1', 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['HTTP/1.1, Connection: close', 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['HTTP/1.0', 'GET / HTTP/1.0\r\n\r\n'],
    ['HTTP/1.0, keep-alive', 'GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n'],
  ] as const;
  const SERVERS: Array<[string, (server: Server) => void]> = [
    ['default server', () => undefined],
    ['keepAliveTimeout 0', (server) => void (server.keepAliveTimeout = 0)],
    [
      'keepAliveTimeout 7 s, maxRequestsPerSocket 3',
      (server) => {
        server.keepAliveTimeout = 7_000;
        server.maxRequestsPerSocket = 3;
      },
    ],
    ['maxRequestsPerSocket 1', (server) => void (server.maxRequestsPerSocket = 1)],
  ];

  for (const [serverName, configure] of SERVERS) {
    for (const [requestName, request] of REQUESTS) {
      it(`say what writeHead then writes about the connection (${serverName}, ${requestName})`, async () => {
        const predicted: Array<{ connection: Connection; keepAlive: string }> = [];
        const port = await serve((_req, res) => {
          const connection = connectionOf(res, true);
          const max = maxRequestsPerSocket(res);
          predicted.push({
            connection,
            keepAlive: `timeout=${keepAliveTimeoutSeconds(res)}${max > 0 ? `, max=${max}` : ''}`,
          });
          res.writeHead(200, { 'Content-Length': '2' });
          res.end('ok');
        }, configure);
        const wire = (await exchangeBytes(port, request)).toString('latin1');
        const said = connectionOnWire(wire);
        const [guess] = predicted;
        assert.ok(guess !== undefined, 'answered');
        // At maxRequestsPerSocket node:http says close but leaves the connection to its count.
        const expected = guess.connection === 'close-counted' ? 'close' : guess.connection;
        assert.equal(said.connection, expected, wire);
        if (said.keepAlive !== undefined) assert.equal(said.keepAlive, guess.keepAlive, wire);
      });
    }
  }

  it('send a head stored as _header byte for byte, and close after one marked last', async () => {
    const heads: string[] = [];
    const port = await serve((req, res) => {
      const connection = connectionOf(res, true);
      const head =
        `HTTP/1.1 203 Own\r\nContent-Length: 2\r\nX-Url: ${req.url}\r\n` +
        `Connection: ${connection === 'close' ? 'close' : 'keep-alive'}\r\n\r\n`;
      heads.push(head);
      storeHead(res, 203, head, connection);
      res.end('ok');
    });
    const wire = await untilClosed(
      port,
      'GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    // The server closed the connection after the second (else no end to read until).
    assert.equal(heads.length, 2);
    assert.equal(wire, `${heads[0]}ok${heads[1]}ok`);
  });

  it('send no body after a 304 stored as _header', async () => {
    const port = await serve((_req, res) => {
      storeHead(res, 304, 'HTTP/1.1 304 Not Modified\r\nConnection: close\r\n\r\n', 'close');
      res.end('never sent');
    });
    const wire = (await exchangeBytes(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n')).toString(
      'latin1',
    );
    assert.equal(wire, 'HTTP/1.1 304 Not Modified\r\nConnection: close\r\n\r\n');
  });
});

describe("pino's streamSym, timeSym and chindingsSym", () => {
  function logger(destination: pino.DestinationStream | NodeJS.WritableStream) {
    return pino(
      { base: { service: 'x' }, timestamp: () => ',"time":"then"' },
      destination as pino.DestinationStream,
    );
  }

  it('give the time field and the bindings pino writes a line with', () => {
    const lines: string[] = [];
    const parent = logger({ write: (text: string) => void lines.push(text) });
    const child = parent.child({ league: 7 });
    for (const log of [parent, child]) {
      const writer = pinoWriter(log);
      assert.ok(
        writer !== undefined,
        'pino.symbols: a logger without streamSym, timeSym or chindingsSym',
      );
      log.info('hello');
      assert.equal(lines.at(-1), `{"level":30${writer.time(0)}${writer.bindings},"msg":"hello"}\n`);
    }
    assert.match(lines[1] ?? '', /"service":"x","league":7/);
  });

  it("write to the logger's own destination: bytes to a Node stream, text to any other", () => {
    const chunks: unknown[] = [];
    const stream = new Writable({
      write(chunk: unknown, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    pinoWriter(logger(stream))?.write(Buffer.from('{"a":1}\n'));
    const texts: unknown[] = [];
    pinoWriter(logger({ write: (text: string) => void texts.push(text) }))?.write(
      Buffer.from('{"b":2}\n'),
    );
    assert.ok(Buffer.isBuffer(chunks[0]), 'a Node stream is handed bytes');
    assert.equal(String(chunks[0]), '{"a":1}\n');
    assert.deepEqual(texts, ['{"b":2}\n']);
  });

  it("reach pino's own destination (sonic-boom), as `serve` logs", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'internals-'));
    try {
      const file = join(dir, 'log');
      const destination = pino.destination({ dest: file, sync: true });
      const writer = pinoWriter(logger(destination));
      assert.ok(writer !== undefined);
      writer.write(Buffer.from('{"c":3}\n'));
      destination.flushSync();
      assert.equal(await readFile(file, 'utf8'), '{"c":3}\n');
      destination.end();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
