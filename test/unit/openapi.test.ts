import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/api/errors.js';
import { whoMayCall } from '#shared/openapi/access.js';
import { openApiDocument } from '#shared/openapi/document.js';
import { jsonSchemaOf } from '#shared/openapi/schemas.js';
import type { RouteDef } from '#shared/routes/define.js';
import { getHistory } from '#shared/routes/history.js';
import { ROUTES } from '#shared/routes/index.js';
import { committedDocument, contractDifferences } from '../support/openapi.js';

const routes = ROUTES as readonly RouteDef[];
const operations = (doc: ReturnType<typeof openApiDocument>) => Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod));

describe('the OpenAPI document of the route table', () => {
  it('is committed as docs/openapi.json as the route table makes it now (else run `npm run openapi`)', () => {
    expect(committedDocument(), 'docs/openapi.json is stale: run `npm run openapi` and commit it').toEqual(openApiDocument(routes));
  });

  it('holds every route of the table, and nothing else, each with its own zod schemas', () => {
    expect(contractDifferences(committedDocument(), routes)).toEqual([]);
    expect(operations(committedDocument())).toHaveLength(routes.length);
  });

  it("notices a route missing, an operation no route declares, and a schema that is not the route's", () => {
    const document = openApiDocument(routes.filter((route) => route.id !== getHistory.id));
    expect(contractDifferences(document, routes)).toEqual([`GET /api/history (get-history) is missing from the document`]);
    expect(
      contractDifferences(
        openApiDocument(routes),
        routes.filter((route) => route.id !== getHistory.id),
      ),
    ).toEqual([`get /api/history is in the document but in no route of the table`]);
    const changed = { ...getHistory, response: z.object({ rows: z.array(z.string()) }), query: z.object({ nrc: z.string(), months: z.string() }) };
    expect(
      contractDifferences(
        openApiDocument(routes),
        routes.map((route) => (route.id === getHistory.id ? changed : route)),
      ),
    ).toEqual([
      'GET /api/history (get-history): query parameter nrc differs from its zod schema',
      'GET /api/history (get-history): query parameter months differs from its zod schema',
      'GET /api/history (get-history): the answer differs from its zod schema',
    ]);
  });

  it('says who may call each route, machine-readable and in words, and which token each accepts', () => {
    const document = openApiDocument(routes);
    for (const route of routes) {
      const operation = document.paths[route.path]![route.method.toLowerCase()]!;
      expect(operation['x-access'], route.id).toEqual(route.access);
      expect(operation.description, route.id).toContain(whoMayCall(route.access));
      const expected =
        route.access.kind === 'public'
          ? []
          : route.access.kind === 'employee'
            ? [{ employee: [] }]
            : route.openToClients
              ? [{ staff: [] }, { apiClient: [] }]
              : [{ staff: [] }];
      expect(operation.security, route.id).toEqual(expected);
    }
  });

  it.each([
    [{ kind: 'public' } as const, 'Anyone: no token needed.'],
    [{ kind: 'approved' } as const, 'Any approved member of staff (holding a role in an organisation or on the platform).'],
    [{ kind: 'roles', roles: ['fi_admin', 'compliance'] } as const, 'Members holding one of these roles: FI Admin (`fi_admin`), Compliance (`compliance`).'],
    [{ kind: 'employee' } as const, "A civil servant signed in to the employees' portal."],
  ])('words %j as "%s"', (access, words) => {
    expect(whoMayCall(access)).toBe(words);
  });

  it('answers every refusal with the one error shape of shared/api/errors.ts', () => {
    const document = openApiDocument(routes);
    expect(document.components.schemas.ApiError).toEqual(jsonSchemaOf(apiErrorSchema, 'output'));
    for (const operation of operations(document)) {
      const responses = operation.responses as Record<string, unknown>;
      for (const [status, response] of Object.entries(responses)) if (status !== '2XX') expect(response).toEqual({ $ref: '#/components/responses/Error' });
    }
  });

  it('opens a route to API clients only where the route table says so', () => {
    const open = { ...getHistory, openToClients: true } as RouteDef;
    const closed: RouteDef = { ...getHistory };
    delete closed.openToClients;
    const operation = openApiDocument([open]).paths[open.path]!.get!;
    expect(operation['x-open-to-clients']).toBe(true);
    expect(operation.security).toEqual([{ staff: [] }, { apiClient: [] }]);
    expect(openApiDocument([closed]).paths[closed.path]!.get!['x-open-to-clients']).toBe(false);
    expect(openApiDocument([closed]).paths[closed.path]!.get!.security).toEqual([{ staff: [] }]);
  });
});
