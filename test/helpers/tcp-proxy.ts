// A TCP proxy on 127.0.0.1 in front of a server (Redis): `cut(ms)` drops every connection and
// refuses new ones for a while, which is what a client sees when the server restarts.
import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections dropped by cut() so far. */
  dropped: number;
  cut(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let down = false;
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
      a.pipe(b);
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
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
