// One request as raw bytes on its own connection to 127.0.0.1, and its whole answer: the
// fuzzers' only way of talking to the service, so nothing a client library would fix is fixed.
import { connect } from 'node:net';

export interface Exchanged {
  /** The whole answer; '' when there was none. */
  answer: string;
  /** The connection was still open, without a complete answer, after the time allowed. */
  timedOut: boolean;
}

/** Sends raw bytes and waits until the server closes the connection, or `timeoutMs`. */
export function exchange(
  target: { host: string; port: number },
  bytes: Buffer,
  timeoutMs: number,
): Promise<Exchanged> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(target.port, target.host);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after a complete answer is not a failure
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer: Buffer.concat(chunks).toString('latin1'), timedOut });
    });
    // Written without half-closing, as browsers and HTTP libraries do: Node's server treats a
    // client's FIN as the end of its interest and drops answers still being prepared.
    socket.write(bytes);
  });
}
