import { apiErrorSchema } from '../api/errors.js';
import type { OpenApiDocument } from '../api/system.js';
import type { RouteDef } from '../routes/define.js';
import { SECURITY_SCHEMES } from './access.js';
import { operationOf } from './operation.js';
import { jsonSchemaOf, type JsonSchema } from './schemas.js';

const DESCRIPTION = [
  'The API of the payroll deductions platform, generated from its route table (`shared/routes/`): every route, its parameters, body and answer as the server checks them.',
  '',
  "**Tokens.** Send `Authorization: Bearer <token>`. Each operation names the tokens it accepts and who may call it (`x-access`: the kind of caller, or the roles). What a caller may do is read from the directory on every request; a handler also checks the caller's role in the organisation of the object it touches.",
  '',
  '**Errors.** Every refusal is JSON `{ "error": "<code>", "message": "<a sentence a person can act on>" }` (a conflict may add `details`): 4xx for what the caller can fix, 500 for faults only.',
].join('\n');

/** A short, stable fingerprint of the contract: the document's version changes exactly when the contract does. */
function fingerprint(value: unknown): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(value)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** The OpenAPI 3.1 document of a route table: served by GET /api/openapi.json and written by `npm run openapi`. */
export function openApiDocument(routes: readonly RouteDef[]): OpenApiDocument {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  const components = {
    schemas: { ApiError: jsonSchemaOf(apiErrorSchema, 'output') },
    responses: {
      Error: {
        description: 'Refused or failed: the code and a sentence a person can act on.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      },
    },
    securitySchemes: SECURITY_SCHEMES,
  };
  const features = [...new Set(routes.map((route) => route.feature))];
  return {
    openapi: '3.1.0',
    info: { title: 'Payroll Deductions Platform API', version: fingerprint({ paths, components }), description: DESCRIPTION },
    tags: features.map((name) => ({ name, description: `The ${name} routes (shared/routes/${name}.ts).` })),
    paths,
    components,
  };
}
