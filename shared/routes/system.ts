import { PUBLIC } from '../access.js';
import { healthResponseSchema } from '../api/system.js';
import { featureRoutes } from './define.js';

/** The platform itself: health. */
const route = featureRoutes('system');

export const getHealth = route({
  id: 'get-health',
  method: 'GET',
  path: '/api/health',
  access: PUBLIC,
  uses: { tables: ['directory'], buckets: ['uploads'], userPool: true },
  response: healthResponseSchema,
  summary: 'Answers { ok: true } once every dependency answers.',
});

export const SYSTEM_ROUTES = [getHealth] as const;
