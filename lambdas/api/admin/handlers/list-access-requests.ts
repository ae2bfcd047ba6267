import { listRequests } from '#data/directory/access-decisions.js';
import { BadRequestError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import type { AccessRequestListQuery } from '#shared/api/admin.js';
import * as routes from '#shared/routes/admin.js';
import { existingOrgOfRequest } from '../existing-org.js';
import { accessRequestView } from '../views.js';

const PAGE_SIZE = 50;

const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (key && typeof key === 'object' && !Array.isArray(key) && Object.values(key).every((v) => typeof v === 'string')) return key as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new BadRequestError('The cursor is not valid. Refresh the list.', 'invalid_cursor');
}

/** Spec §7 /admin-list-pending: pending by default; ?status=all (or one status); ?q= searches. */
async function listAccessRequests(query: AccessRequestListQuery) {
  const page = await listRequests({ status: query.status, q: query.q, cursor: decodeCursor(query.cursor), limit: PAGE_SIZE });
  // A pending request whose organisation exists shows it with its admins: approving joins it, by choice only.
  const items = await Promise.all(page.items.map(async (r) => accessRequestView(r, await existingOrgOfRequest(r))));
  return { items, next_cursor: page.next ? encodeCursor(page.next) : null };
}

/** GET /api/admin/access-requests?status=&q=&cursor= (spec part 2 §7 /admin-list-pending). */
export const handler = createApiHandler(routes.listAccessRequests, async ({ query }) => listAccessRequests(query));
