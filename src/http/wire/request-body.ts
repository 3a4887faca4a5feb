// A GET or HEAD of the API is answered without reading a body. node:http, after such an answer,
// "dumps" the request: it resumes the request stream so that any body bytes are pulled off the
// wire, which runs the stream machinery (two ticks, the end event) for a stream that holds
// nothing. Marking the request dumped before any body arrives (the handler runs as soon as the
// headers are parsed) has node:http's parser drop body bytes as they come, which is what the dump
// would have done, and skips the stream work.
// Kept because it pays: 1.1-1.4 µs of CPU a request on the bare node:http server of the bench
// (83-86k -> 94-97k req/s), about a tenth of its cost.
//
// The request stream then never ends: node:http keeps it as its parser's current request until
// the connection's next request or its close (one object per open connection, as while a request
// is answered). The flag is node:http's own (internals.ts); test/http/request-body.test.ts sends
// GETs with bodies of 512 KB (past the stream's buffer, so a body kept rather than dropped would
// stop the connection) and checks that it goes on.
import type { IncomingMessage } from 'node:http';
import { markDumped } from './internals.ts';

/** Drops whatever body `req` has (GET and HEAD of the API, which read none). */
export function discardBody(req: IncomingMessage): void {
  markDumped(req);
}
