// The eight request header fields the API path reads, found in node:http's raw list in one pass.
// `req.headers` builds an object of every field on first use: each name lower-cased and looked up
// in node's table of known fields, each value stored.
// Kept because it pays: `req.headers` cost about 0.3 µs of the 17 µs of CPU a cached answer costs
// in the bench (2%) with wrk's two fields, more with a browser's ten.
// The values are what `req.headers` would hold: a repeated field's lines joined with ", ", as
// node:http joins these eight. The admin API and the connect page still read `req.headers`.

/** The fields, under the names `req.headers` uses; undefined when absent. */
export interface ApiHeaders {
  'x-request-id': string | undefined;
  'x-auth-token': string | undefined;
  auth_token: string | undefined;
  authorization: string | undefined;
  accept: string | undefined;
  origin: string | undefined;
  'accept-encoding': string | undefined;
  'if-none-match': string | undefined;
}

/** node:http's default `maxHeadersCount`: `req.headers` ignores the fields past it. */
const MAX_FIELDS = 2000;

/**
 * The fields from `raw` (`req.rawHeaders`: name, value, name, value...). Each value is kept in a
 * variable of its own and the object made once at the end: storing into the object by a computed
 * name went through V8's megamorphic keyed store on every field (callgrind, bench).
 */
export function apiHeaders(raw: readonly string[]): ApiHeaders {
  let requestId: string | undefined;
  let authToken: string | undefined;
  let authTokenLine: string | undefined;
  let authorization: string | undefined;
  let accept: string | undefined;
  let origin: string | undefined;
  let acceptEncoding: string | undefined;
  let ifNoneMatch: string | undefined;
  const end = Math.min(raw.length, MAX_FIELDS * 2);
  for (let at = 0; at < end; at += 2) {
    const name = raw[at] as string;
    // Most names are ruled out by their length alone; a name in its usual spelling is then
    // matched without lower-casing it.
    switch (name.length) {
      case 6:
        if (is(name, 'Accept', 'accept')) accept = joined(accept, raw[at + 1] as string);
        else if (is(name, 'Origin', 'origin')) origin = joined(origin, raw[at + 1] as string);
        break;
      case 10:
        if (is(name, 'auth_token', 'auth_token')) {
          authTokenLine = joined(authTokenLine, raw[at + 1] as string);
        }
        break;
      case 12:
        if (is(name, 'X-Auth-Token', 'x-auth-token')) {
          authToken = joined(authToken, raw[at + 1] as string);
        } else if (is(name, 'X-Request-Id', 'x-request-id')) {
          requestId = joined(requestId, raw[at + 1] as string);
        }
        break;
      case 13:
        if (is(name, 'If-None-Match', 'if-none-match')) {
          ifNoneMatch = joined(ifNoneMatch, raw[at + 1] as string);
        } else if (is(name, 'Authorization', 'authorization')) {
          authorization = joined(authorization, raw[at + 1] as string);
        }
        break;
      case 15:
        if (is(name, 'Accept-Encoding', 'accept-encoding')) {
          acceptEncoding = joined(acceptEncoding, raw[at + 1] as string);
        }
        break;
    }
  }
  return {
    'x-request-id': requestId,
    'x-auth-token': authToken,
    auth_token: authTokenLine,
    authorization,
    accept,
    origin,
    'accept-encoding': acceptEncoding,
    'if-none-match': ifNoneMatch,
  };
}

/** Whether `name` is the field `lower`, in any case (`usual` is its common spelling). */
function is(name: string, usual: string, lower: string): boolean {
  return name === usual || name === lower || name.toLowerCase() === lower;
}

/** A repeated field's lines joined as node:http joins them. */
function joined(earlier: string | undefined, value: string): string {
  return earlier === undefined ? value : `${earlier}, ${value}`;
}
