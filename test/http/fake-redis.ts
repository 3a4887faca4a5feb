// A Redis stand-in on 127.0.0.1 speaking just enough RESP for RedisRateLimitStore (the connection
// handshake, PING, the rate-limit script, QUIT), that can be made to hang as a paused Redis does:
// it keeps reading commands but answers none until resumed, then answers them in order.
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeRedis {
  url: string;
  /** Rate-limit script calls (EVALSHA/EVAL) received, whether answered yet or held. */
  readonly scriptCalls: number;
  /** Stops answering; commands are held until `resume`. */
  hang(): void;
  resume(): void;
  close(): Promise<void>;
}

interface Connection {
  socket: Socket;
  buffer: Buffer;
  /** Commands read but not answered yet (all of them while hung). */
  held: string[][];
}

export async function startFakeRedis(): Promise<FakeRedis> {
  const counters = new Map<string, number>();
  const connections = new Set<Connection>();
  let hung = false;
  let scriptCalls = 0;

  const answer = (command: string[]): string => {
    const [name = '', ...args] = command;
    switch (name.toUpperCase()) {
      case 'PING':
        return '+PONG\r\n';
      case 'INFO': {
        const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
        return `$${Buffer.byteLength(info)}\r\n${info}\r\n`;
      }
      case 'CLIENT':
      case 'SELECT':
      case 'QUIT':
        return '+OK\r\n';
      case 'EVALSHA':
      case 'EVAL': {
        // EVALSHA sha 1 key windowMs: the counting script, answered as {count, ttl}.
        const key = args[2] ?? '';
        const count = (counters.get(key) ?? 0) + 1;
        counters.set(key, count);
        return `*2\r\n:${count}\r\n:${Number(args[3] ?? 0)}\r\n`;
      }
      default:
        return `-ERR unknown command '${name}'\r\n`;
    }
  };

  /** Answers the held commands in order (none while hung). */
  const drain = (connection: Connection): void => {
    while (!hung) {
      const command = connection.held.shift();
      if (command === undefined) return;
      connection.socket.write(answer(command));
      if (command[0]?.toUpperCase() === 'QUIT') connection.socket.end();
    }
  };

  const server = createServer((socket) => {
    const connection: Connection = { socket, buffer: Buffer.alloc(0), held: [] };
    connections.add(connection);
    socket.on('data', (chunk: Buffer) => {
      connection.buffer = Buffer.concat([connection.buffer, chunk]);
      for (;;) {
        const parsed = parseCommand(connection.buffer);
        if (parsed === undefined) break;
        connection.buffer = connection.buffer.subarray(parsed.length);
        if (/^EVAL/i.test(parsed.command[0] ?? '')) scriptCalls += 1;
        connection.held.push(parsed.command);
      }
      drain(connection);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => connections.delete(connection));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `redis://127.0.0.1:${port}`,
    get scriptCalls() {
      return scriptCalls;
    },
    hang() {
      hung = true;
    },
    resume() {
      hung = false;
      for (const connection of connections) drain(connection);
    },
    async close() {
      for (const { socket } of connections) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One RESP array of bulk strings from the start of `buffer`, or undefined if incomplete. */
function parseCommand(buffer: Buffer): { command: string[]; length: number } | undefined {
  const text = buffer.toString('latin1');
  let at = 0;
  const line = (): string | undefined => {
    const end = text.indexOf('\r\n', at);
    if (end === -1) return undefined;
    const found = text.slice(at, end);
    at = end + 2;
    return found;
  };
  const header = line();
  if (header === undefined) return undefined;
  if (!header.startsWith('*')) throw new Error(`fake Redis: not a RESP array: ${header}`);
  const command: string[] = [];
  for (let i = 0; i < Number(header.slice(1)); i += 1) {
    const size = line();
    if (size === undefined) return undefined;
    const length = Number(size.slice(1));
    if (text.length < at + length + 2) return undefined;
    command.push(text.slice(at, at + length));
    at += length + 2;
  }
  return { command, length: at };
}
