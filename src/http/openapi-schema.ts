// TypeBox emits JSON Schema; OpenAPI 3.0 speaks an older dialect. This converts the few
// constructs the API's schemas use, and refers to named schemas by $ref.
import type { TSchema } from '@sinclair/typebox';

export type SchemaObject = { [key: string]: unknown };

export function toOpenApiSchema(
  schema: TSchema,
  names: ReadonlyMap<TSchema, string>,
  isComponent = false,
): SchemaObject {
  const name = names.get(schema);
  if (name !== undefined && !isComponent) return { $ref: `#/components/schemas/${name}` };
  const out: SchemaObject = {};
  for (const key of Object.keys(schema)) {
    const value: unknown = schema[key];
    switch (key) {
      case '$id':
        break;
      case 'const':
        out.type = Number.isInteger(value) ? 'integer' : typeof value;
        out.enum = [value];
        break;
      case 'anyOf': {
        const variants = value as TSchema[];
        if (variants.every((variant) => variant.const !== undefined)) {
          // A union of literals is an enum in OpenAPI 3.0, which has no `const`.
          const values = variants.map((variant) => variant.const as unknown);
          out.type = values.every(Number.isInteger) ? 'integer' : typeof values[0];
          out.enum = values;
        } else {
          out.anyOf = variants.map((variant) => toOpenApiSchema(variant, names));
        }
        break;
      }
      case 'patternProperties': {
        // Type.Record: OpenAPI 3.0 has no patternProperties; any key maps to the value schema.
        const [valueSchema] = Object.values(value as Record<string, TSchema>);
        if (valueSchema !== undefined)
          out.additionalProperties = toOpenApiSchema(valueSchema, names);
        break;
      }
      case 'properties':
        out.properties = Object.fromEntries(
          Object.entries(value as Record<string, TSchema>).map(([property, sub]) => [
            property,
            toOpenApiSchema(sub, names),
          ]),
        );
        break;
      case 'items':
        out.items = toOpenApiSchema(value as TSchema, names);
        break;
      default:
        out[key] = value;
    }
  }
  return out;
}
