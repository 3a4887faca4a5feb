// The node:http server around an app (it never listens; src/main.ts does). Left alone, node:http
// answers a request it cannot parse with a bare status line and no body, and closes a CONNECT
// request without any answer; here both get a problem document like every other error.
import { createServer } from 'node:http';
import type { Server, ServerOptions } from 'node:http';
import type { App } from './app.ts';
import { MAX_HEADER_BYTES } from './problems.ts';

/** node:http's request timeouts (its defaults unless given); tests shorten them. */
export type ServerTimeouts = Pick<
  ServerOptions,
  'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'
>;

export function createHttpServer(app: App, timeouts: ServerTimeouts = {}): Server {
  const server = createServer({ ...timeouts, maxHeaderSize: MAX_HEADER_BYTES }, (req, res) =>
    app.handle(req, res),
  );
  server.on('clientError', (error: Error, socket) => app.clientError(error, socket));
  server.on('connect', (req, socket) => app.connect(req, socket));
  return server;
}
