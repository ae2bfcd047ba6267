import { createApiHandler } from '#http/handler.js';
import { UNEXPECTED_MESSAGES } from '#shared/api/unexpected.js';
import * as routes from '#shared/routes/portal.js';
import { reportUnexpected } from '../unexpected.js';
import { portalDisputeView } from '../views.js';

/** POST /api/employee/unexpected/report {id, reason?}: "Report it" on a deduction of the caller's pay that nobody approved. */
export const handler = createApiHandler(routes.reportMyUnexpected, async ({ caller, body }) => {
  const dispute = await reportUnexpected(caller, body);
  return { statusCode: 201, body: { dispute: portalDisputeView(dispute), message: UNEXPECTED_MESSAGES.reported } };
});
