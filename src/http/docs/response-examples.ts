// What a response example is, and how a real answer is cut to one: a league's draft or its
// transactions run to hundreds of entries, the rostered players to a map of hundreds of names, so
// a long array or map keeps its first few entries; short ones (the seasons, the platforms) stay
// whole, so they still tell the truth. The generator checks each cut body against its schema.

import { RESPONSE_EXAMPLES } from '../openapi-examples.ts';

export interface ResponseExample {
  /** The success status the example answers with. */
  status: number;
  body: unknown;
}

/** Entries kept of a long array or map. */
export const EXAMPLE_ENTRIES = 3;
/** Longer than this, an array is cut. */
const LONG_ARRAY = 8;
/** More keys than this, an object is a map (no record of ours has as many fields), and is cut. */
const LONG_MAP = 40;

export function trimExample(value: unknown): unknown {
  if (Array.isArray(value)) {
    return (value.length > LONG_ARRAY ? value.slice(0, EXAMPLE_ENTRIES) : value).map(trimExample);
  }
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  return Object.fromEntries(
    (entries.length > LONG_MAP ? entries.slice(0, EXAMPLE_ENTRIES) : entries).map(
      ([key, entry]) => [key, trimExample(entry)],
    ),
  );
}

/**
 * The operation's generated response example (../openapi-examples.ts), if any: a missing one
 * leaves the document without it and fails test/http/openapi-examples.test.ts, not the service.
 */
export function exampleOf(operationId: string): { example?: unknown } {
  const found = RESPONSE_EXAMPLES[operationId];
  return found === undefined ? {} : { example: found.body };
}

/** The example is JSON: given on the JSON representation; XML readers get the schema's shape. */
export function jsonExample(type: string, operationId: string): { example?: unknown } {
  return type === 'application/json' ? exampleOf(operationId) : {};
}
