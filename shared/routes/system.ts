import { PUBLIC } from '../access.js';
import { healthResponseSchema, openApiDocumentSchema } from '../api/system.js';
import { featureRoutes } from './define.js';

/** The platform itself: health and the API's contract. */
const route = featureRoutes('system');

export const getHealth = route({
  id: 'get-health',
  method: 'GET',
  path: '/api/health',
  access: PUBLIC,
  uses: { buckets: { uploads: {} }, userPool: '' },
  response: healthResponseSchema,
  summary: 'Answers { ok: true } once every dependency answers.',
});

/**
 * The contract is public: it discloses no data, only the routes the web app's own bundle already carries,
 * and a lender's developer reads it before their organisation has any credentials.
 */
export const getOpenApi = route({
  id: 'get-openapi',
  method: 'GET',
  path: '/api/openapi.json',
  access: PUBLIC,
  uses: {},
  response: openApiDocumentSchema,
  summary:
    'The API’s contract: an OpenAPI 3.1 document generated from the route table (every route, its parameters, body, answer, errors and who may call it).',
});

export const SYSTEM_ROUTES = [getHealth, getOpenApi] as const;
