import { SCHEDULE_CONTENT_TYPES, SCHEDULE_LINK_SECONDS, scheduleFileLink, scheduleKeys } from '#data/payroll/schedule-files.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/payroll.js';
import { authoriseScheduleReader } from '../access.js';
import { scheduleFileName } from '../file-name.js';
import { versionToDownload } from '../freeze.js';

/**
 * POST /api/payroll/schedule/download: a 60-second link to the month's schedule as CSV or XLSX. The first
 * download freezes the schedule as version 1; after another submission of the month is COMPLETED, the next
 * download freezes the next version (lambdas/api/payroll/freeze.ts). The request is audited, the freeze too.
 */
export const handler = createApiHandler(routes.downloadPayrollSchedule, async ({ caller: me, body: { month, format } }) => {
  await authoriseScheduleReader(me, 'payroll.schedule_download', month);
  const { version, frozenNow } = await versionToDownload(me, month);
  const file_name = scheduleFileName(month, version.version, format);
  const url = await scheduleFileLink(scheduleKeys(month, version.version)[format], file_name, SCHEDULE_CONTENT_TYPES[format]);
  return { month, version: version.version, hash: version.hash, frozen_now: frozenNow, url, file_name, expires_in: SCHEDULE_LINK_SECONDS };
});
