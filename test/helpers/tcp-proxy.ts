// A TCP proxy on 127.0.0.1 in front of a server (Redis): `cut(ms)` drops every connection and
// refuses new ones for a while, which is what a client sees when the server restarts; `stall()`
// keeps the connections open but passes nothing on until `resume()`, which is what a client sees
// of a hung server (only the proxy's own clients: other users of the server are not held up).
import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections dropped by cut() so far. */
  dropped: number;
  cut(ms: number): Promise<void>;
  /** Holds every byte in either direction, on open and new connections, until `resume`. */
  stall(): void;
  /** Passes on what was held, in order, and carries on. */
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let down = false;
  let stalled = false;
  /** What arrived while stalled: bytes from `from` for `to`, or null where `from` ended. */
  let held: Array<{ from: Socket; to: Socket; chunk: Buffer | null }> = [];

  const deliver = (from: Socket, to: Socket, chunk: Buffer | null): void => {
    if (to.destroyed) return;
    if (chunk === null) to.end();
    else if (!to.write(chunk)) from.pause();
  };
  const forward = (from: Socket, to: Socket): void => {
    from.on('data', (chunk: Buffer) => {
      if (stalled) held.push({ from, to, chunk });
      else deliver(from, to, chunk);
    });
    from.on('end', () => {
      if (stalled) held.push({ from, to, chunk: null });
      else deliver(from, to, null);
    });
    to.on('drain', () => from.resume());
  };

  const server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
      forward(a, b);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: TcpProxy = {
    port: (server.address() as AddressInfo).port,
    dropped: 0,
    async cut(ms) {
      down = true;
      proxy.dropped += open.size;
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, ms));
      down = false;
    },
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      const release = held;
      held = [];
      for (const { from, to, chunk } of release) deliver(from, to, chunk);
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
