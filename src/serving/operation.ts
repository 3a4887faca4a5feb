// An operation of the public API, declared once for every surface that serves it: the HTTP route
// (http/routes, which adds the wire: path matching, negotiation, the response cache) and the MCP
// tool (mcp/tools.ts, which adds the tool's names and text). Each declares its id and path, its
// parameters, the product a token needs, its response and a handler over the read model.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Product } from '../domain/catalog.ts';
import type { Principal } from './auth.ts';
import type { ReadModel } from './read-model.ts';

/** What a handler is given beside its parameters. */
export interface ServingContext {
  readonly principal: Principal;
  readonly read: ReadModel;
  /** How many players of a name search's best tier to list (the MCP tool lists them); none by default. */
  readonly candidates?: number;
}

/**
 * `A` is what the handler answers: the response body, or more than it where a surface shows more
 * (a name search's match count and other candidates); `body` then picks the response out of it.
 */
export interface Operation<
  P extends TObject = TObject,
  Q extends TObject = TObject,
  R extends TSchema = TSchema,
  A = Static<R>,
> {
  readonly id: string;
  /** OpenAPI path template: '/league/settings/{league_id}'. */
  readonly path: string;
  /** Checked by the surface before anything else of the request (query, cache, handler). */
  readonly product: Product;
  readonly params: P;
  readonly query: Q;
  readonly response: R;
  /** Answers checked parameters, or throws an HttpProblem (league_not_found...). */
  handle(context: ServingContext, params: Static<P>, query: Static<Q>): Promise<A>;
  body(answer: A): Static<R>;
}

const itself = <T>(answer: T): T => answer;

/** An operation whose handler answers more than the body, and `body` that picks it out. */
export function defineOperation<P extends TObject, Q extends TObject, R extends TSchema, A>(
  definition: Operation<P, Q, R, A>,
): Operation<P, Q, R, A>;
/** An operation whose handler answers the response body itself. */
export function defineOperation<P extends TObject, Q extends TObject, R extends TSchema>(
  definition: Omit<Operation<P, Q, R>, 'body'>,
): Operation<P, Q, R>;
export function defineOperation<P extends TObject, Q extends TObject, R extends TSchema, A>(
  definition: Omit<Operation<P, Q, R, A>, 'body'> & { body?: (answer: A) => Static<R> },
): Operation<P, Q, R, A> {
  return { ...definition, body: definition.body ?? (itself as (answer: A) => Static<R>) };
}
