// Content coding and conditional requests: which of identity, gzip and br an Accept-Encoding
// header prefers (RFC 9110 section 12.5.3, q-values honoured), and whether an If-None-Match
// header names the representation about to be sent (weak comparison, section 13.1.2).

export type Coding = 'identity' | 'gzip' | 'br';

const CODING_CACHE_MAX = 64;
const codingCache = new Map<string, Coding>();

/**
 * The coding to send: br, then gzip, whichever has the higher q (br on a tie), else identity.
 * Identity is always acceptable here: a client refusing it still gets a readable answer.
 */
export function preferredCoding(acceptEncoding: string | undefined): Coding {
  if (acceptEncoding === undefined || acceptEncoding === '') return 'identity';
  const cached = codingCache.get(acceptEncoding);
  if (cached !== undefined) return cached;
  const coding = parseAcceptEncoding(acceptEncoding);
  // Clients send a handful of distinct headers; a bounded memo keeps parsing off the hot path.
  if (codingCache.size >= CODING_CACHE_MAX) codingCache.clear();
  codingCache.set(acceptEncoding, coding);
  return coding;
}

function parseAcceptEncoding(header: string): Coding {
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const semicolon = part.indexOf(';');
    const name = (semicolon === -1 ? part : part.slice(0, semicolon)).trim().toLowerCase();
    const q = semicolon === -1 ? 1 : qValue(part.slice(semicolon + 1));
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = q;
    else if (name === '*') any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzipQ = gzip ?? any ?? 0;
  if (brQ > 0 && brQ >= gzipQ) return 'br';
  if (gzipQ > 0) return 'gzip';
  return 'identity';
}

function qValue(parameters: string): number {
  for (const parameter of parameters.split(';')) {
    const equals = parameter.indexOf('=');
    if (equals === -1 || parameter.slice(0, equals).trim().toLowerCase() !== 'q') continue;
    const value = Number(parameter.slice(equals + 1).trim());
    return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
  }
  return 1;
}

/** The suffix marking a compressed representation's entity tag. */
export const ETAG_SUFFIX: Readonly<Record<Coding, string>> = {
  identity: '',
  gzip: '-gz',
  br: '-br',
};

/**
 * Whether If-None-Match names `etag` ("*" names anything). Tags of the same content in another
 * coding count as a match too: the content is the same, only the transfer differs.
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  const opaque = contentTag(etag);
  for (const listed of header.split(',')) {
    let tag = listed.trim();
    if (tag === '*') return true;
    if (tag.startsWith('W/')) tag = tag.slice(2);
    if (contentTag(tag) === opaque) return true;
  }
  return false;
}

/** The tag without quotes and without a coding suffix. */
function contentTag(tag: string): string {
  let inner = tag.length >= 2 && tag.startsWith('"') && tag.endsWith('"') ? tag.slice(1, -1) : tag;
  if (inner.endsWith(ETAG_SUFFIX.gzip) || inner.endsWith(ETAG_SUFFIX.br)) {
    inner = inner.slice(0, -3);
  }
  return inner;
}
