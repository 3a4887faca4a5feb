// A webhook receiver on 127.0.0.1 (node:http), as an application runs one: it keeps every
// request it gets and answers what the test says (a status, or nothing until it is closed). It
// can go down (port closed) and come back on the same port.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedRequest {
  headers: Record<string, string>;
  body: string;
}

/** A status to answer with, or 'hang' to answer nothing (the connection stays open). */
export type Answer = number | 'hang';

export interface Receiver {
  readonly url: string;
  readonly received: ReceivedRequest[];
  /** What to answer the next requests (200 unless set). */
  answer: (request: ReceivedRequest) => Answer;
  /** Closes the port and every open connection: the receiver is down. */
  down(): Promise<void>;
  /** Listens on the same port again. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let server: Server | undefined;
  let port = 0;
  const receiver: Receiver = {
    url: '',
    received: [],
    answer: () => 200,
    async down() {
      const current = server;
      server = undefined;
      if (current === undefined) return;
      current.closeAllConnections();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async up() {
      server = createServer((req, res) => void handle(req, res));
      await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    },
    close: () => receiver.down(),
  };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: ReceivedRequest = {
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: Buffer.concat(chunks).toString('utf8'),
    };
    receiver.received.push(request);
    const answer = receiver.answer(request);
    if (answer === 'hang') return;
    res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
  };
  await receiver.up();
  Object.assign(receiver, { url: `http://127.0.0.1:${port}/hooks` });
  return receiver;
}

/** The body as the library's own verifier accepts it (it throws on a bad signature). */
export function verified(secret: string, request: ReceivedRequest): WebhookBody {
  return new Webhook(secret).verify(request.body, request.headers) as WebhookBody;
}

export interface WebhookBody {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}
