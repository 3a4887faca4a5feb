// The first step of every request: its exchange, with the request id the client sent (when it is
// a sane one) or a new one, the clock started for the access log, and the path without its query.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Exchange } from '../wire/exchange.ts';
import { apiHeaders } from '../wire/request-headers.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id to answer with: the client's X-Request-Id if it is a sane one, else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The exchange of a request, and where its query starts in the URL (-1 without one). */
export function openExchange(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  query: number,
): Exchange {
  const headers = apiHeaders(req.rawHeaders);
  return {
    req,
    res,
    headers,
    requestId: requestIdOf(headers['x-request-id']),
    started: performance.now(),
    path: query === -1 ? url : url.slice(0, query),
    operationId: undefined,
    userId: undefined,
    rate: undefined,
    adminKeyId: undefined,
    cors: undefined,
  };
}
