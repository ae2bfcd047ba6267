import { listApiClientRecords } from '#data/api-clients/records.js';
import { createApiHandler } from '#http/handler.js';
import { API_CLIENT_SCOPE, clientRoles } from '#shared/api/api-clients.js';
import * as routes from '#shared/routes/api-clients.js';
import { adminContext, apiClientView } from '../api-clients.js';

/** GET /api/api-clients: the organisation's API clients, without secrets. */
export const handler = createApiHandler(routes.listApiClients, async ({ caller }) => {
  const ctx = await adminContext(caller);
  const records = await listApiClientRecords(ctx.org.org_id);
  return { org_name: ctx.org.org_name, roles: clientRoles(ctx.org.client_type), clients: records.map(apiClientView), scope: API_CLIENT_SCOPE };
});
