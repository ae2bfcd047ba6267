import { pathParamsSchema, type RouteDef } from '../routes/define.js';
import { isOpenToClients, securityOf, whoMayCall } from './access.js';
import { jsonSchemaOf, type JsonSchema, objectProperties } from './schemas.js';

const ERROR = { $ref: '#/components/responses/Error' } as const;

/** Whether the route acts for the organisation the caller chose (header `X-Acting-Org`). */
const actsForOrganisation = (route: RouteDef) =>
  route.actsForOrganisation !== false && (route.access.kind === 'approved' || route.access.kind === 'roles' || route.access.kind === 'signed_in');

/** The path, query and header parameters of a route: one per field of its params and query schemas. */
function parametersOf(route: RouteDef): JsonSchema[] {
  const path = objectProperties(jsonSchemaOf(route.params ?? pathParamsSchema(route.path), 'input'), `${route.id} params`).map((p) => ({
    name: p.name,
    in: 'path',
    required: true,
    schema: p.schema,
  }));
  const query = route.query
    ? objectProperties(jsonSchemaOf(route.query, 'input'), `${route.id} query`).map((p) => ({
        name: p.name,
        in: 'query',
        required: p.required,
        schema: p.schema,
      }))
    : [];
  const acting = actsForOrganisation(route)
    ? [
        {
          name: 'X-Acting-Org',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          description: `The id of the organisation the caller acts for. A member of several organisations must send it (else 409 \`choose_organisation\`); a member of one may omit it.`,
        },
      ]
    : [];
  return [...path, ...query, ...acting];
}

/** The error answers a route can give, beyond `default` (any other error, 500 included). */
function errorsOf(route: RouteDef): Record<string, typeof ERROR> {
  const codes: string[] = [];
  if (route.params || route.query || route.request || route.path.includes('{')) codes.push('400');
  if (route.access.kind !== 'public') codes.push('401', '403');
  if (route.path.includes('{')) codes.push('404');
  if (actsForOrganisation(route)) codes.push('409');
  return Object.fromEntries([...codes.map((code) => [code, ERROR] as const), ['default', ERROR] as const]);
}

/** One route as an OpenAPI operation: its schemas converted by zod, who may call it, its errors. */
export function operationOf(route: RouteDef): JsonSchema {
  const parameters = parametersOf(route);
  const answer = route.response ? { content: { 'application/json': { schema: jsonSchemaOf(route.response, 'output') } } } : {};
  return {
    operationId: route.id,
    summary: route.summary,
    description: `**Who may call:** ${whoMayCall(route.access)}${isOpenToClients(route) ? " An organisation's API client with such a role may call it too." : ''}`,
    tags: [route.feature],
    ...(parameters.length ? { parameters } : {}),
    ...(route.request ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.request, 'input') } } } } : {}),
    responses: { '2XX': { description: 'Done: 200, or 201 or 202 where the route creates something or accepts work to do.', ...answer }, ...errorsOf(route) },
    security: securityOf(route),
    'x-access': route.access,
    'x-open-to-clients': isOpenToClients(route),
  };
}
