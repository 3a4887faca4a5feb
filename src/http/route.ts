// An API operation (serving/operations) as an HTTP route: `defineRoute` adds what only HTTP has
// (the OpenAPI words, the media types offered, the response cache's key) and hands the app one
// uniform, type-erased route.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Product } from '../domain/catalog.ts';
import type { Principal } from '../serving/auth.ts';
import type { Operation } from '../serving/operation.ts';
import { invalidParameter } from '../serving/problems.ts';
import type { ProblemCode } from '../serving/problems.ts';
import type { ReadModel } from '../serving/read-model.ts';
import { Kept } from './wire/kept.ts';
import { isXml } from './negotiate.ts';
import type { MediaType } from './negotiate.ts';
import { compileParams } from './validate.ts';
import type { RawParams } from './validate.ts';

export interface HeaderDoc {
  description: string;
  schema: { type: 'string' | 'integer' };
}

/** The parts of a route the OpenAPI document and the reference page are built from. */
export interface RouteDoc {
  operationId: string;
  /** OpenAPI path template: '/league/settings/{league_id}'. */
  path: string;
  tag: string;
  summary: string;
  description: string;
  product: Product;
  /** The header the contract names for this endpoint; both headers work on every endpoint. */
  contractHeader: 'X-Auth-Token' | 'auth_token';
  params: TObject;
  query: TObject;
  response: TSchema;
  responseDescription: string;
  /** Representations offered, preferred first. */
  produces: readonly MediaType[];
  responseHeaders?: Readonly<Record<string, HeaderDoc>>;
  /** Problems particular to this endpoint; the authentication ones apply to every route. */
  errors: readonly ProblemCode[];
  /**
   * Answers that depend on what the change feed does not track (sync attempts that changed
   * nothing, linked accounts): rendered for every request and never kept, with ETag and 304 all
   * the same.
   */
  fresh?: boolean;
  /**
   * A concrete path for the example curl line; it must answer 200 on a fresh demo store (league
   * 11 is the demo's 2021 football league), as test/docs-examples.test.ts checks.
   */
  example: string;
}

/** What the route adds to its operation. */
export interface RouteDefinition<P extends TObject, R extends TSchema, A> extends Omit<
  RouteDoc,
  'operationId' | 'path' | 'product' | 'params' | 'query' | 'response'
> {
  /** Required when `produces` offers XML (either XML type). */
  xml?: (body: Static<R>) => string;
  /** Replaces JSON.stringify where member order matters beyond what a JS object keeps. */
  json?: (body: Static<R>) => string;
  /**
   * The path parameters as the response cache keys them, for a route where differently written
   * requests get the same answer (a name search ignores case and accents), so they share one
   * entry instead of one each. Given the checked parameters; the raw ones key it by default.
   */
  cacheKey?: (params: Static<P>) => readonly string[];
  /** Response headers of an answer (X-Match-Count), documented in `responseHeaders`. */
  headers?: (answer: A) => Readonly<Record<string, string>>;
}

export interface RouteInput {
  principal: Principal;
  read: ReadModel;
  /** Path parameter values in template order, still percent-encoded. */
  rawParams: readonly string[];
  /** The route's `checkQuery` of the request's query string. */
  query: CheckedQuery;
  format: MediaType;
  /** Extra response headers the handler sets. */
  headers: Record<string, string>;
}

/** A query string that passed the route's query schema. */
export interface CheckedQuery {
  readonly value: unknown;
  /**
   * The same for every query string that means the same, so only real questions become cache
   * entries: a repeatable parameter is a set (order and repeats do not count). Undefined when the
   * query names no parameter.
   */
  readonly key: string | undefined;
}

export interface ApiRoute {
  readonly doc: RouteDoc;
  /** The template split on '/': literals, and parameter names in braces. */
  readonly segments: readonly string[];
  /** Checks the query string (the app does, before its cache); throws a 400 naming the parameter. */
  checkQuery(rawQuery: string | undefined): CheckedQuery;
  /**
   * The path parameters of the response cache key: the raw ones, or the route's `cacheKey` of the
   * checked ones; undefined when they fail the check (the handler answers the 400, uncached).
   */
  cacheParams(rawParams: readonly string[]): readonly string[] | undefined;
  /** Runs the handler and serializes its result in `input.format`. */
  run(input: RouteInput): Promise<string>;
}

/** No query, or one with no parameter in it ('?', '?&'): shared, so a request allocates nothing. */
const NO_QUERY: CheckedQuery = Object.freeze({ value: Object.freeze({}), key: undefined });

export function defineRoute<P extends TObject, Q extends TObject, R extends TSchema, A>(
  operation: Operation<P, Q, R, A>,
  definition: RouteDefinition<P, R, A>,
): ApiRoute {
  const { xml, json, cacheKey, headers: headersOf, responseHeaders, ...words } = definition;
  const doc: RouteDoc = {
    operationId: operation.id,
    path: operation.path,
    tag: words.tag,
    summary: words.summary,
    description: words.description,
    product: operation.product,
    contractHeader: words.contractHeader,
    params: operation.params,
    query: operation.query,
    response: operation.response,
    responseDescription: words.responseDescription,
    produces: words.produces,
    ...(responseHeaders !== undefined && { responseHeaders }),
    errors: words.errors,
    example: words.example,
    ...(words.fresh === true && { fresh: true }),
  };
  if (doc.produces.some(isXml) && xml === undefined) {
    throw new Error(`${doc.operationId} offers XML but has no XML writer`);
  }
  const segments = doc.path.split('/');
  const paramNames = segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
  const params = compileParams(operation.params, 'path');
  const query = compileParams(operation.query, 'query');
  const queryRequired = (operation.query.required ?? []).length > 0;
  const queryNames = Object.keys(operation.query.properties);
  const keyOf = (rawParams: readonly string[]): readonly string[] | undefined => {
    let checked: Static<P>;
    try {
      checked = params.parse(decodePath(paramNames, rawParams));
    } catch {
      return undefined;
    }
    return (cacheKey as (params: Static<P>) => readonly string[])(checked);
  };
  return {
    doc,
    segments,
    checkQuery(rawQuery) {
      if (rawQuery === undefined || rawQuery === '') {
        // A required parameter left out is a 400 naming it, with no query at all too.
        if (queryRequired) query.parse({});
        return NO_QUERY;
      }
      const value = query.parse(parseQuery(rawQuery));
      const key = queryKey(queryNames, value as Record<string, unknown>);
      return key === undefined ? NO_QUERY : { value, key };
    },
    cacheParams: cacheKey === undefined ? (rawParams) => rawParams : memoized(keyOf),
    async run(input) {
      // The product was checked before the query and the cache (api-serving.ts).
      const answer = await operation.handle(
        input,
        params.parse(decodePath(paramNames, input.rawParams)),
        input.query.value as Static<Q>,
      );
      if (headersOf !== undefined) Object.assign(input.headers, headersOf(answer));
      const body = operation.body(answer);
      if (isXml(input.format) && xml !== undefined) return xml(body);
      return json !== undefined ? json(body) : JSON.stringify(body);
    },
  };
}

/** Raw path parameters remembered per route with their cache key (a cleared map, not an LRU). */
const MAX_REMEMBERED_KEYS = 4096;

/**
 * `keyOf` behind a small map: checking and normalising a name takes several microseconds (NFKD,
 * Unicode classes), as much as the rest of a cached answer, so a repeated request skips it.
 */
function memoized(
  keyOf: (rawParams: readonly string[]) => readonly string[] | undefined,
): (rawParams: readonly string[]) => readonly string[] | undefined {
  const known = new Kept<string, readonly string[] | null>(MAX_REMEMBERED_KEYS);
  return (rawParams) => {
    const raw = rawParams.join('/');
    const found = known.get(raw);
    if (found !== undefined) return found ?? undefined;
    const key = keyOf(rawParams);
    known.set(raw, key ?? null);
    return key;
  };
}

/** The checked parameters in schema order, each array as a sorted set; undefined if none. */
function queryKey(names: readonly string[], value: Record<string, unknown>): string | undefined {
  const parts: unknown[] = [];
  for (const name of names) {
    const given = value[name];
    if (given === undefined) continue;
    parts.push(name, Array.isArray(given) ? [...new Set(given.map(String))].sort() : given);
  }
  return parts.length === 0 ? undefined : JSON.stringify(parts);
}

function decodePath(names: readonly string[], raw: readonly string[]): RawParams {
  const decoded: RawParams = Object.create(null) as RawParams;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const value = raw[i] as string;
    decoded[name] = decodeOrThrow(value, name, 'path');
  }
  return decoded;
}

/** Parses `a=1&a=2&b=x` into every value of every name ('+' is a space, as forms send it). */
export function parseQuery(rawQuery: string | undefined): RawParams {
  const found: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  if (rawQuery === undefined || rawQuery === '') return found;
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = (equals === -1 ? pair : pair.slice(0, equals)).replaceAll('+', ' ');
    const rawValue = (equals === -1 ? '' : pair.slice(equals + 1)).replaceAll('+', ' ');
    const name = decodeOrThrow(rawName, 'query string', 'query');
    const value = decodeOrThrow(rawValue, name, 'query');
    if (Object.hasOwn(found, name)) (found[name] as string[]).push(value);
    else found[name] = [value];
  }
  return found;
}

function decodeOrThrow(text: string, name: string, where: 'path' | 'query'): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalidParameter(name, where, 'is not valid percent-encoded UTF-8');
  }
}
