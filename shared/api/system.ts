import { z } from 'zod';

export const healthResponseSchema = z.object({
  ok: z.literal(true),
  checks: z.record(z.string(), z.literal('ok')),
});

const jsonObject = z.record(z.string(), z.unknown());

/**
 * The API's contract, an OpenAPI 3.1 document generated from the route table (shared/openapi/document.ts):
 * its outline is checked here, its operations by the tests that compare them with the routes' schemas.
 */
export const openApiDocumentSchema = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  tags: z.array(z.object({ name: z.string(), description: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), jsonObject)),
  components: z.object({
    schemas: z.record(z.string(), jsonObject),
    responses: z.record(z.string(), jsonObject),
    securitySchemes: z.record(z.string(), jsonObject),
  }),
});
export type OpenApiDocument = z.output<typeof openApiDocumentSchema>;
