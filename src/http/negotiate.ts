// Content negotiation on the Accept header (RFC 9110 section 12.5.1): q-values, type/* and */*
// ranges, most specific range wins; ties go to the server's order (JSON first).

export type MediaType = 'application/json' | 'application/xml' | 'text/xml';

/** The media types an XML writer answers: RFC 7303 makes text/xml an alias of application/xml. */
export const XML_TYPES: readonly MediaType[] = ['application/xml', 'text/xml'];

export function isXml(media: MediaType): boolean {
  return media !== 'application/json';
}

interface Range {
  type: string;
  subtype: string;
  q: number;
}

/**
 * The representation to send, or undefined when the Accept header allows none of `offered`.
 * A missing or empty header accepts anything.
 */
export function negotiate(
  accept: string | undefined,
  offered: readonly MediaType[],
): MediaType | undefined {
  const preferred = offered[0];
  if (accept === undefined || accept === '' || accept === '*/*' || accept === preferred) {
    return preferred;
  }
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return preferred;
  let best: MediaType | undefined;
  let bestQ = 0;
  for (const media of offered) {
    const q = quality(media, ranges);
    if (q > bestQ) {
      best = media;
      bestQ = q;
    }
  }
  return best;
}

function quality(media: MediaType, ranges: readonly Range[]): number {
  const slash = media.indexOf('/');
  const type = media.slice(0, slash);
  const subtype = media.slice(slash + 1);
  let specificity = -1;
  let q = 0;
  for (const range of ranges) {
    let rank: number;
    if (range.type === type && range.subtype === subtype) rank = 2;
    else if (range.type === type && range.subtype === '*') rank = 1;
    else if (range.type === '*' && range.subtype === '*') rank = 0;
    else continue;
    if (rank > specificity || (rank === specificity && range.q > q)) {
      specificity = rank;
      q = range.q;
    }
  }
  return q;
}

function parseAccept(header: string): Range[] {
  const ranges: Range[] = [];
  for (const part of header.split(',')) {
    const [mediaRange = '', ...params] = part.split(';');
    const [type, subtype] = mediaRange.trim().toLowerCase().split('/');
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=');
      if (name?.trim().toLowerCase() === 'q' && value !== undefined) {
        const parsed = Number(value.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 1;
      }
    }
    ranges.push({ type, subtype, q });
  }
  return ranges;
}
