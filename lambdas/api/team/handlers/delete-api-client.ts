import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/api-clients.js';
import { deleteClient } from '../api-clients.js';

/** DELETE /api/api-clients/{client_id}: the client and its tokens stop. */
export const handler = createApiHandler(routes.deleteApiClient, async ({ caller, params }) => deleteClient(caller, params.client_id));
