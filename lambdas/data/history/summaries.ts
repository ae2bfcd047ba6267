import { z } from 'zod';
import { tableName } from '#adapters/aws-clients.js';
import { batchGetAll } from '#adapters/dynamo/toolkit.js';
import type { EmployeeEntry, RecordEntry } from '#shared/rules/borrower-record.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import { MANDATE_STATES, type MandateTerms } from '#shared/rules/mandate.js';
import type { UpheldDispute } from '#shared/rules/signals.js';
import { appliedRecordOf } from './applied-marks.js';
import { recordedUploads } from './applied-read.js';
import { text } from './entries-read.js';
import { MAX_EMPLOYEE_NO, RECORD_SK } from './entries.js';
import { freshStatuses, rejectedAmong, type StatusMemo } from './submission-statuses.js';
import { ENTRY_PREFIX, SHARED_PREFIX } from './summary-bounds.js';
import { parseEmployeeSummary, parseNrcRecord, type CompactedIdentity, type NrcEntry, type SummaryItem } from './summary-items.js';

/**
 * Borrower summaries in the history table, kept by ingestion for the deduction signals and /history
 * (written by summary-writes.ts, their stored shape in summary-items.ts):
 * - by NRC: pk=NRC#{digits} sk=RECORD, in the borrower's history partition (after its months, so the
 *   lookup's one Query reads it with the months) — one attribute `s_{submission id}` per submission of
 *   its last months that named the borrower: its payee key, month, kind, the borrower's installment
 *   (summed), end date, employee number and name; and `c`, the identity compacted from older entries
 *   (each employee number and its first month, each name and its newest: summary-compaction.ts), with
 *   `v`, the version every compacting write conditions on.
 *   An upheld dispute adds `u_{dispute id}`: its payee key and month (lambdas/data/disputes/disputes.ts).
 *   A claimed mandate of the borrower adds `m_{number}`: its payee key, limit, last month, state and month
 *   used (lambdas/data/mandates/mirror.ts), so a file's mandates are checked on the reads it makes anyway.
 *   An employee number on record with another NRC too adds `x_{employee number}` (shared-employee-numbers.ts),
 *   so a lookup reads that number's summary only then.
 *   Rows filed under an employee number on record with this NRC but without an NRC add
 *   `o_{employee number}`, so a lookup reads those rows (pk=EMP#{number}) only then.
 * - by employee number: pk=SUMMARY#EMP#{employee_no} sk=SUMMARY — `s_{submission id}`: the NRC it came
 *   with and the payee key that sent it, written while the NRC's record does not pair the two for good;
 *   `rows_without_nrc` once a file gave the number a row without an NRC.
 * Access pattern "what is on record for a file's borrowers": one BatchGetItem per 100 borrowers.
 * Each submission sets only its own attribute, so ingestion stays idempotent under replays and
 * concurrent lenders; the same update removes what the window compacts and the oldest entries the
 * item's bounds no longer keep (summary-bounds.ts), so no item grows toward DynamoDB's 400 KB. Which
 * entries count is decided when they are read: entries of rejected submissions are dropped then
 * (submission-statuses.ts), and compacted ones never came from a rejected submission.
 */
const NRC_PK = 'NRC#';
const EMP_PK = 'SUMMARY#EMP#';
export const nrcSummaryKey = (digits: string) => ({ pk: `${NRC_PK}${digits}`, sk: RECORD_SK });
export const employeeSummaryKey = (employeeNo: string) => ({ pk: `${EMP_PK}${employeeNumberKey(employeeNo)}`, sk: 'SUMMARY' });
export const employeeNoOf = (key: { pk: string }) => key.pk.slice(EMP_PK.length);
/** An upheld dispute's entry on an NRC summary (written by lambdas/data/disputes/disputes.ts in the decision's transaction). */
const UPHELD_PREFIX = 'u_';
export const upheldEntryName = (disputeId: string) => `${UPHELD_PREFIX}${disputeId}`;
export const sharedEntryName = (employeeNo: string) => `${SHARED_PREFIX}${employeeNumberKey(employeeNo)}`;
/** A claimed mandate's mirror on its employee's NRC summary (written by lambdas/data/mandates/mirror.ts). */
const MANDATE_PREFIX = 'm_';
export const mandateEntryName = (number: string): `${typeof MANDATE_PREFIX}${string}` => `${MANDATE_PREFIX}${number}`;
const mirrorSchema = z.object({ p: z.string(), l: z.number(), e: z.string(), s: z.enum(MANDATE_STATES), u: z.string().nullable() });
/** The mandates mirrored on an NRC summary, by entry name: what mirror.ts writes is typed against it. */
export type MandateMirrors = Record<ReturnType<typeof mandateEntryName>, z.output<typeof mirrorSchema>>;
/** The mark on an NRC summary: rows without an NRC are kept under this employee number (history pk=EMP#{number}). */
const EMPLOYEE_ROWS_PREFIX = 'o_';
export const employeeRowsEntryName = (employeeNo: string) => `${EMPLOYEE_ROWS_PREFIX}${employeeNumberKey(employeeNo)}`;
/** The flag on an employee number's summary: some file gave the number a row without an NRC. */
export const ROWS_WITHOUT_NRC = 'rows_without_nrc';
const BUSY = 'Borrower records are busy; try again in a minute.';

/** The attribute a submission's entry is stored under on a summary item. */
export const entryName = (submissionId: string) => `${ENTRY_PREFIX}${submissionId}`;

type StoredSummary = Record<string, unknown> & { pk: string };

function toRecordEntry(submission_id: string, e: NrcEntry): RecordEntry {
  return {
    submission_id,
    payee_key: e.p,
    month: e.m,
    kind: e.k,
    installment: Number.isFinite(e.i) ? e.i : 0,
    end_date: text(e.e),
    employee_no: text(e.n),
    name: text(e.nm),
    submitted_at: text(e.t),
  };
}

/**
 * What the record's compacted identity still says (summary-compaction.ts), as entries the identity rules
 * read: each employee number in its first month, each name in its newest. They name no submission (an
 * empty id: theirs were decided and not rejected) and carry no deduction: no payee key, nothing to pay,
 * so the exposure rules never count them.
 */
function compactedEntries(identity: CompactedIdentity | null): RecordEntry[] {
  if (!identity) return [];
  const entry = (month: string, employee_no: string | null, name: string | null, submitted_at: string | null): RecordEntry => ({
    submission_id: '',
    payee_key: '',
    month,
    kind: 'input',
    installment: 0,
    end_date: null,
    employee_no,
    name,
    submitted_at,
  });
  return [
    ...Object.entries(identity.e).map(([number, month]) => entry(month, number, null, null)),
    ...Object.values(identity.n).map(({ n, o }) => entry(o.slice(0, 7), null, n, text(o.slice(8)))),
  ];
}

/** Everything an NRC record says: its entries and its compacted identity. */
export function recordEntriesOf(record: SummaryItem<NrcEntry>): RecordEntry[] {
  const out: RecordEntry[] = [];
  for (const [id, e] of record.entries) out.push(toRecordEntry(id, e));
  if (record.compacted) out.push(...compactedEntries(record.compacted));
  return out;
}

/** A payroll's applied amount on an NRC summary (`a_…`, applied-marks.ts): which month, lender and upload, in ngwee. */
type AppliedAt = NonNullable<ReturnType<typeof appliedRecordOf>> & { ngwee: number };

/** What an NRC summary carries besides its entries, found in one walk of its attributes. */
interface SummaryMarks {
  applied: AppliedAt[];
  upheld: UpheldDispute[];
  mandates: MandateTerms[];
}

/** The applied amounts, upheld disputes and mirrored mandates (the NRC is the summary's own) of an NRC summary. */
function marksOf(item: StoredSummary, into: SummaryMarks): void {
  for (const field in item) {
    const value = item[field];
    if (typeof value === 'number') {
      const at = appliedRecordOf(field);
      if (at) into.applied.push({ ...at, ngwee: value });
    } else if (field.startsWith(UPHELD_PREFIX)) {
      if (typeof value === 'object' && value !== null)
        into.upheld.push({ payee_key: String((value as Record<string, unknown>).p ?? ''), month: String((value as Record<string, unknown>).m ?? '') });
    } else if (field.startsWith(MANDATE_PREFIX)) {
      const m = mirrorSchema.safeParse(value);
      if (m.success)
        into.mandates.push({
          number: field.slice(MANDATE_PREFIX.length),
          nrc: item.pk.slice(NRC_PK.length),
          payee_key: m.data.p,
          max_monthly: m.data.l,
          last_month: m.data.e,
          state: m.data.s,
          used_month: m.data.u,
        });
    }
  }
}

/** The entries of an employee number's summary item (the NRC each submission gave it); none when it is malformed (logged). */
export function employeeEntriesOf(item: Record<string, unknown> & { pk: string }): EmployeeEntry[] {
  const parsed = parseEmployeeSummary(item);
  return parsed ? [...parsed.entries].map(([submission_id, e]) => ({ submission_id, nrc: e.nrc, nrc_digits: e.d, month: e.m, submitted_at: text(e.t) })) : [];
}

export interface BorrowerRecords {
  /** By NRC digits. */
  records: Map<string, RecordEntry[]>;
  /** Upheld disputes by NRC digits (`u_{dispute id}` on the NRC summary, lambdas/data/disputes/disputes.ts). */
  disputes: Map<string, UpheldDispute[]>;
  /** By employee number. */
  employees: Map<string, EmployeeEntry[]>;
  /** Claimed mandates by NRC digits (`m_{number}` on the NRC summary); their `nrc` is the digits. */
  mandates: Map<string, MandateTerms[]>;
}

/** The employee numbers whose rows without an NRC belong with this NRC summary's borrower (history pk=EMP#{number}). */
export function employeeRowsOf(item: Record<string, unknown> | null): string[] {
  if (!item) return [];
  return Object.keys(item)
    .filter((field) => field.startsWith(EMPLOYEE_ROWS_PREFIX) && item[field] === true)
    .map((field) => field.slice(EMPLOYEE_ROWS_PREFIX.length));
}

/** The employee numbers an NRC summary marks as on record with another NRC too. */
const sharedOf = (item: StoredSummary) =>
  Object.keys(item)
    .filter((field) => field.startsWith(SHARED_PREFIX) && item[field] === true)
    .map((field) => field.slice(SHARED_PREFIX.length));

/**
 * What is on record for these NRCs (digits) and employee numbers, entries of rejected submissions left
 * out. `employeesFor` picks, once the NRC summaries are read, the employee numbers worth reading;
 * `statuses` answers which submissions were rejected as far as it knows.
 */
export async function readBorrowerRecords(
  digits: readonly string[],
  employeesFor: (records: Map<string, RecordEntry[]>) => string[] = () => [],
  statuses: StatusMemo = freshStatuses(),
): Promise<BorrowerRecords> {
  const nrcItems = await batchGetAll<StoredSummary>(tableName('history'), [...new Set(digits)].map(nrcSummaryKey), { busy: BUSY });
  return recordsOf(nrcItems, employeesFor, statuses);
}

/**
 * The record of one borrower whose summary item the caller has read (the history lookup's Query): the
 * employee numbers it marks as shared are read by number (rarely any), and the statuses the memo does not know.
 */
export function borrowerRecord(item: Record<string, unknown> | null, statuses: StatusMemo): Promise<BorrowerRecords> {
  const found = item ? [item as StoredSummary] : [];
  return recordsOf(found, () => found.flatMap(sharedOf), statuses);
}

/**
 * Each input entry with what the payroll deducted for its lender that month (`a_…`, applied-marks.ts), from the file
 * the month records now; months without one are left as they are.
 */
async function withAppliedAmounts(raw: Map<string, RecordEntry[]>, found: readonly (AppliedAt & { digits: string })[]): Promise<Map<string, RecordEntry[]>> {
  if (!found.length) return raw;
  const months = [...new Set(found.map((at) => at.month))];
  const uploadOf = await recordedUploads(months);
  const sums = new Map<string, number>();
  for (const at of found) {
    if (uploadOf(at.month, at.payeeKey) !== at.upload) continue;
    const key = `${at.digits}#${at.month}#${at.payeeKey}`;
    sums.set(key, (sums.get(key) ?? 0) + at.ngwee);
  }
  return new Map(
    [...raw].map(([digits, entries]) => [
      digits,
      entries.map((entry) => {
        const sum = entry.kind === 'input' ? sums.get(`${digits}#${entry.month}#${entry.payee_key}`) : undefined;
        return sum === undefined ? entry : { ...entry, applied: sum / 100 };
      }),
    ]),
  );
}

async function recordsOf(
  nrcItems: readonly StoredSummary[],
  employeesFor: (records: Map<string, RecordEntry[]>) => string[],
  statuses: StatusMemo,
): Promise<BorrowerRecords> {
  const entries = new Map<string, RecordEntry[]>();
  const applied: (AppliedAt & { digits: string })[] = [];
  const disputes = new Map<string, UpheldDispute[]>();
  const mandates = new Map<string, MandateTerms[]>();
  for (const item of nrcItems) {
    const digits = item.pk.slice(NRC_PK.length);
    const record = parseNrcRecord(item);
    if (record) entries.set(digits, recordEntriesOf(record));
    const marks: SummaryMarks = { applied: [], upheld: [], mandates: [] };
    marksOf(item, marks);
    for (const at of marks.applied) applied.push({ digits, ...at });
    if (marks.upheld.length) disputes.set(digits, marks.upheld);
    if (marks.mandates.length) mandates.set(digits, marks.mandates);
  }
  const raw = await withAppliedAmounts(entries, applied);
  const wanted = [...new Set(employeesFor(raw))].filter((no) => no.length <= MAX_EMPLOYEE_NO);
  const empItems = wanted.length ? await batchGetAll<StoredSummary>(tableName('history'), wanted.map(employeeSummaryKey), { busy: BUSY }) : [];
  const rawEmployees = new Map(empItems.map((item) => [item.pk.slice(EMP_PK.length), employeeEntriesOf(item)]));

  const ids = new Set<string>();
  // Compacted entries name no submission: none of theirs was rejected.
  for (const map of [raw, rawEmployees]) for (const entries of map.values()) for (const entry of entries) if (entry.submission_id) ids.add(entry.submission_id);
  const rejected = ids.size ? await rejectedAmong(ids, statuses) : new Set<string>();
  // Most reads find no rejected submission: the maps are then kept as read.
  const keep = <T extends { submission_id: string }>(map: Map<string, T[]>) =>
    rejected.size ? new Map([...map].map(([key, entries]) => [key, entries.filter((entry) => !rejected.has(entry.submission_id))] as const)) : map;
  return { records: keep(raw), employees: keep(rawEmployees), disputes, mandates };
}
