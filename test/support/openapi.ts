import { readFileSync } from 'node:fs';
import type { OpenApiDocument } from '#shared/api/system.js';
import { jsonSchemaOf, type JsonSchema, objectProperties } from '#shared/openapi/schemas.js';
import { pathParamsSchema, type RouteDef } from '#shared/routes/define.js';

/** The contract as committed for review (`npm run openapi` writes it). */
export const committedDocument = (): OpenApiDocument =>
  JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;

type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Where a route's own zod schemas and its operation in `document` disagree: nothing for a true contract. */
function routeDifferences(document: OpenApiDocument, route: RouteDef): string[] {
  const operation = document.paths[route.path]?.[route.method.toLowerCase()] as Operation | undefined;
  const at = `${route.method} ${route.path} (${route.id})`;
  if (!operation) return [`${at} is missing from the document`];
  const out: string[] = [];
  if (operation.operationId !== route.id) out.push(`${at}: operationId is ${operation.operationId}`);
  const parameters = operation.parameters ?? [];
  const expected = [
    ...objectProperties(jsonSchemaOf(route.params ?? pathParamsSchema(route.path), 'input'), route.id).map((p) => ({ ...p, in: 'path', required: true })),
    ...(route.query ? objectProperties(jsonSchemaOf(route.query, 'input'), route.id).map((p) => ({ ...p, in: 'query' })) : []),
  ];
  for (const want of expected) {
    const got = parameters.find((p) => p.name === want.name && p.in === want.in);
    if (!got || !same(got.schema, want.schema) || got.required !== want.required)
      out.push(`${at}: ${want.in} parameter ${want.name} differs from its zod schema`);
  }
  const extra = parameters.filter((p) => p.in !== 'header' && !expected.some((want) => want.name === p.name && want.in === p.in));
  for (const p of extra) out.push(`${at}: ${p.in} parameter ${p.name} is not in the route's schemas`);
  const body = operation.requestBody?.content['application/json']?.schema;
  if (!same(body, route.request ? jsonSchemaOf(route.request, 'input') : undefined)) out.push(`${at}: the request body differs from its zod schema`);
  const answer = operation.responses?.['2XX']?.content?.['application/json']?.schema;
  if (!same(answer, route.response ? jsonSchemaOf(route.response, 'output') : undefined)) out.push(`${at}: the answer differs from its zod schema`);
  return out;
}

/**
 * Every way `document` is not the contract of `routes`: a route missing, an operation no route declares,
 * a parameter, body or answer that is not the route's zod schema.
 */
export function contractDifferences(document: OpenApiDocument, routes: readonly RouteDef[]): string[] {
  const declared = new Set(routes.map((route) => `${route.method.toLowerCase()} ${route.path}`));
  const foreign = Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`))
    .filter((key) => !declared.has(key));
  return [...routes.flatMap((route) => routeDifferences(document, route)), ...foreign.map((key) => `${key} is in the document but in no route of the table`)];
}
