import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';
import { type DrawnSchedule, drawnScheduleKeys, getDrawnSchedule, isCurrentDraw, putDrawnSchedule, scheduleFingerprint } from './schedule-drawn.js';
import { readScheduleLines, SCHEDULE_CONTENT_TYPES, uploadStream } from './schedule-files.js';
import { lenderSourcesOf, liveScheduleLines } from './schedule-live.js';
import { scheduleCsv, scheduleXlsx } from './schedule-render.js';
import { ScheduleComparison, ScheduleTally } from './schedule-summary.js';
import { completedSubmissions, latestScheduleVersion } from './schedule.js';

/** Hands each line to `each` as it passes and on as a JSONL text (a thousand lines a chunk). */
async function* jsonl(lines: AsyncIterable<ScheduleLine>, each: (line: ScheduleLine) => Promise<void>): AsyncGenerator<string> {
  let batch: string[] = [];
  for await (const line of lines) {
    await each(line);
    batch.push(`${JSON.stringify(line)}\n`);
    if (batch.length === 1_000) {
      yield batch.join('');
      batch = [];
    }
  }
  if (batch.length > 0) yield batch.join('');
}

/**
 * Draws the month's schedule as its COMPLETED submissions stand now: its lines streamed into S3 while its totals and
 * hash are taken and it is compared with the newest frozen version read alongside (what changed); unless it is that
 * version, its CSV and XLSX are rendered from the drawn lines, titled for the next version, so that a first download
 * freezes it by copying them. Then the month's drawn item points at it. Nothing is drawn when the month's drawn item
 * already has these submissions (a repeated job). One lender's lines in memory at a time.
 */
export async function drawSchedule(month: string): Promise<DrawnSchedule> {
  const completed = await completedSubmissions(month);
  const fingerprint = scheduleFingerprint(completed);
  const [already, latest] = await Promise.all([getDrawnSchedule(month), latestScheduleVersion(month)]);
  if (isCurrentDraw(already, fingerprint, latest)) return already;
  const lenders = lenderSourcesOf(completed);
  const orgNames = new Map([...(latest?.by_lender ?? []), ...lenders].map((l) => [l.payee_key, l.org_name]));
  const tally = new ScheduleTally(orgNames);
  const comparison = latest ? new ScheduleComparison(readScheduleLines(latest.s3_key)) : null;
  const keys = drawnScheduleKeys(month, fingerprint);
  const each = async (line: ScheduleLine) => {
    tally.add(line);
    await comparison?.add(line);
  };
  await uploadStream(keys.jsonl, jsonl(liveScheduleLines(lenders), each), SCHEDULE_CONTENT_TYPES.jsonl);
  const live = tally.result();
  const frozen = latest?.hash === live.hash;
  const changes = (await comparison?.result()) ?? [];
  const base_version = latest?.version ?? 0;
  if (!frozen) {
    const titled = { month, version: base_version + 1, hash: live.hash };
    await uploadStream(keys.csv, scheduleCsv(titled, readScheduleLines(keys.jsonl)), SCHEDULE_CONTENT_TYPES.csv);
    await uploadStream(keys.xlsx, scheduleXlsx(titled, readScheduleLines(keys.jsonl)), SCHEDULE_CONTENT_TYPES.xlsx);
  }
  const drawn: DrawnSchedule = {
    month,
    fingerprint,
    ...live,
    base_version,
    changes: changes.map((c) => ({ ...c, org_name: orgNames.get(c.payee_key) ?? c.payee_key })),
    drawn_at: new Date().toISOString(),
  };
  await putDrawnSchedule(drawn);
  return drawn;
}
