import { SCHEDULE_CONTENT_TYPES, scheduleFileLink, scheduleKeys } from '#data/payroll/schedule-files.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/payroll.js';
import { scheduleTitle } from '#shared/rules/payroll-schedule.js';
import { authoriseScheduleReader } from '../access.js';
import { monthSchedule } from '../drawn.js';
import { scheduleFileName } from '../file-name.js';

/**
 * GET /api/payroll/schedule?month=: the month's schedule as its S3 event last drew it from its COMPLETED submissions
 * (lambdas/events/draw-schedule.ts), beside its newest frozen version: equal hashes mean it is that version (links to its
 * files); otherwise it is the next version, not frozen yet, with what changed. When the submissions changed since the
 * draw, a new draw is asked and the answer is `state: 'drawing'`, with the schedule drawn before if any (the screen polls).
 */
export const handler = createApiHandler(routes.getPayrollSchedule, async ({ caller: me, query: { month } }) => {
  await authoriseScheduleReader(me, 'payroll.schedule_view', month);
  const { ready, stale, latest } = await monthSchedule(month);
  const shown = ready ?? stale;
  const hash = shown?.hash ?? '';
  const frozen = ready !== null && latest !== null && latest.hash === ready.hash;
  const version = frozen ? latest.version : (latest?.version ?? 0) + 1;
  const link = async (format: 'csv' | 'xlsx') =>
    frozen ? scheduleFileLink(scheduleKeys(month, version)[format], scheduleFileName(month, version, format), SCHEDULE_CONTENT_TYPES[format]) : null;
  const changesShown = ready !== null && !frozen && ready.base_version === (latest?.version ?? 0);
  return {
    month,
    state: ready ? ('ready' as const) : ('drawing' as const),
    version,
    frozen,
    hash,
    lines: shown?.lines ?? 0,
    total: shown?.total ?? 0,
    by_lender: shown?.by_lender ?? [],
    drawn_at: shown?.drawn_at ?? null,
    title: scheduleTitle(month, version, hash),
    frozen_at: frozen ? latest.frozen_at : null,
    frozen_by: frozen ? latest.frozen_by : null,
    previous: latest && !frozen ? { version: latest.version, hash: latest.hash, frozen_at: latest.frozen_at, lines: latest.lines, total: latest.total } : null,
    changes: changesShown ? ready.changes : [],
    download: { csv: await link('csv'), xlsx: await link('xlsx') },
  };
});
