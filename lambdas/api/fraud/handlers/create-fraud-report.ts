import type { z } from 'zod';
import type { createFraudReportRequestSchema } from '../../../../shared/api/fraud.js';
import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { fileReport } from '../file-report.js';

/** POST /api/fraud-reports: any signed-in user files a report with its staged attachments. */
export const handler = createApiHandler('create-fraud-report', async ({ caller, body: raw }) => {
  const me = requireSignedIn(caller);
  // createApiHandler types every body as never (its route lookup cannot narrow); the route's schema has already parsed it.
  const body = raw as z.output<typeof createFraudReportRequestSchema>;
  return fileReport(me, body);
});
