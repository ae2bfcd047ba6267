import { isMandateResumePoint, listMandatesOfNrc } from '#data/mandates/mandates.js';
import { BadRequestError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { MANDATE_LIMIT_MESSAGES, MANDATE_LIMITS } from '#shared/api/mandates.js';
import * as routes from '#shared/routes/mandates.js';
import { mandateView } from '../views.js';

const decodeCursor = (cursor: string | undefined): string | null => {
  if (!cursor) return null;
  const after = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!isMandateResumePoint(after)) throw new BadRequestError(MANDATE_LIMIT_MESSAGES.cursor, 'invalid_cursor');
  return after;
};

/**
 * GET /api/employee/mandates?cursor=: the signed-in employee's mandates (by the NRC the directory links
 * them to), newest first, a page at a time; the cursor only ever continues the caller's own list.
 */
export const handler = createApiHandler(routes.listMyMandates, async ({ caller: me, query }) => {
  const page = await listMandatesOfNrc(me.nrc, { limit: MANDATE_LIMITS.pageSize, after: decodeCursor(query.cursor) });
  return { mandates: page.mandates.map(mandateView), next_cursor: page.next ? Buffer.from(page.next, 'utf8').toString('base64url') : null };
});
