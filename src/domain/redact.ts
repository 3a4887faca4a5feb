// Secrets a user gave (a password, a cookie, an OAuth code) taken out of a message before anyone
// sees it. A platform's error page may echo what it was sent in another form than the user typed
// it: percent-encoded in a URL or a form body, HTML-escaped in a page, escaped in JSON. Every
// such form is replaced, not only the exact text.

export const REDACTED = '***';

const HTML_QUOTES = ['&quot;', '&#34;', '&#x22;', '"'] as const;
const HTML_APOSTROPHES = ['&#39;', '&#039;', '&#x27;', '&apos;', "'"] as const;

function htmlEscaped(secret: string, quote: string, apostrophe: string): string {
  return secret
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', quote)
    .replaceAll("'", apostrophe);
}

/** The forms one secret may be echoed in; the percent-encoded ones match either hex case. */
export function secretForms(secret: string): { exact: string[]; percentEncoded: string[] } {
  const exact = new Set<string>([secret, JSON.stringify(secret).slice(1, -1)]);
  for (const quote of HTML_QUOTES) {
    for (const apostrophe of HTML_APOSTROPHES) exact.add(htmlEscaped(secret, quote, apostrophe));
  }
  const percentEncoded = new Set<string>([
    encodeURIComponent(secret),
    encodeURI(secret),
    // application/x-www-form-urlencoded: spaces as '+', and more characters encoded.
    new URLSearchParams([['', secret]]).toString().slice(1),
  ]);
  for (const form of percentEncoded) exact.delete(form);
  return { exact: [...exact], percentEncoded: [...percentEncoded] };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A percent-encoded form as a pattern that takes `%2f` for `%2F`, as decoders do. */
function anyHexCase(form: string): string {
  return form
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((part, i) =>
      i % 2 === 1 ? `%(?:${part.slice(1)}|${part.slice(1).toLowerCase()})` : escapeRegExp(part),
    )
    .join('');
}

/** `text` with every form of every non-empty secret replaced by REDACTED. */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  const patterns = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    const { exact, percentEncoded } = secretForms(secret);
    for (const form of exact) patterns.add(escapeRegExp(form));
    for (const form of percentEncoded) patterns.add(anyHexCase(form));
  }
  if (patterns.size === 0) return text;
  // Longest first, so a longer form is replaced whole rather than around a shorter one inside it.
  const alternation = [...patterns].sort((a, b) => b.length - a.length).join('|');
  return text.replace(new RegExp(alternation, 'g'), REDACTED);
}

/** Every string inside a value (the credentials a user gave: a password, cookies...). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}
