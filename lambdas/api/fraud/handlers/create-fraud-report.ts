import { createApiHandler } from '../../../lib/handler.js';
import { fileReport } from '../file-report.js';
import * as routes from '../../../../shared/routes/fraud.js';

/** POST /api/fraud-reports: any signed-in user files a report with its staged attachments. */
export const handler = createApiHandler(routes.createFraudReport, async ({ caller: me, body }) => {
  return fileReport(me, body);
});
