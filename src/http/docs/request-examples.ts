// Request examples for the OpenAPI document, taken from each route's `example` path: the path's
// parameter segments and its query, read against the route's template and parsed by the same
// validator the route uses, so an example the route would refuse fails at start-up, not on /docs.
import type { TObject } from '@sinclair/typebox';
import { compileParams } from '../validate.ts';
import type { RawParams } from '../validate.ts';

export interface ParameterExamples {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
}

/** The example's parameters, typed as the route declares them; throws if it does not fit. */
export function parameterExamples(
  operationId: string,
  template: string,
  example: string,
  params: TObject,
  query: TObject,
): ParameterExamples {
  const url = new URL(example, 'http://example.invalid');
  const segments = template.split('/');
  const actual = url.pathname.split('/');
  if (segments.length !== actual.length) {
    throw new Error(`${operationId}: example ${example} does not match ${template}`);
  }
  const rawPath: RawParams = {};
  segments.forEach((segment, at) => {
    const value = actual[at] as string;
    if (segment.startsWith('{')) rawPath[segment.slice(1, -1)] = decodeURIComponent(value);
    else if (segment !== value) {
      throw new Error(`${operationId}: example ${example} does not match ${template}`);
    }
  });
  const rawQuery: RawParams = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    rawQuery[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return {
    path: compileParams(params, 'path').parse(rawPath) as Record<string, unknown>,
    query: compileParams(query, 'query').parse(rawQuery) as Record<string, unknown>,
  };
}
