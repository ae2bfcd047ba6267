import { tableName } from '#adapters/aws-clients.js';
import { readOf } from '#adapters/dynamo/queries.js';
import { BATCH_GET_KEYS, BATCH_WRITE_ITEMS, batchGetAll, batchWriteAll } from '#adapters/dynamo/toolkit.js';
import { chunked, inParallel } from '#lib/concurrency.js';
import { logger } from '#lib/powertools.js';
import type { IngestionCounts } from '#shared/api/submissions.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import { normaliseNrc, nrcDigits } from '#shared/rules/nrc.js';
import type { SubmissionKind } from '#shared/rules/submission-rules.js';
import { TEXT_LIMITS } from '#shared/rules/text-limits.js';

/**
 * Borrower history: pk=NRC#{digits} sk={month}#{payee_key}#{kind}, kind 'input' or 'stoppage'; the
 * partition also holds the borrower's record (sk=RECORD) and dispute marks ({month}#{payee_key}#dispute).
 * A row with an employee number and no NRC goes to pk=EMP#{EMPLOYEE_NO} (upper-cased) under the same sort key; the
 * lookup reads that partition once a record ties the number to the NRC (`employeeRowsOf` in
 * lambdas/data/history/summaries.ts; `readEmployeeRows` in lambdas/data/history/entries-read.ts).
 * One item per borrower, payee key, month and kind, holding every row the file gave the borrower: the
 * first row's fields, and `loans` (every row, in file order) only when there is more than one — two
 * loans at one lender are two deductions, and the common item keeps its size — so a later submission of the same month
 * replaces the earlier one's rows in one write and a replay rewrites the same item; a borrower's last
 * months stay one Query on pk with sk between months. Each item remembers which submission wrote it
 * and whether an item was there before (`ingest_prior`), so running the same ingestion again reports
 * the same counts.
 */
export interface HistorySource {
  submissionId: string;
  kind: SubmissionKind;
  month: string;
  payeeKey: string;
  orgId: string | null;
  orgName: string | null;
  submittedAt: string;
}

type Prior = 'new' | 'existing';
type Item = Record<string, unknown> & { pk: string; sk: string; ingest_prior?: Prior };

const PARALLEL = 16;
/** NRCs shorter than this are not a borrower's number (part 2: NRC minimum 6 digits). */
const MIN_NRC_DIGITS = 6;
/** Nor longer than the row checks let an NRC be (rows validated before that limit may be). */
const MAX_NRC_DIGITS = TEXT_LIMITS.nrc;

/** The borrower's record in the same partition (lambdas/data/history/summaries.ts): after every month, `YYYY-MM#…`. */
export const RECORD_SK = 'RECORD';

export const historyKind = (kind: SubmissionKind): 'input' | 'stoppage' => (kind === 'inputs' ? 'input' : 'stoppage');
const historySk = (month: string, payeeKey: string, kind: SubmissionKind) => `${month}#${payeeKey}#${historyKind(kind)}`;
export const historyKey = (digits: string, month: string, payeeKey: string, kind: SubmissionKind) => ({
  pk: `NRC#${digits}`,
  sk: historySk(month, payeeKey, kind),
});

/** The partition of rows filed with an employee number and no NRC. */
export const EMPLOYEE_ROWS_PK = 'EMP#';
/** An employee number longer than this is not one (and would make a poor key). */
export const MAX_EMPLOYEE_NO = 64;

/** Where a row is kept: under its NRC, else under its employee number, else nowhere (skipped). */
function partitionOf(row: CanonicalRow): string | null {
  const digits = nrcDigits(row.nrc);
  if (digits.length >= MIN_NRC_DIGITS && digits.length <= MAX_NRC_DIGITS) return `NRC#${digits}`;
  if (!row.nrc && row.employee_no && row.employee_no.length <= MAX_EMPLOYEE_NO) return `${EMPLOYEE_ROWS_PK}${employeeNumberKey(row.employee_no)}`;
  return null;
}

/** One row of a history item: a deduction as the file gave it (from a row, or from an item's own fields). */
type Loan = Pick<CanonicalRow, 'employee_no' | 'first_name' | 'last_name' | 'start_date' | 'end_date'> & { installment: number };
const loanOf = (row: CanonicalRow | Item): Loan => ({
  employee_no: row.employee_no as string | null,
  first_name: row.first_name as string | undefined,
  last_name: row.last_name as string | undefined,
  start_date: row.start_date as string,
  end_date: row.end_date as string,
  installment: ('installment_amount' in row ? row.installment_amount : row.installment) as number,
});

/** The history items of a file's rows, one per key holding each of its rows in file order, and how many rows were skipped. */
export function historyItems(source: HistorySource, rows: readonly CanonicalRow[]): { items: Item[]; skipped: number } {
  const items = new Map<string, Item>();
  let skipped = 0;
  for (const row of rows) {
    const pk = partitionOf(row);
    if (!pk) {
      skipped++;
      continue;
    }
    const key = { pk, sk: historySk(source.month, source.payeeKey, source.kind) };
    const id = `${key.pk}|${key.sk}`;
    const seen = items.get(id);
    if (seen) {
      seen.loans = [...((seen.loans as Loan[] | undefined) ?? [loanOf(seen)]), loanOf(row)];
      continue;
    }
    items.set(id, {
      ...key,
      nrc: row.nrc ? normaliseNrc(row.nrc) : null,
      ...(row.nrc_from_register ? { nrc_from_register: true } : {}),
      ...loanOf(row),
      payee_key: source.payeeKey,
      kind: historyKind(source.kind),
      month: source.month,
      org_id: source.orgId,
      org_name: source.orgName,
      submission_id: source.submissionId,
      submitted_at: source.submittedAt,
    });
  }
  return { items: [...items.values()], skipped };
}

/** How many rows (deductions) an item holds. */
const rowsIn = (item: Item) => (Array.isArray(item.loans) ? item.loans.length : 1);

const BUSY = 'Borrower history is busy; ingestion will be retried.';

/** What is stored now for these keys: the submission that wrote each item and what it found there. */
async function storedPriors(table: string, items: readonly Item[]): Promise<Map<string, { submission_id?: string; ingest_prior?: Prior }>> {
  const stored = await batchGetAll<Item & { submission_id?: string }>(
    table,
    items.map(({ pk, sk }) => ({ pk, sk })),
    {
      projection: readOf({ project: ['pk', 'sk', 'submission_id', 'ingest_prior'] }),
      consistentRead: true,
      busy: BUSY,
    },
  );
  return new Map(stored.map((item) => [`${item.pk}|${item.sk}`, item]));
}

/**
 * Writes the rows of a submission into borrower history and counts them against what was stored
 * before this submission first ran: reads 100 keys at a time, then writes them 25 at a time, 16 chunks
 * in parallel, retrying unprocessed items. Safe to run again, in part or in full. A row DynamoDB refuses
 * (an item past 400 KB, from a row validated before the text limits) fails alone: it is logged and
 * counted as skipped, and every other row is written.
 */
export async function ingestRows(source: HistorySource, rows: readonly CanonicalRow[]): Promise<IngestionCounts> {
  const table = tableName('history');
  const { items, skipped } = historyItems(source, rows);
  const counts: IngestionCounts = { inserted: 0, updated: 0, skipped };
  // Read 100 keys, then write them as four BatchWrites of 25; 16 such chunks in flight.
  await inParallel(chunked(items, BATCH_GET_KEYS), PARALLEL, async (chunk) => {
    const stored = await storedPriors(table, chunk);
    for (const item of chunk) {
      const before = stored.get(`${item.pk}|${item.sk}`);
      // An item this submission already wrote keeps what it found the first time.
      item.ingest_prior = !before ? 'new' : before.submission_id === source.submissionId ? (before.ingest_prior ?? 'existing') : 'existing';
      if (item.ingest_prior === 'new') counts.inserted += rowsIn(item);
      else counts.updated += rowsIn(item);
    }
    const onRefused = (item: Record<string, unknown>) => {
      if ((item as Item).ingest_prior === 'new') counts.inserted -= rowsIn(item as Item);
      else counts.updated -= rowsIn(item as Item);
      counts.skipped += rowsIn(item as Item);
    };
    await batchWriteAll(table, chunk, { busy: BUSY, concurrency: BATCH_GET_KEYS / BATCH_WRITE_ITEMS, onRefused });
  });
  if (counts.skipped > skipped)
    logger.error('History rows refused by DynamoDB; counted as skipped', { submissionId: source.submissionId, refused: counts.skipped - skipped });
  return counts;
}
