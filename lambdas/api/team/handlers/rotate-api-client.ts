import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/api-clients.js';
import { rotateClient } from '../api-clients.js';

/** POST /api/api-clients/{client_id}/rotate: new credentials, shown once; the old ones stop. */
export const handler = createApiHandler(routes.rotateApiClient, async ({ caller, params }) => rotateClient(caller, params.client_id));
