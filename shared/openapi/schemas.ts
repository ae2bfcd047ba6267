import { z, type ZodType } from 'zod';

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) as zod writes it. */
export type JsonSchema = Record<string, unknown>;

/**
 * A route's zod schema as JSON Schema, by zod's own converter: `input` for what the caller sends (params,
 * query, body: before the schema's transforms), `output` for what the route answers. The one conversion
 * the document, `npm run openapi` and the tests use.
 */
export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'throw' });
  return rest;
}

/** The properties of an object schema and which are required: one parameter each. */
export function objectProperties(schema: JsonSchema, where: string): { name: string; schema: JsonSchema; required: boolean }[] {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type !== 'object' || !properties) throw new Error(`${where}: the schema is not an object of named fields, so it cannot be written as parameters.`);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({ name, schema: property, required: required.has(name) }));
}
