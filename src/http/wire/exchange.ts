// One request in flight, and the three ways the app answers it: a built body (operations,
// problems, answers without a cache), a cached representation with its validators (or a 304),
// each followed by the request's log line. Every head is written here, each with the security
// fields of its path's surface (../security-headers.ts), made once and joined into the same head.
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { AccessLog } from './access-log.ts';
import { ifNoneMatch } from '../cache/conditional.ts';
import type { CachedResponse, Representation } from '../cache/responses.ts';
import type { RequestObserver } from '../observer.ts';
import { PROBLEM_CONTENT_TYPE, renderProblem } from '../../serving/problems.ts';
import type { HttpProblem } from '../../serving/problems.ts';
import type { RateLimitDecision } from '../../serving/rate-limit.ts';
import type { RateLimitFields } from '../rate-limit-fields.ts';
import { linesToHeaders } from '../cors.ts';
import { securityFor } from '../security-headers.ts';
import type { ApiHeaders } from './request-headers.ts';
import { writeHeadBlock } from './response-head.ts';

/** What the response and the log line need. */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  /** The request fields the API path reads (request-headers.ts); others from `req.headers`. */
  headers: ApiHeaders;
  requestId: string;
  started: number;
  path: string;
  operationId: string | undefined;
  userId: number | undefined;
  rate: RateLimitDecision | undefined;
  /**
   * The admin key of an /admin/ call (its id, never the key). Always present, undefined on other
   * calls: a field missing from the object sends its read on the log path through V8's generic
   * lookup (about 0.6% of the CPU in perf on the bench).
   */
  adminKeyId: number | undefined;
  /** The CORS field lines of a public API answer (http/cors.ts); undefined elsewhere or when off. */
  cors: string | undefined;
}

export interface ResponseEvent {
  /** The operationId of the matched route; undefined for unknown paths. */
  operationId: string | undefined;
  method: string;
  status: number;
}

export class Responder {
  constructor(
    private readonly rateFields: RateLimitFields,
    private readonly accessLog: AccessLog,
    private readonly onResponse: ((event: ResponseEvent) => void) | undefined,
    /** Metrics: one call per response with fixed arguments (see observer.ts). */
    private readonly observer: RequestObserver | undefined = undefined,
  ) {}

  /** A body built for this request; never stored by anyone (`no-store`). */
  send(
    ex: Exchange,
    status: number,
    contentType: string,
    body: string | Buffer,
    headers?: Readonly<Record<string, string>>,
  ): void {
    const { req, res } = ex;
    res.writeHead(status, {
      'Content-Type': contentType,
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Request-Id': ex.requestId,
      ...(ex.rate && this.rateFields.headers(ex.rate)),
      // Before the answer's own: a page of a session hands its wider Content-Security-Policy.
      ...securityFor(ex.path).fields,
      ...headers,
      ...(ex.cors !== undefined && linesToHeaders(ex.cors)),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    this.logged(ex, status);
  }

  sendProblem(ex: Exchange, problem: HttpProblem): void {
    this.send(
      ex,
      problem.status,
      PROBLEM_CONTENT_TYPE,
      renderProblem(problem, ex.requestId),
      problem.headers,
    );
  }

  /**
   * A 200 of an API route from the cache (or its 304): the entry's fields joined once, then the
   * request id and the rate limit (response-head.ts says why not writeHead).
   */
  sendRepresentation(
    ex: Exchange,
    entry: CachedResponse,
    representation: Representation,
    vary: string,
  ): void {
    const { req, res } = ex;
    const blocks = entry.headBlocks(representation, vary);
    let own = `${securityFor(ex.path).lines}X-Request-Id: ${ex.requestId}\r\n`;
    if (ex.rate !== undefined) own += this.rateFields.fieldLines(ex.rate);
    if (ex.cors !== undefined) own += ex.cors;
    if (ifNoneMatch(ex.headers['if-none-match'], representation.etag)) {
      writeHeadBlock(res, 304, blocks.notModified + own, false);
      res.end();
      return this.logged(ex, 304);
    }
    writeHeadBlock(res, 200, blocks.ok + own, true);
    // A string body (a small one, responses.ts) is its bytes, a character each: latin1.
    res.end(req.method === 'HEAD' ? undefined : blocks.body, 'latin1');
    this.logged(ex, 200);
  }

  /**
   * A problem written straight to a connection node:http answers no ServerResponse for (a request
   * it could not parse, CONNECT), which is then closed. `method` and `path` are what is known.
   */
  sendOnSocket(
    socket: Duplex,
    problem: HttpProblem,
    request: { requestId: string; started: number; method?: string; path: string },
  ): void {
    const { requestId } = request;
    const body = renderProblem(problem, requestId);
    let head =
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? ''}\r\n` +
      `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\n${securityFor(request.path).lines}X-Request-Id: ${requestId}\r\n` +
      'Connection: close\r\n';
    for (const [name, value] of Object.entries(problem.headers)) head += `${name}: ${value}\r\n`;
    socket.end(`${head}\r\n${body}`);
    this.log(
      request.requestId,
      request.method,
      request.path,
      undefined,
      undefined,
      problem.status,
      request.started,
    );
  }

  private logged(ex: Exchange, status: number): void {
    this.log(
      ex.requestId,
      ex.req.method,
      ex.path,
      ex.operationId,
      ex.userId,
      status,
      ex.started,
      ex.adminKeyId,
    );
  }

  private log(
    requestId: string,
    method: string | undefined,
    path: string,
    route: string | undefined,
    userId: number | undefined,
    status: number,
    started: number,
    adminKeyId?: number,
  ): void {
    const elapsedMs = performance.now() - started;
    this.observer?.responded(route, status, elapsedMs / 1000);
    this.accessLog.write({
      requestId,
      method,
      path,
      route,
      userId,
      adminKeyId,
      status,
      durationMs: Math.round(elapsedMs * 100) / 100,
    });
    this.onResponse?.({ operationId: route, method: method ?? '', status });
  }
}
