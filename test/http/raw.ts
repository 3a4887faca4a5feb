// Requests written byte for byte on a socket, for what fetch cannot send (repeated header lines,
// CONNECT, a request line Node cannot parse) or hides (a connection closed without an answer).
import assert from 'node:assert/strict';
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names lower-cased; a repeated header keeps its last value. */
  headers: Map<string, string>;
  body: string;
}

/** Sends `request` as is and reads until the server closes; undefined if it answered nothing. */
export async function sendRaw(baseUrl: string, request: string): Promise<RawAnswer | undefined> {
  return (await sendRawAll(baseUrl, request))[0];
}

/** Every answer to `request` (several when it pipelines requests), in order. */
export function sendRawAll(baseUrl: string, request: string): Promise<RawAnswer[]> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseAll(Buffer.concat(chunks).toString('latin1'))));
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.write(request, 'latin1');
  });
}

/**
 * Every byte the server sends for `request`, the client having ended its side after it (a server
 * that keeps the connection open still closes it then, once it has answered).
 */
export function exchangeBytes(port: number, request: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.setTimeout(5000, () => socket.destroy(new Error('no end within 5 s')));
    socket.end(request, 'latin1');
  });
}

/** Reads responses: status line, headers, and a body of exactly Content-Length bytes each. */
function parseAll(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  while (rest !== '') {
    const end = rest.indexOf('\r\n\r\n');
    assert.notEqual(end, -1, `no end of headers in ${JSON.stringify(rest.slice(0, 200))}`);
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1]);
    const headers = new Map<string, string>();
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const length = Number(headers.get('content-length') ?? 0);
    answers.push({ status, headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

/** The answer as a fetch Response, so the shared problem assertions apply to it. */
export function asResponse(answer: RawAnswer | undefined): Response {
  assert.ok(answer !== undefined, 'the server closed the connection without an answer');
  return new Response(answer.body, { status: answer.status, headers: [...answer.headers] });
}
