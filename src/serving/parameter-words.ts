// What a parameter accepts, in the words a 400 `invalid_parameter` uses: one wording for the HTTP
// API (parameters arrive as text) and the MCP tools (arguments arrive as JSON values), so a client
// reads the same sentence for the same mistake on either surface.
import { Kind } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import { quoteValue } from './problems.ts';

/** How the value came: as text (HTTP path and query) or as a JSON value (an MCP argument). */
export type ValueForm = 'text' | 'json';

/** Words what a schema accepts ("a whole number from 1 to 30"); undefined when it cannot say. */
export function describeAccepted(schema: TSchema, form: ValueForm = 'text'): string | undefined {
  if (schema.const !== undefined) return String(schema.const);
  const variants = schema.anyOf as TSchema[] | undefined;
  if (variants !== undefined && variants.every((variant) => variant.const !== undefined)) {
    return `one of ${variants.map((variant) => String(variant.const)).join(', ')}`;
  }
  if (schema.type === 'integer') {
    const min = schema.minimum as number | undefined;
    const max = schema.maximum as number | undefined;
    const range = min !== undefined && max !== undefined ? ` from ${min} to ${max}` : '';
    // Only text has digits to get wrong ("0012", "1e3"); a JSON number is a number.
    return `a whole number${range}${form === 'text' ? ' in plain decimal digits' : ''}`;
  }
  if (schema[Kind] === 'String') {
    const max = schema.maxLength as number | undefined;
    const parts = [
      ((schema.minLength as number | undefined) ?? 0) > 0 ? 'a non-empty text' : 'a text',
    ];
    if (max !== undefined) parts.push(`of at most ${max} characters`);
    if (schema.pattern === '\\S') parts.push('that is not only spaces');
    return parts.join(' ');
  }
  return undefined;
}

/** The reason of a refused value: "must be <what the schema accepts>; got <the value>". */
export function mustBe(schema: TSchema, given: unknown, form: ValueForm = 'text'): string {
  return `must be ${describeAccepted(schema, form) ?? 'valid'}; got ${shownValue(given, form)}`;
}

/** The value as the client sent it, bounded: quoted text, or a JSON value as JSON. */
function shownValue(given: unknown, form: ValueForm): string {
  if (given === undefined) return 'nothing';
  if (form === 'text' || typeof given === 'string') return quoteValue(String(given));
  const json = JSON.stringify(given);
  return json.length > 40 ? `${json.slice(0, 40)}…` : json;
}
