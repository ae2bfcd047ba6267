import { createHash } from 'node:crypto';
import { csvRow } from '#shared/rules/csv.js';
import { fromNgwee, SCHEDULE_CSV_HEADER, scheduleTitle } from '#shared/rules/payroll-schedule.js';
import {
  deleteDrawJob,
  deleteDrawnFiles,
  type DrawnSchedule,
  drawJobKey,
  drawnScheduleKeys,
  getDrawnSchedule,
  putDrawnSchedule,
  scheduleFingerprint,
  titledVersion,
} from './schedule-drawn.js';
import { readScheduleObject, SCHEDULE_CONTENT_TYPES, uploadStream } from './schedule-files.js';
import { assemblyJobKey, type DrawPart, drawPartsDone, type DrawRun, getDrawRun, partJobKey, partKeys, partOfRun } from './schedule-parts.js';
import { scheduleWorkbook } from './schedule-workbook.js';
import { completedSubmissions } from './schedule.js';

/** Where the assembly reads the parts and writes the month's files (S3 for the event; the bench's disk). */
export interface FileStore {
  read(key: string): AsyncIterable<Uint8Array>;
  write(key: string, chunks: AsyncIterable<string | Uint8Array>, contentType: string): Promise<void>;
}
const s3Store: FileStore = { read: (key) => readScheduleObject(key), write: uploadStream };

/**
 * The month's files put together from its lenders' parts, streamed, in the schedule's order (by payee key): the hash
 * over the column header and the parts' CSV lines (a first read of them), the JSONL the parts' one after the other (each
 * lender's byte range kept), the CSV (title, header, the parts) and the XLSX (a summary sheet, then the parts' sheets:
 * schedule-workbook.ts). They are titled for the version after the run's base, or for the base itself when the lines
 * are the base's (a completion that changed no line): a copy of the base's files that stopped half way is completed from
 * them (api/payroll/freeze.ts). Memory stays a few chunks whatever the month.
 */
export async function assembleFiles(run: DrawRun, parts: ReadonlyMap<string, DrawPart>, store: FileStore = s3Store) {
  const month = run.month;
  async function* concatenated(keys: readonly string[]): AsyncGenerator<Uint8Array> {
    for (const key of keys) yield* store.read(key);
  }
  const ordered = run.lenders.map((l) => ({ ...l, part: parts.get(l.payee_key)!, keys: partKeys(month, run.fingerprint, l.payee_key) }));
  const keys = drawnScheduleKeys(month, run.fingerprint);
  const hashing = createHash('sha256').update(SCHEDULE_CSV_HEADER);
  for await (const chunk of concatenated(ordered.map((l) => l.keys.csv))) hashing.update(chunk);
  const hash = hashing.digest('hex');
  await store.write(keys.jsonl, concatenated(ordered.map((l) => l.keys.jsonl)), SCHEDULE_CONTENT_TYPES.jsonl);
  let offset = 0;
  const ranges = ordered.map((l) => {
    const range = { payee_key: l.payee_key, offset, bytes: l.part.jsonl_bytes };
    offset += l.part.jsonl_bytes;
    return range;
  });
  const withLines = ordered.filter((l) => l.part.lines > 0);
  const by_lender = withLines.map((l) => ({ payee_key: l.payee_key, org_name: l.org_name, lines: l.part.lines, total: fromNgwee(l.part.ngwee) }));
  const title = scheduleTitle(month, titledVersion({ base_version: run.base?.version ?? 0, hash }, run.base?.hash ?? null), hash);
  async function* csv(): AsyncGenerator<string | Uint8Array> {
    yield `${csvRow([title])}\r\n${SCHEDULE_CSV_HEADER}`;
    yield* concatenated(ordered.map((l) => l.keys.csv));
  }
  await store.write(keys.csv, csv(), SCHEDULE_CONTENT_TYPES.csv);
  const summary = withLines.map((l) => ({ ...by_lender.find((b) => b.payee_key === l.payee_key)!, sheets: l.part.sheets.map((s) => s.name) }));
  const sheets = withLines.flatMap((l) => l.part.sheets.map((entry, i) => ({ entry, body: async () => store.read(l.keys.sheet(i)) })));
  await store.write(keys.xlsx, scheduleWorkbook(title, summary, sheets), SCHEDULE_CONTENT_TYPES.xlsx);
  const ngwee = ordered.reduce((sum, l) => sum + l.part.ngwee, 0);
  return { hash, lines: ordered.reduce((sum, l) => sum + l.part.lines, 0), total: fromNgwee(ngwee), by_lender, ranges };
}

/** What changed per lender against the version the run compares with: the parts' counts, and lenders gone since. */
function changesOf(run: DrawRun, parts: ReadonlyMap<string, DrawPart>): DrawnSchedule['changes'] {
  if (!run.base) return [];
  const names = new Map([...run.base.by_lender, ...run.lenders].map((l) => [l.payee_key, l.org_name]));
  const counted = [
    ...[...parts.values()].map((p) => ({ payee_key: p.payee_key, ...p.changes })),
    ...run.base.by_lender.filter((l) => !parts.has(l.payee_key)).map((l) => ({ payee_key: l.payee_key, added: 0, removed: l.lines, changed: 0 })),
  ];
  return counted
    .filter((c) => c.added + c.removed + c.changed > 0)
    .map((c) => ({ ...c, org_name: names.get(c.payee_key) ?? c.payee_key }))
    .sort((a, b) => (a.payee_key < b.payee_key ? -1 : 1));
}

/**
 * The run's assembly: once every lender's part is done, the month's files and its drawn item, which the screen reads
 * (until then it says 'drawing'). Not when the month's COMPLETED submissions moved on since the run was planned (its
 * own run draws them: this one's item must not replace it), nor twice (a repeated job finds the item drawn). The run's
 * jobs are removed at the end, the month's draw job among them. A new draw removes the files of the draw before the one it
 * replaces (decision 0236): a month keeps two draws' files, its current and the one before.
 */
export async function assembleDraw(month: string, fingerprint: string): Promise<DrawnSchedule | null> {
  const run = await getDrawRun(month, fingerprint);
  if (!run) return null;
  const parts = new Map((await drawPartsDone(month, fingerprint)).filter((p) => partOfRun(run, p)).map((p) => [p.payee_key, p]));
  if (!run.lenders.every((l) => parts.has(l.payee_key))) return null;
  const jobs = [drawJobKey(month, fingerprint), assemblyJobKey(month, fingerprint), ...run.lenders.map((l) => partJobKey(month, fingerprint, l.payee_key))];
  if (scheduleFingerprint(await completedSubmissions(month)) !== fingerprint) {
    await Promise.all(jobs.map(deleteDrawJob));
    return null;
  }
  const already = await getDrawnSchedule(month);
  let drawn = already;
  if (already?.fingerprint !== fingerprint || already.base_version !== (run.base?.version ?? 0)) {
    const files = await assembleFiles(run, parts);
    const previous = already && already.fingerprint !== fingerprint ? already.fingerprint : already?.previous_fingerprint;
    drawn = {
      month,
      fingerprint,
      ...files,
      base_version: run.base?.version ?? 0,
      changes: changesOf(run, parts),
      ...(previous ? { previous_fingerprint: previous } : {}),
      drawn_at: new Date().toISOString(),
    };
    await putDrawnSchedule(drawn);
    // The draw before the one replaced goes: the one replaced stays a draw longer, for a download that read it just before.
    const expired = already?.fingerprint !== fingerprint ? already?.previous_fingerprint : undefined;
    if (expired && expired !== fingerprint) await deleteDrawnFiles(month, expired);
  }
  await Promise.all(jobs.map(deleteDrawJob));
  return drawn;
}
