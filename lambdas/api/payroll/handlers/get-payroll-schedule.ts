import { readScheduleLines, SCHEDULE_CONTENT_TYPES, scheduleFileLink, scheduleKeys } from '#data/payroll/schedule-files.js';
import { latestScheduleVersion } from '#data/payroll/schedule.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/payroll.js';
import { scheduleTitle } from '#shared/rules/payroll-schedule.js';
import { authoriseScheduleReader } from '../access.js';
import { scheduleFileName } from '../file-name.js';
import { liveScheduleLines, scheduleSources } from '../live.js';
import { ScheduleComparison, ScheduleTally } from '../summary.js';

/**
 * GET /api/payroll/schedule?month=: the month's schedule as it stands, computed line by line from its
 * COMPLETED submissions (never held whole), beside its newest frozen version read alongside: equal hashes
 * mean it is that version (links to its files); otherwise it is the next version, not frozen yet, with what changed.
 */
export const handler = createApiHandler(routes.getPayrollSchedule, async ({ caller: me, query: { month } }) => {
  await authoriseScheduleReader(me, 'payroll.schedule_view', month);
  const [lenders, latest] = await Promise.all([scheduleSources(month), latestScheduleVersion(month)]);
  const orgNames = new Map([...(latest?.by_lender ?? []), ...lenders].map((l) => [l.payee_key, l.org_name]));
  const tally = new ScheduleTally(orgNames);
  const frozenLines = latest ? readScheduleLines(latest.s3_key) : null;
  const comparison = frozenLines ? new ScheduleComparison(frozenLines) : null;
  for await (const line of liveScheduleLines(lenders)) {
    tally.add(line);
    await comparison?.add(line);
  }
  const live = tally.result();
  const frozen = latest !== null && latest.hash === live.hash;
  const changes = frozen ? (await frozenLines?.return(undefined), []) : ((await comparison?.result()) ?? []);
  const version = frozen ? latest.version : (latest?.version ?? 0) + 1;
  const link = async (format: 'csv' | 'xlsx') =>
    frozen ? scheduleFileLink(scheduleKeys(month, version)[format], scheduleFileName(month, version, format), SCHEDULE_CONTENT_TYPES[format]) : null;
  return {
    month,
    version,
    frozen,
    ...live,
    title: scheduleTitle(month, version, live.hash),
    frozen_at: frozen ? latest.frozen_at : null,
    frozen_by: frozen ? latest.frozen_by : null,
    previous: latest && !frozen ? { version: latest.version, hash: latest.hash, frozen_at: latest.frozen_at, lines: latest.lines, total: latest.total } : null,
    changes: changes.map((c) => ({ ...c, org_name: orgNames.get(c.payee_key) ?? c.payee_key })),
    download: { csv: await link('csv'), xlsx: await link('xlsx') },
  };
});
