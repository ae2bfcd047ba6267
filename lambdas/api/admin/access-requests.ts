import type { StoredRequest } from '#data/directory/access-decisions.js';
import { getAccessRequest } from '#data/directory/access-requests.js';
import { NotFoundError } from '#http/errors.js';
import { ACCESS_DECISION_MESSAGES as M } from '#shared/api/admin.js';

/** The access request of this id, or 404. */
export async function requireRequest(id: string): Promise<StoredRequest> {
  const request = id ? ((await getAccessRequest(id)) as StoredRequest | null) : null;
  if (!request) throw new NotFoundError(M.notFound, 'request_not_found');
  return request;
}
