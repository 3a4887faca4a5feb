// An API operation (serving/operations) as an MCP tool. The input schema is the operation's path
// and query parameters (under the tool's names and words where a tool says so), the product is
// the operation's, and so is the handler; the tool only words the answer, as structured content
// and a text summary, and its problems, in its own parameter names.
import { Type } from '@sinclair/typebox';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Product } from '../domain/catalog.ts';
import type { Operation, ServingContext } from '../serving/operation.ts';
import { HttpProblem } from '../serving/problems.ts';
import type { InvalidParam, ProblemCode } from '../serving/problems.ts';

export interface ToolAnswer<O> {
  structured: O;
  summary: string;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  /** The product a token needs for this tool: its operation's. */
  product: Product;
  input: TObject;
  output: TObject;
  /** Runs the operation on an input that passed `input`; throws an HttpProblem in the tool's words. */
  run(
    context: ServingContext,
    input: Readonly<Record<string, unknown>>,
  ): Promise<ToolAnswer<unknown>>;
}

/** How a tool takes one of its operation's parameters, where not as the operation does. */
export interface ToolField {
  /** Its name in the tool's input (the path's `player_name` is the tool's `name`). */
  name?: string;
  description?: string;
  /** A narrower schema (the tool's sport filter has no `available`, an alias of the HTTP contract). */
  schema?: TSchema;
}

type ParamName<P extends TObject, Q extends TObject> = Extract<
  keyof P['properties'] | keyof Q['properties'],
  string
>;

export interface ToolView<P extends TObject, Q extends TObject, A, O extends TObject> {
  name: string;
  title: string;
  description: string;
  fields?: Readonly<Partial<Record<ParamName<P, Q>, ToolField>>>;
  output: O;
  /** The operation's answer as the tool gives it. */
  answer(answer: A, params: Static<P>, query: Static<Q>): ToolAnswer<Static<O>>;
}

/** What a problem's text adds in a tool's answer: where a model looks next. */
const HINTS: Partial<Record<ProblemCode, string>> = {
  league_not_found: 'list_leagues lists them',
  team_not_found: 'list_teams lists them',
};

interface Parameter {
  /** Its name in the tool's input. */
  tool: string;
  /** Its name in the operation. */
  name: string;
  inQuery: boolean;
}

export function toolOf<
  P extends TObject,
  Q extends TObject,
  R extends TSchema,
  A,
  O extends TObject,
>(operation: Operation<P, Q, R, A>, view: ToolView<P, Q, A, O>): ToolDefinition {
  const fields: Readonly<Record<string, ToolField | undefined>> = view.fields ?? {};
  const properties: Record<string, TSchema> = {};
  const parameters: Parameter[] = [];
  for (const [schema, inQuery] of [
    [operation.params, false],
    [operation.query, true],
  ] as const) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const field = fields[name] ?? {};
      const tool = field.name ?? name;
      const taken = field.schema ?? property;
      properties[tool] =
        field.description === undefined ? taken : { ...taken, description: field.description };
      parameters.push({ tool, name, inQuery });
    }
  }
  for (const name of Object.keys(fields)) {
    if (!parameters.some((parameter) => parameter.name === name)) {
      throw new Error(`${view.name}: ${operation.id} has no parameter ${name}`);
    }
  }
  const toolNames = new Map(parameters.map((parameter) => [parameter.name, parameter.tool]));
  return {
    name: view.name,
    title: view.title,
    description: view.description,
    product: operation.product,
    input: Type.Object(properties, { additionalProperties: false }),
    output: view.output,
    async run(context, input) {
      const params: Record<string, unknown> = {};
      const query: Record<string, unknown> = {};
      for (const { tool, name, inQuery } of parameters) {
        if (input[tool] !== undefined) (inQuery ? query : params)[name] = input[tool];
      }
      try {
        const answer = await operation.handle(context, params as Static<P>, query as Static<Q>);
        return view.answer(answer, params as Static<P>, query as Static<Q>);
      } catch (error) {
        throw error instanceof HttpProblem ? inToolWords(error, toolNames) : error;
      }
    },
  };
}

/** The problem naming parameters as the tool does, with the hint of its code. */
function inToolWords(problem: HttpProblem, toolNames: ReadonlyMap<string, string>): HttpProblem {
  const hint = HINTS[problem.code];
  const invalid = problem.extensions.invalid_params;
  const renamed =
    invalid?.some((param) => (toolNames.get(param.name) ?? param.name) !== param.name) === true;
  if (hint === undefined && !renamed) return problem;
  let { detail, extensions } = problem;
  if (renamed && invalid !== undefined) {
    const params: InvalidParam[] = invalid.map((param) => ({
      ...param,
      name: toolNames.get(param.name) ?? param.name,
    }));
    // A parameter's problem is worded "<name> <reason>" (invalidParameter).
    detail = params.map((param) => `${param.name} ${param.reason}`).join('; ');
    extensions = { ...extensions, invalid_params: params };
  }
  if (hint !== undefined) detail = `${detail}; ${hint}`;
  return new HttpProblem(problem.code, detail, extensions, problem.headers);
}
