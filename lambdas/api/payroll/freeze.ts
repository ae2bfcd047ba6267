import { randomUUID } from 'node:crypto';
import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import {
  copyScheduleObject,
  deleteScheduleObject,
  pendingScheduleKey,
  readScheduleLines,
  SCHEDULE_CONTENT_TYPES,
  scheduleKeys,
  scheduleObjectExists,
  uploadStream,
} from '#data/payroll/schedule-files.js';
import { latestScheduleVersion, putScheduleVersion, type ScheduleVersion } from '#data/payroll/schedule.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError } from '#http/errors.js';
import { PAYROLL_MESSAGES } from '#shared/api/payroll.js';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';
import { liveScheduleLines, scheduleSources } from './live.js';
import { scheduleCsv, scheduleXlsx } from './render.js';
import { ScheduleTally } from './summary.js';

/** Tallies each line as it passes and hands it on as a JSONL text (a thousand lines a chunk). */
async function* jsonl(lines: AsyncIterable<ScheduleLine>, tally: ScheduleTally): AsyncGenerator<string> {
  let batch: string[] = [];
  for await (const line of lines) {
    tally.add(line);
    batch.push(`${JSON.stringify(line)}\n`);
    if (batch.length === 1_000) {
      yield batch.join('');
      batch = [];
    }
  }
  if (batch.length > 0) yield batch.join('');
}

/**
 * Makes the version's objects that are not there yet: its lines (copied from this download's work file,
 * which holds the same lines: equal hashes), then the CSV and XLSX rendered from them. Two downloads
 * finishing the same version write the same bytes; a download that stopped half way is completed by the next.
 */
async function ensureFiles(version: ScheduleVersion, pending: string): Promise<void> {
  const keys = scheduleKeys(version.month, version.version);
  if (!(await scheduleObjectExists(keys.jsonl))) await copyScheduleObject(pending, keys.jsonl);
  await Promise.all([
    (async () => {
      if (!(await scheduleObjectExists(keys.csv)))
        await uploadStream(keys.csv, scheduleCsv(version, readScheduleLines(keys.jsonl)), SCHEDULE_CONTENT_TYPES.csv);
    })(),
    (async () => {
      if (!(await scheduleObjectExists(keys.xlsx)))
        await uploadStream(keys.xlsx, scheduleXlsx(version, readScheduleLines(keys.jsonl)), SCHEDULE_CONTENT_TYPES.xlsx);
    })(),
  ]);
}

/** How often a download tries to freeze before telling the person to try again (others kept freezing newer versions). */
const ATTEMPTS = 3;

/**
 * The version a download hands out: the schedule is computed as it stands and written to a work file while
 * its hash is taken; equal to the newest frozen version, that version; otherwise it is frozen as the next
 * number, on condition that no download froze that number first (then the newest is read again). The freeze is audited.
 */
export async function versionToDownload(me: AuthenticatedCaller, month: string): Promise<{ version: ScheduleVersion; frozenNow: boolean }> {
  const lenders = await scheduleSources(month);
  if (lenders.length === 0) throw new ConflictError(PAYROLL_MESSAGES.empty(month), 'no_schedule');
  const pending = pendingScheduleKey(month, randomUUID());
  const tally = new ScheduleTally(new Map(lenders.map((l) => [l.payee_key, l.org_name])));
  try {
    await uploadStream(pending, jsonl(liveScheduleLines(lenders), tally), SCHEDULE_CONTENT_TYPES.jsonl);
    const live = tally.result();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const latest = await latestScheduleVersion(month);
      if (latest?.hash === live.hash) {
        await ensureFiles(latest, pending);
        return { version: latest, frozenNow: false };
      }
      const number = (latest?.version ?? 0) + 1;
      const version: ScheduleVersion = {
        month,
        version: number,
        ...live,
        s3_key: scheduleKeys(month, number).jsonl,
        frozen_at: new Date().toISOString(),
        frozen_by: me.email,
      };
      if (await putScheduleVersion(version)) {
        await writeAudit({
          actor: me,
          action: 'payroll.schedule_freeze',
          subject: auditSubject.schedule(month),
          outcome: 'ok',
          details: { version: number, hash: live.hash, lines: live.lines, total: live.total, previous: latest?.version ?? null },
        });
        await ensureFiles(version, pending);
        return { version, frozenNow: true };
      }
    }
    throw new ConflictError(PAYROLL_MESSAGES.busy, 'schedule_busy');
  } finally {
    await deleteScheduleObject(pending);
  }
}
