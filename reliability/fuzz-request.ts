// A hostile request to the admin API or the connect page, as bytes, with what the fuzz must
// know to judge its answer: whether it may change the store, whether it carried what the surface
// asks for (a valid admin key; a live session's own form), and which secrets its answer may show.
import type { Rng } from '../src/platforms/demo/random.ts';

export type Surface = 'admin' | 'connect';

export interface SurfaceRequest {
  surface: Surface;
  bytes: Buffer;
  /** Accepted, it may change the store: sent alone, and the store compared when refused. */
  mutating: boolean;
  /**
   * Sent without a valid admin key, to a session that is not live, or as a form that is not its
   * page's: any answer but a refusal is a failure.
   */
  unauthorized: boolean;
  /** Secrets its answer may show: a session's own token and form token, on its own page. */
  mayShow: readonly string[];
  /** The operation it is a (hostile) request of: its path, parameters filled, and its method. */
  operation?: string;
}

export const METHODS = [
  'HEAD',
  'PUT',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  'get',
  'post',
  'FOO',
  'G\u00e9T',
] as const;

/** Path junk around a well-formed path. */
export function junkPath(rng: Rng, path: string): string {
  switch (rng.int(0, 12)) {
    case 0:
      return `${path}/`;
    case 12:
      return path.replace(/\/([^/]*)$/, '//$1');
    case 1:
      return path.replace('/', '//');
    case 2:
      return `${path}/..`;
    case 3:
      return `${path}/%2e%2e/x`;
    case 4:
      return path.toUpperCase();
    case 5:
      return `${path};jsessionid=1`;
    case 6:
      return `${path}%00`;
    case 7:
      return `${path}/${'a'.repeat(rng.int(300, 9000))}`;
    case 8:
      return `${path}#frag`;
    case 9:
      return `http://evil.example${path}`;
    case 10:
      return path.replaceAll('/', '%2F');
    default:
      return `${path}/extra/segments`;
  }
}

const QUERIES = ['?x=1', '?%zz', '?user_id=1&user_id=2', '?', `?q=${'q'.repeat(3000)}`];

/** No query mostly (neither surface takes one), else one it must refuse or ignore. */
export function junkQuery(rng: Rng): string {
  return rng.chance(0.15) ? rng.pick(QUERIES) : '';
}

/**
 * A header line repeated after the request's own: Host (node:http keeps the first), a second
 * Content-Length that contradicts the body's, or Transfer-Encoding beside it (both refused by
 * the parser). Only Host when there is no body with a length, which would leave the server
 * waiting for a body that never comes.
 */
export function repeatedHeader(rng: Rng, bodyWithLength: boolean): string {
  if (!bodyWithLength) return 'Host: evil.example';
  return rng.pick(['Host: evil.example', 'Content-Length: 1', 'Transfer-Encoding: chunked']);
}

export interface RawRequest {
  method: string;
  target: string;
  headers: readonly string[];
  body?: string | Buffer;
  /** Leave out Content-Length (a chunked body, or one whose length header is given). */
  noLength?: boolean;
  version?: string;
}

/** The bytes of a request: Host and Connection: close first, Content-Length for a body. */
export function rawRequest(host: string, request: RawRequest): Buffer {
  const body =
    request.body === undefined
      ? undefined
      : Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(request.body, 'utf8');
  const headers = [`Host: ${host}`, 'Connection: close', ...request.headers];
  if (body !== undefined && request.noLength !== true)
    headers.push(`Content-Length: ${body.length}`);
  const head = `${request.method} ${request.target} ${request.version ?? 'HTTP/1.1'}\r\n${headers.join('\r\n')}\r\n\r\n`;
  return body === undefined
    ? Buffer.from(head, 'utf8')
    : Buffer.concat([Buffer.from(head, 'utf8'), body]);
}

/** A body sent chunked, in pieces of the given size. */
export function chunked(body: string, size: number): Buffer {
  let text = '';
  for (let at = 0; at < body.length; at += size) {
    const piece = body.slice(at, at + size);
    text += `${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`;
  }
  return Buffer.from(`${text}0\r\n\r\n`, 'utf8');
}
