// Request parameters arrive as text; each endpoint declares them as TypeBox schemas. This file
// turns the text into the declared types (only where the text is exactly a plain decimal), checks
// it with a compiled validator, and words a 400 that names the parameter and what it accepts.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { mustBe } from '../serving/parameter-words.ts';
import { invalidParameter } from '../serving/problems.ts';
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
  return invalidParameter(
    name,
    where,
    mustBe(isArray ? (property.items as TSchema) : property, given),
  );
}
