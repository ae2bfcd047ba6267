import { REGISTER_KEEPERS } from '../access.js';
import { scheduleDownloadRequestSchema, scheduleDownloadResponseSchema, scheduleQuerySchema, scheduleResponseSchema } from '../api/payroll.js';
import { featureRoutes } from './define.js';

/** The month's payroll schedule: the payroll authority's PMEC admins and platform admins (the handler checks the authority). */
const route = featureRoutes('payroll');

export const getPayrollSchedule = route({
  id: 'get-payroll-schedule',
  method: 'GET',
  path: '/api/payroll/schedule',
  access: REGISTER_KEEPERS,
  uses: { tables: { directory: 'r', submissions: 'rq1', audit: 'a' }, buckets: { uploads: { payroll: 'rl', scheduleDraws: 'rw' } } },
  query: scheduleQuerySchema,
  response: scheduleResponseSchema,
  summary:
    "The month's payroll schedule as its S3 event last drew it: every line of its COMPLETED inputs less its COMPLETED stoppages, totals per lender, the frozen version or what changed since it, and links to the frozen files. `state: 'drawing'` while a change of its submissions is drawn (ask again).",
});

export const downloadPayrollSchedule = route({
  id: 'download-payroll-schedule',
  method: 'POST',
  path: '/api/payroll/schedule/download',
  access: REGISTER_KEEPERS,
  uses: { tables: { directory: 'r', submissions: 'rqa1' }, buckets: { uploads: { payroll: 'rwl', scheduleDraws: 'rw' } } },
  request: scheduleDownloadRequestSchema,
  response: scheduleDownloadResponseSchema,
  summary:
    "A 60-second link to the month's schedule as CSV or XLSX. The first download freezes it as a version (number and SHA-256 printed on it); a later one after another completion freezes the next version. 409 `schedule_drawing` while the schedule is drawn.",
});

export const PAYROLL_ROUTES = [getPayrollSchedule, downloadPayrollSchedule] as const;
