import { PUBLIC, SIGNED_IN } from '../access.js';
import { healthResponseSchema } from '../api/health.js';
import { meResponseSchema } from '../api/me.js';
import type { RouteDef } from '../routes.js';

export const SYSTEM_ROUTES = [
  {
    id: 'get-health',
    method: 'GET',
    path: '/api/health',
    access: PUBLIC,
    handler: 'api/system/get-health',
    uses: { tables: ['directory'], buckets: ['uploads'], userPool: true },
    response: healthResponseSchema,
    summary: 'Answers { ok: true } once every dependency answers.',
  },
  {
    id: 'get-me',
    method: 'GET',
    path: '/api/me',
    access: SIGNED_IN,
    handler: 'api/me/get-me',
    uses: { tables: ['directory'] },
    response: meResponseSchema,
    summary: 'The signed-in user: roles, approval and memberships.',
  },
] as const satisfies readonly RouteDef[];
