// The node:http server around an app (it never listens; src/main.ts does). Left alone, node:http
// answers a request it cannot parse with a bare status line and no body, and closes a CONNECT
// request without any answer; here both get a problem document like every other error.
// Those answers end the connection from our side, but node:http no longer tracks the socket, and
// a peer that never closes its side (a fuzzer, a hostile client) would keep it open for ever:
// holding a descriptor, and keeping server.close() (the graceful stop) from ever finishing. So
// such a socket gets `answeredLingerMs` to close after its answer, then it is destroyed.
import { createServer } from 'node:http';
import type { Server, ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import type { App } from '../app.ts';
import { MAX_HEADER_BYTES } from '../../serving/problems.ts';

/** How long a peer has, after an answer that ends its connection, to read it and close. */
export const ANSWERED_LINGER_MS = 5_000;

/** node:http's request timeouts (its defaults unless given); tests shorten them. */
export type ServerTimeouts = Pick<
  ServerOptions,
  'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'
> & { answeredLingerMs?: number };

export function createHttpServer(app: App, timeouts: ServerTimeouts = {}): Server {
  const { answeredLingerMs = ANSWERED_LINGER_MS, ...options } = timeouts;
  const server = createServer({ ...options, maxHeaderSize: MAX_HEADER_BYTES }, (req, res) =>
    app.handle(req, res),
  );
  server.on('clientError', (error: Error, socket: Duplex) => {
    app.clientError(error, socket);
    destroyLater(socket, answeredLingerMs);
  });
  server.on('connect', (req, socket: Duplex) => {
    app.connect(req, socket);
    destroyLater(socket, answeredLingerMs);
  });
  return server;
}

function destroyLater(socket: Duplex, ms: number): void {
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), ms);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
