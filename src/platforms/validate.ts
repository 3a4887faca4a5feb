// Every platform validates each payload as it arrives against a compiled TypeBox schema; a body
// of another shape becomes the same 'invalid_response' error everywhere, naming the call, where
// the shape first differs and what was there (never the whole value: it may be large or private).
import type { Static, TSchema } from '@sinclair/typebox';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import type { Platform } from '../domain/catalog.ts';
import { PlatformError } from './connector.ts';

/** Returns the body typed, or throws 'invalid_response' naming the endpoint and the first problem. */
export function validatePayload<T extends TSchema>(
  platform: Platform,
  check: TypeCheck<T>,
  body: unknown,
  endpoint: string,
): Static<T> {
  if (check.Check(body)) return body;
  const first = check.Errors(body).First();
  const where = first?.path ? first.path : 'the top level';
  const what = first ? `${first.message}, got ${describeValue(first.value)}` : 'unexpected shape';
  throw new PlatformError(
    platform,
    `${endpoint} answered an unexpected shape at ${where}: ${what}`,
    'invalid_response',
  );
}

/** A short, safe description of a value that did not fit. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? 'a long string' : JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return typeof value === 'undefined' ? 'nothing' : `${typeof value} ${String(value)}`;
}
