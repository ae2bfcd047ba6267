import { createApiHandler } from '../../../lib/handler.js';
import { accessRequestDocuments } from '../access-requests.js';
import * as routes from '../../../../shared/routes/admin.js';

/** GET /api/admin/access-requests/{id}/documents: the Docs column's Preview and Refresh (signed links, 900 s). */
export const handler = createApiHandler(routes.getAccessRequestDocuments, async ({ caller, params }) => accessRequestDocuments(caller, params.id));
