import { createApiHandler } from '#http/handler.js';
import { PORTAL_MESSAGES } from '#shared/api/portal.js';
import * as routes from '#shared/routes/portal.js';
import { reportDeduction } from '../report.js';
import { portalDisputeView } from '../views.js';

/** POST /api/employee/disputes {payee_key, month, reason, file_name?, size?, content_type?}: "This is not mine" on a deduction of the caller's own NRC. */
export const handler = createApiHandler(routes.reportMyDeduction, async ({ caller, body }) => {
  const { dispute, upload } = await reportDeduction(caller, body);
  return { statusCode: 201, body: { dispute: portalDisputeView(dispute), message: PORTAL_MESSAGES.reported, ...(upload ? { upload } : {}) } };
});
