import { askDraw, type DrawnSchedule, getDrawnSchedule, isCurrentDraw, scheduleFingerprint } from '#data/payroll/schedule-drawn.js';
import { lenderSourcesOf } from '#data/payroll/schedule-live.js';
import { ScheduleTally } from '#data/payroll/schedule-summary.js';
import { completedSubmissions, latestScheduleVersion, type ScheduleVersion } from '#data/payroll/schedule.js';

export interface MonthSchedule {
  /** The month's drawn schedule when it is the month as its COMPLETED submissions stand; else null (a draw was asked). */
  ready: DrawnSchedule | null;
  /** The schedule drawn before, shown while the next is drawn (null when none was). */
  stale: DrawnSchedule | null;
  latest: ScheduleVersion | null;
}

/**
 * The month's schedule as the event last drew it, read in three small requests (the COMPLETED submissions' index, the
 * drawn item, the newest frozen version). When the submissions changed since it was drawn, or a version was frozen from
 * something else, a draw is asked (once: its job stands while it runs). A month with no COMPLETED inputs is empty at once.
 */
export async function monthSchedule(month: string): Promise<MonthSchedule> {
  const [completed, drawn, latest] = await Promise.all([completedSubmissions(month), getDrawnSchedule(month), latestScheduleVersion(month)]);
  const fingerprint = scheduleFingerprint(completed);
  if (isCurrentDraw(drawn, fingerprint, latest)) return { ready: drawn, stale: null, latest };
  if (latest === null && lenderSourcesOf(completed).length === 0) return { ready: emptySchedule(month, fingerprint, latest), stale: null, latest };
  await askDraw(month, fingerprint);
  return { ready: null, stale: drawn, latest };
}

function emptySchedule(month: string, fingerprint: string, latest: ScheduleVersion | null): DrawnSchedule {
  return { month, fingerprint, ...new ScheduleTally(new Map()).result(), base_version: latest?.version ?? 0, changes: [], drawn_at: new Date().toISOString() };
}
