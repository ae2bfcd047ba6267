import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { accessRequestDocuments } from '../access-requests.js';

/** GET /api/admin/access-requests/{id}/documents: the Docs column's Preview and Refresh (signed links, 900 s). */
export const handler = createApiHandler('get-access-request-documents', async ({ caller, params }) => accessRequestDocuments(requireSignedIn(caller), params.id ?? ''));
