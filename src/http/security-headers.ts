// The security header fields of every answer, chosen here and only here by the surface the path
// belongs to, and written by the one writer of heads (wire/exchange.ts's Responder) into every
// head, at every status: 200, 304, problems, 404, 405, 429, 5xx, redirects, CORS preflights and
// what node:http's parser refused. The metrics listener (src/metrics/server.ts) sends the API's.
// - Everything: X-Content-Type-Options: nosniff, so no browser reads a JSON or problem body, or
//   an error page, as HTML or script.
// - The connect page (/connect and under): its Content-Security-Policy, X-Frame-Options and
//   Referrer-Policy too (its session token is in the address). A page of a session widens the
//   policy's form-action and img-src (connect/context.ts), the logo narrows it: those answers
//   hand their own Content-Security-Policy, which takes this one's place; the others stay.
// - The /docs page: its own policy (docs/page.ts) with the same companions.
// Each set is made once, as the object writeHead takes and as the header lines the hot path's
// joined head takes (response-head.ts): a request only picks one of three by its path. On a
// cached answer that is one more piece of its head string; no difference from before the fields
// showed above the bench's noise (docs/performance.md, "Security header fields").
import { pageHeaders } from './connect/guard.ts';
import { DOCS_CSP } from './docs/page.ts';
import { fieldBlock } from './wire/response-head.ts';

export interface SecurityFields {
  /** For writeHead (a route's own fields of the same name come after, and win). */
  readonly fields: Readonly<Record<string, string>>;
  /** The same fields as `Name: value\r\n` lines, checked once. */
  readonly lines: string;
}

const NOSNIFF = { 'X-Content-Type-Options': 'nosniff' } as const;

/** What a page shown in a browser adds: never framed, never named to another site. */
const PAGE = { ...NOSNIFF, 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'same-origin' } as const;

function fieldsOf(fields: Readonly<Record<string, string>>): SecurityFields {
  return Object.freeze({
    fields: Object.freeze({ ...fields }),
    lines: fieldBlock(Object.entries(fields).flat()),
  });
}

/** The public API, the admin API, /openapi.json, the docs page's files, unknown paths. */
export const API_SECURITY = fieldsOf(NOSNIFF);

/** Every answer under /connect: the page's strictest policy unless the answer hands its own. */
export const CONNECT_SECURITY = fieldsOf({
  'Content-Security-Policy': pageHeaders()['Content-Security-Policy'] as string,
  ...PAGE,
});

/** /docs (and /docs/, its redirect). */
export const DOCS_SECURITY = fieldsOf({ 'Content-Security-Policy': DOCS_CSP, ...PAGE });

/** The fields of an answer to `path` (without its query). */
export function securityFor(path: string): SecurityFields {
  // Most requests are the API's: one character rules out both pages.
  if (path.charCodeAt(1) !== 99 /* c */ && path.charCodeAt(1) !== 100 /* d */) return API_SECURITY;
  if (path.startsWith('/connect') && (path.length === 8 || path.charCodeAt(8) === 47) /* / */) {
    return CONNECT_SECURITY;
  }
  if (path === '/docs' || path === '/docs/') return DOCS_SECURITY;
  return API_SECURITY;
}
