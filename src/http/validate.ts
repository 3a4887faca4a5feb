// Request parameters arrive as text; each endpoint declares them as TypeBox schemas. This file
// turns the text into the declared types (only where the text is exactly a plain decimal), checks
// it with a compiled validator, and words a 400 that names the parameter and what it accepts.
import { Kind } from '@sinclair/typebox';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { invalidParameter, quoteValue } from '../serving/problems.ts';
import type { HttpProblem, InvalidParam } from '../serving/problems.ts';

type Where = InvalidParam['in'];
/** Path parameters by name (already percent-decoded), or query parameters by name (all values). */
export type RawParams = Record<string, string | string[]>;

const PLAIN_DECIMAL = /^(0|[1-9][0-9]{0,15})$/;

export interface ParamsValidator<T extends TObject> {
  readonly schema: T;
  readonly where: Where;
  parse(raw: RawParams): Static<T>;
}

export function compileParams<T extends TObject>(schema: T, where: Where): ParamsValidator<T> {
  const check = TypeCompiler.Compile(schema);
  const names = Object.keys(schema.properties);
  return {
    schema,
    where,
    parse(raw) {
      const value: Record<string, unknown> = {};
      for (const name in raw) {
        // hasOwn: a parameter named "constructor" or "__proto__" is just an unknown parameter.
        if (!Object.hasOwn(schema.properties, name)) throw unknownParameter(name, where, names);
        const property = schema.properties[name] as TSchema;
        value[name] = coerce(property, raw[name] as string | string[], name, where);
      }
      if (check.Check(value)) return value;
      throw explain(schema, value, check.Errors(value).First()?.path ?? '', where);
    },
  };
}

function coerce(schema: TSchema, text: string | string[], name: string, where: Where): unknown {
  if (schema.type === 'array') {
    const items = schema.items as TSchema;
    return (Array.isArray(text) ? text : [text]).map((item) => coerceOne(items, item));
  }
  if (Array.isArray(text)) {
    if (text.length > 1) throw invalidParameter(name, where, 'must be given at most once');
    return coerceOne(schema, text[0] as string);
  }
  return coerceOne(schema, text);
}

function coerceOne(schema: TSchema, text: string): unknown {
  if (isIntegerSchema(schema) && PLAIN_DECIMAL.test(text)) {
    const number = Number(text);
    return Number.isSafeInteger(number) ? number : text;
  }
  return text;
}

function isIntegerSchema(schema: TSchema): boolean {
  // A union of one literal is the literal itself (a single supported season).
  if (schema.type === 'integer' || Number.isInteger(schema.const)) return true;
  const variants = schema.anyOf as TSchema[] | undefined;
  return (
    variants !== undefined &&
    variants.every(
      (variant) =>
        variant.type === 'integer' ||
        (variant.type === 'number' && Number.isInteger(variant.const)),
    )
  );
}

function unknownParameter(name: string, where: Where, known: readonly string[]): HttpProblem {
  const accepted = known.length === 0 ? 'none' : known.join(', ');
  return invalidParameter(
    name,
    where,
    `is not a ${where} parameter of this endpoint (accepted: ${accepted})`,
  );
}

function explain(
  schema: TObject,
  value: Record<string, unknown>,
  path: string,
  where: Where,
): HttpProblem {
  const [, name = '', index] = path.split('/');
  const property = Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
  if (property === undefined) return unknownParameter(name, where, Object.keys(schema.properties));
  const isArray = property.type === 'array';
  const given =
    isArray && index !== undefined ? (value[name] as unknown[])[Number(index)] : value[name];
  const expected = describe(isArray ? (property.items as TSchema) : property);
  const shown = given === undefined ? 'nothing' : quoteValue(String(given));
  return invalidParameter(name, where, `must be ${expected}; got ${shown}`);
}

/** Words what a schema accepts, for error messages and the reference page. */
export function describe(schema: TSchema): string {
  if (schema.const !== undefined) return String(schema.const);
  const variants = schema.anyOf as TSchema[] | undefined;
  if (variants !== undefined && variants.every((variant) => variant.const !== undefined)) {
    return `one of ${variants.map((variant) => String(variant.const)).join(', ')}`;
  }
  if (schema.type === 'integer') {
    const min = schema.minimum as number | undefined;
    const max = schema.maximum as number | undefined;
    const range = min !== undefined && max !== undefined ? ` from ${min} to ${max}` : '';
    return `a whole number${range} in plain decimal digits`;
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
  return 'valid';
}
