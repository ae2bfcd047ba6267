import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { askDraw, type DrawnSchedule, drawnScheduleKeys, titledVersion } from '#data/payroll/schedule-drawn.js';
import { copyScheduleObject, SCHEDULE_CONTENT_TYPES, scheduleKeys, scheduleObjectExists } from '#data/payroll/schedule-files.js';
import { latestScheduleVersion, putScheduleVersion, type ScheduleVersion } from '#data/payroll/schedule.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError } from '#http/errors.js';
import { PAYROLL_MESSAGES } from '#shared/api/payroll.js';
import { monthSchedule } from './drawn.js';

/**
 * Makes the version's objects that are not there yet by server-side copies of the drawn files (its lines; its CSV and
 * XLSX, drawn titled for this version). Nothing is rendered in the request: files titled for another version (a version
 * frozen between the draw and this download) are drawn again by the event, and the download is asked again meanwhile.
 * A download that stopped half way is completed by the next; two downloads finishing the same version write the same bytes.
 */
async function ensureFiles(version: ScheduleVersion, drawn: DrawnSchedule): Promise<void> {
  const keys = scheduleKeys(version.month, version.version);
  const from = drawnScheduleKeys(version.month, drawn.fingerprint);
  // A draw of the version's very lines, against the version itself, is titled for it (its base's hash is the version's).
  const titledHere = titledVersion(drawn, drawn.base_version === version.version ? version.hash : null) === version.version;
  if (!(await scheduleObjectExists(keys.jsonl))) await copyScheduleObject(from.jsonl, keys.jsonl, SCHEDULE_CONTENT_TYPES.jsonl);
  await Promise.all(
    (['csv', 'xlsx'] as const).map(async (format) => {
      if (await scheduleObjectExists(keys[format])) return;
      if (!titledHere) return drawAgain(version.month, drawn);
      await copyScheduleObject(from[format], keys[format], SCHEDULE_CONTENT_TYPES[format]);
    }),
  );
}

/** The draw is not titled for the version to hand out: the event draws it again (the screen shows the drawing). */
async function drawAgain(month: string, drawn: DrawnSchedule): Promise<never> {
  await askDraw(month, drawn.fingerprint);
  throw new ConflictError(PAYROLL_MESSAGES.drawing(month), 'schedule_drawing');
}

/** How often a download tries to freeze before telling the person to try again (others kept freezing newer versions). */
const ATTEMPTS = 3;

/**
 * The version a download hands out: the month's schedule as its event drew it (while it is drawn again, the download is
 * refused with a sentence: the screen shows the drawing and offers the download once ready); equal to the newest frozen
 * version, that version; otherwise it is frozen as the next number, on condition that no download froze that number
 * first (then the newest is read again), its files copied from the draw. The freeze is audited.
 */
export async function versionToDownload(me: AuthenticatedCaller, month: string): Promise<{ version: ScheduleVersion; frozenNow: boolean }> {
  const { ready: drawn } = await monthSchedule(month);
  if (drawn === null) throw new ConflictError(PAYROLL_MESSAGES.drawing(month), 'schedule_drawing');
  if (drawn.lines === 0) throw new ConflictError(PAYROLL_MESSAGES.empty(month), 'no_schedule');
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const latest = await latestScheduleVersion(month);
    if (latest?.hash === drawn.hash) {
      await ensureFiles(latest, drawn);
      return { version: latest, frozenNow: false };
    }
    const number = (latest?.version ?? 0) + 1;
    // A version frozen since the draw was read: the draw's files are titled for a number no longer next.
    if (number !== drawn.base_version + 1) await drawAgain(month, drawn);
    const { hash, lines, total, by_lender, ranges } = drawn;
    const version: ScheduleVersion = {
      month,
      version: number,
      hash,
      lines,
      total,
      by_lender,
      s3_key: scheduleKeys(month, number).jsonl,
      ...(ranges ? { ranges } : {}),
      frozen_at: new Date().toISOString(),
      frozen_by: me.email,
    };
    if (await putScheduleVersion(version)) {
      await writeAudit({
        actor: me,
        action: 'payroll.schedule_freeze',
        subject: auditSubject.schedule(month),
        outcome: 'ok',
        details: { version: number, hash, lines, total, previous: latest?.version ?? null },
      });
      await ensureFiles(version, drawn);
      return { version, frozenNow: true };
    }
  }
  throw new ConflictError(PAYROLL_MESSAGES.busy, 'schedule_busy');
}
