// Head-of-line blocking in webhook delivery (issue 40): 50 silent endpoints (they accept the
// connection and never answer) and one healthy endpoint on 127.0.0.1, all subscribed to the
// same events, a backlog of events already due to every one of them, then one event at a time:
// how long until the healthy endpoint has it. Run with the relay's defaults (10 s timeout, 1 s
// poll, per-endpoint lanes) and, for contrast, with the relay's former shape (4 posts at once
// for the whole deployment, no per-endpoint bound). Prints figures; nothing passes or fails.
//   npm run bench:webhooks [-- --silent 50 --rounds 5]   (TEST_DATABASE_URL: PostgreSQL too)
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { Server as TcpServer, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { silentLogger } from '../src/logger.ts';
import { createSecretBox } from '../src/secrets.ts';
import type { Dialect } from '../src/storage/db.ts';
import { writeTransaction } from '../src/storage/db.ts';
import { createWebhookEndpoint, recordWebhookEvent } from '../src/storage/repositories/webhooks.ts';
import { startWebhookRelay } from '../src/webhooks/relay.ts';
import type { WebhookRelayOptions } from '../src/webhooks/relay.ts';
import { createTestStore, testBackends } from '../test/helpers/store.ts';

const { values } = parseArgs({
  options: {
    silent: { type: 'string', default: '50' },
    backlog: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '5' },
    'give-up': { type: 'string', default: '30' },
  },
});
const SILENT = Number(values.silent);
const BACKLOG = Number(values.backlog);
const ROUNDS = Number(values.rounds);
const GIVE_UP_MS = Number(values['give-up']) * 1000;
const secretKey = randomBytes(32).toString('hex');
const secrets = createSecretBox({ secretKey, dataDir: '/nonexistent' });

/** Accepts connections and never answers: the receiver that held the relay's lanes. */
async function silentEndpoint(): Promise<{ url: string; server: TcpServer; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createTcpServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, server, sockets };
}

interface Healthy {
  url: string;
  server: Server;
  /** Resolves when the event with this run id arrives. */
  arrival(runId: string): Promise<number>;
}

async function healthyEndpoint(): Promise<Healthy> {
  const waiting = new Map<string, (at: number) => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      res.writeHead(204).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: { problem?: string };
      };
      waiting.get(body.data.problem ?? '')?.(at);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    server,
    arrival: (runId) => new Promise((resolve) => waiting.set(runId, resolve)),
  };
}

async function measure(
  dialect: Dialect,
  label: string,
  relayOptions: Partial<WebhookRelayOptions>,
): Promise<void> {
  const store = await createTestStore(dialect);
  const silent = await Promise.all(Array.from({ length: SILENT }, () => silentEndpoint()));
  const healthy = await healthyEndpoint();
  for (const url of [...silent.map((s) => s.url), healthy.url]) {
    await createWebhookEndpoint(store.db, {
      url,
      events: ['link.needs_relink'],
      secretEncrypted: secrets.encrypt(`whsec_${randomBytes(32).toString('base64')}`),
    });
  }
  const record = (problem: string) =>
    writeTransaction(store, (tx) =>
      recordWebhookEvent(tx, {
        type: 'link.needs_relink',
        userId: 1,
        data: { user_id: 1, platform: 'sleeper', account_id: 1, problem },
      }),
    );
  const relay = startWebhookRelay({
    store,
    secrets,
    logger: silentLogger(),
    allowPrivate: ['127.0.0.0/8'],
    ...relayOptions,
  });
  const times: number[] = [];
  try {
    // A backlog due to every endpoint, and a moment for the silent ones to take their lanes.
    for (let i = 0; i < BACKLOG; i++) await record(`backlog-${i}`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (let round = 0; round < ROUNDS; round++) {
      const runId = `round-${round}`;
      const arrived = healthy.arrival(runId);
      const started = performance.now();
      await record(runId);
      const at = await Promise.race([
        arrived,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), GIVE_UP_MS)),
      ]);
      times.push(at === undefined ? Number.POSITIVE_INFINITY : at - started);
      if (at === undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await relay.close();
    for (const s of silent) {
      for (const socket of s.sockets) socket.destroy();
      s.server.close();
    }
    healthy.server.close();
    await store.destroy();
  }
  const shown = times.map((ms) =>
    Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)}` : `>${GIVE_UP_MS / 1000}`,
  );
  const worst = Math.max(...times);
  console.log(
    `${dialect.padEnd(8)} ${label.padEnd(34)} healthy endpoint's event arrived after (s): ` +
      `${shown.join(', ')}; worst ${Number.isFinite(worst) ? (worst / 1000).toFixed(2) : `>${GIVE_UP_MS / 1000}`} s`,
  );
}

console.log(
  `${SILENT} silent endpoints and 1 healthy on 127.0.0.1, ${BACKLOG} events due to each before ` +
    `${ROUNDS} measured events; 10 s timeout, 1 s poll (production defaults)`,
);
for (const dialect of testBackends()) {
  await measure(dialect, 'per-endpoint lanes (defaults)', {});
  await measure(dialect, 'former shape: 4 shared lanes', {
    concurrency: 4,
    endpointConcurrency: 4,
  });
}
