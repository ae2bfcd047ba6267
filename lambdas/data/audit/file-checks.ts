import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { batchWriteAll } from '#adapters/dynamo/toolkit.js';
import { inParallelFrom } from '#lib/concurrency.js';
import { auditItem, type AuditEntry } from './log.js';
import { type AuditSubject, auditSubject } from './subjects.js';

/**
 * A validated deduction file is a lookup of every NRC it names, by the uploader's organisation: "Who looked"
 * and the NRC's audit trail read it on the audit log's subject index (gsi1 SUBJECT#NRC#{digits}), as they
 * read a history lookup. Keys, all derived from the upload and the NRC, so that a replayed S3 event writes
 * the same items again and nothing more (once per file per NRC):
 * - the file's entry: pk=DAY#{day of the upload} sk={ts}#file-check-{upload} (subject UPLOAD#{id}, the count);
 * - one pointer per NRC: pk=FILECHECK#{digits} sk=UPLOAD#{id}, gsi1pk=SUBJECT#NRC#{digits} gsi1sk={ts}#…,
 *   each its own partition (a 1,500,000-row file never heats the day's partition), about 500 bytes: 1 WRU
 *   and its index copy.
 * The pointers go as BatchWriteItem Puts (lambdas/adapters/dynamo/toolkit.ts batchWriteAll: 25 a call, unprocessed
 * items retried), RUN of them built at a time from the NRCs as they are drawn, RUNS_IN_FLIGHT runs at once:
 * memory holds those items, never the file's. The time is the upload's creation (when the lender sent
 * the file), the same on every delivery of its event.
 */
export interface FileCheck {
  upload_id: string;
  org_id: string | null;
  user_id: string;
  user_email: string;
  /** The upload's creation time (ISO): the lookup's time. */
  at: string;
}

export const FILE_CHECK_ACTION = 'upload.file_check';
const RUN = 1_000;
const RUNS_IN_FLIGHT = 2;
const BUSY = 'The audit log is busy: the file check will be recorded when the validation is retried.';

const entryOf = (check: FileCheck, subject: AuditSubject, details: Record<string, unknown> = {}): Omit<AuditEntry, 'also'> => ({
  actor: { userId: check.user_id, email: check.user_email, roles: [] },
  org_id: check.org_id,
  action: FILE_CHECK_ACTION,
  subject,
  outcome: 'ok',
  details,
});
const entryId = (check: FileCheck) => `file-check-${check.upload_id}`;

/** One NRC's pointer (the capacity bench weighs it). */
export function fileCheckItem(check: FileCheck, digits: string) {
  const item = auditItem(entryOf(check, auditSubject.nrc(digits)), check.at, `${entryId(check)}-${digits}`, {
    entry_id: entryId(check),
    via: auditSubject.upload(check.upload_id),
  });
  return { ...item, pk: `FILECHECK#${digits}`, sk: `UPLOAD#${check.upload_id}` };
}

/** Runs of `size` drawn from `items` only as each is asked for. */
function* runsOf<T>(items: Iterable<T>, size: number): Generator<T[], void, undefined> {
  let run: T[] = [];
  for (const item of items) {
    run.push(item);
    if (run.length === size) {
      yield run;
      run = [];
    }
  }
  if (run.length) yield run;
}

/** Records the file's check of these NRCs (digits, each once): the file's entry, then a pointer per NRC. */
export async function writeFileChecks(check: FileCheck, digits: Iterable<string>): Promise<number> {
  const table = tableName('audit');
  let count = 0;
  await inParallelFrom(runsOf(digits, RUN), RUNS_IN_FLIGHT, async (run) => {
    count += run.length;
    await batchWriteAll(
      table,
      run.map((d) => fileCheckItem(check, d)),
      { busy: BUSY, concurrency: 8 },
    );
  });
  // Written last, with the count: a run cut short is written again whole by the retried event.
  await dynamo.send(
    new PutCommand({ TableName: table, Item: auditItem(entryOf(check, auditSubject.upload(check.upload_id), { nrcs: count }), check.at, entryId(check)) }),
  );
  return count;
}
