import { MIN_HISTORY_NRC_DIGITS } from '../../shared/api/history.js';
import type { EmployeeEntry, RecordEntry } from '../../shared/rules/borrower-record.js';
import type { CanonicalRow } from '../../shared/rules/canonical-row.js';
import { borrowersOf, type UpheldDispute } from '../../shared/rules/signals.js';
import { TEXT_LIMITS } from '../../shared/rules/text-limits.js';
import { tableName } from './clients.js';
import { batchGetAll } from './dynamo.js';
import { historyKind, MAX_EMPLOYEE_NO, RECORD_SK, type HistorySource } from './history.js';
import { text } from './history-read.js';
import { freshStatuses, rejectedAmong, type StatusMemo } from './submission-statuses.js';
import { setAttributes } from './summary-attributes.js';
import { ENTRY_PREFIX, SHARED_PREFIX } from './summary-bounds.js';

/**
 * Borrower summaries in the history table, kept by ingestion for the deduction signals and /history:
 * - by NRC: pk=NRC#{digits} sk=RECORD, in the borrower's history partition (after its months, so the
 *   lookup's one Query reads it with the months) — one attribute `s_{submission id}` per submission
 *   that named the borrower: its payee key, month, kind, the borrower's installment (summed), end
 *   date, employee number and name.
 *   An upheld dispute adds `u_{dispute id}`: its payee key and month (issue 16 §1, lambdas/data/disputes.ts).
 *   An employee number on record with another NRC too adds `x_{employee number}` (shared-employee-numbers.ts),
 *   so a lookup reads that number's summary only then.
 *   Rows filed under an employee number on record with this NRC but without an NRC add
 *   `o_{employee number}`, so a lookup reads those rows (pk=EMP#{number}) only then.
 * - by employee number: pk=SUMMARY#EMP#{employee_no} sk=SUMMARY — `s_{submission id}`: the NRC it came
 *   with and the payee key that sent it; `rows_without_nrc` once a file gave the number a row without an NRC.
 * Access pattern "what is on record for a file's borrowers": one BatchGetItem per 100 borrowers.
 * Each submission sets only its own attribute, so ingestion stays idempotent under replays and
 * concurrent lenders (no conditions, no increments; a hundred updates to a transaction); the same update
 * removes the oldest entries the item's bounds no longer keep (summary-bounds.ts), so no item can grow
 * toward DynamoDB's 400 KB. Which entries count is decided when they are read: entries of rejected
 * submissions are dropped then (submission-statuses.ts).
 */
const NRC_PK = 'NRC#';
const EMP_PK = 'SUMMARY#EMP#';
export const nrcSummaryKey = (digits: string) => ({ pk: `${NRC_PK}${digits}`, sk: RECORD_SK });
export const employeeSummaryKey = (employeeNo: string) => ({ pk: `${EMP_PK}${employeeNo}`, sk: 'SUMMARY' });
export const isEmployeeSummaryKey = (key: { pk: string }) => key.pk.startsWith(EMP_PK);
export const employeeNoOf = (key: { pk: string }) => key.pk.slice(EMP_PK.length);
/** An upheld dispute's entry on an NRC summary (written by lambdas/data/disputes.ts in the decision's transaction). */
const UPHELD_PREFIX = 'u_';
export const upheldEntryName = (disputeId: string) => `${UPHELD_PREFIX}${disputeId}`;
export const sharedEntryName = (employeeNo: string) => `${SHARED_PREFIX}${employeeNo}`;
/** The mark on an NRC summary: rows without an NRC are kept under this employee number (history pk=EMP#{number}). */
const EMPLOYEE_ROWS_PREFIX = 'o_';
export const employeeRowsEntryName = (employeeNo: string) => `${EMPLOYEE_ROWS_PREFIX}${employeeNo}`;
/** The flag on an employee number's summary: some file gave the number a row without an NRC. */
export const ROWS_WITHOUT_NRC = 'rows_without_nrc';
const BUSY = 'Borrower records are busy; try again in a minute.';
/** A borrower's name as the row checks let it be: both names at their limits and the space between. */
const NAME_LIMIT = TEXT_LIMITS.first_name + 1 + TEXT_LIMITS.last_name;

/** One keyed update of a summary: the item and this submission's entry on it. */
export interface SummaryWrite {
  key: { pk: string; sk: string };
  entry: Record<string, unknown>;
}

/** The attribute a submission's entry is stored under on a summary item. */
export const entryName = (submissionId: string) => `${ENTRY_PREFIX}${submissionId}`;

/** The updates a submission makes: one per borrower's NRC summary and one per employee number's, each key once. */
export function summaryWrites(source: HistorySource, rows: readonly CanonicalRow[]): SummaryWrite[] {
  const writes: SummaryWrite[] = [];
  for (const borrower of borrowersOf(rows).values()) {
    if (borrower.digits.length < MIN_HISTORY_NRC_DIGITS || borrower.digits.length > TEXT_LIMITS.nrc || !borrower.nrc) continue;
    writes.push({
      key: nrcSummaryKey(borrower.digits),
      entry: {
        p: source.payeeKey,
        m: source.month,
        k: historyKind(source.kind),
        i: borrower.installment,
        e: borrower.end_date,
        n: borrower.employee_no,
        // A longer name was validated before the row checks had limits: it is kept to their length.
        nm: borrower.name && borrower.name.length > NAME_LIMIT ? borrower.name.slice(0, NAME_LIMIT) : borrower.name,
        t: source.submittedAt,
      },
    });
    if (borrower.employee_no && borrower.employee_no.length <= MAX_EMPLOYEE_NO) {
      writes.push({ key: employeeSummaryKey(borrower.employee_no), entry: { d: borrower.digits, nrc: borrower.nrc, p: source.payeeKey, m: source.month, t: source.submittedAt } });
    }
  }
  return [...new Map(writes.map((write) => [write.key.pk, write])).values()];
}

/**
 * Writes (again, harmlessly) this submission's entry on each of its borrowers' summaries, each item kept
 * within its bounds (summary-bounds.ts). Answers how many items refused their entry (one that an older
 * stack let grow past what DynamoDB takes): every other borrower's entry is written all the same.
 */
export async function writeSummaries(source: HistorySource, rows: readonly CanonicalRow[]): Promise<number> {
  const name = entryName(source.submissionId);
  const refused = await setAttributes(
    summaryWrites(source, rows).map((write) => ({ key: write.key, name, value: write.entry })),
    { bounded: true },
  );
  return refused.length;
}

type StoredSummary = Record<string, unknown> & { pk: string };

function entriesOf(item: StoredSummary): [string, Record<string, unknown>][] {
  return Object.entries(item)
    .filter(([field, value]) => field.startsWith(ENTRY_PREFIX) && typeof value === 'object' && value !== null)
    .map(([field, value]) => [field.slice(ENTRY_PREFIX.length), value as Record<string, unknown>]);
}

function toRecordEntry(submission_id: string, e: Record<string, unknown>): RecordEntry {
  return {
    submission_id,
    payee_key: String(e.p ?? ''),
    month: String(e.m ?? ''),
    kind: e.k === 'stoppage' ? 'stoppage' : 'input',
    installment: Number.isFinite(Number(e.i)) ? Number(e.i) : 0,
    end_date: text(e.e),
    employee_no: text(e.n),
    name: text(e.nm),
    submitted_at: text(e.t),
  };
}

/** The upheld disputes an NRC summary carries. */
function upheldOf(item: StoredSummary): UpheldDispute[] {
  return Object.entries(item)
    .filter(([field, value]) => field.startsWith(UPHELD_PREFIX) && typeof value === 'object' && value !== null)
    .map(([, value]) => ({ payee_key: String((value as Record<string, unknown>).p ?? ''), month: String((value as Record<string, unknown>).m ?? '') }));
}

/** The entries of an employee number's summary item (the NRC each submission gave it). */
export const employeeEntriesOf = (item: Record<string, unknown> & { pk: string }): EmployeeEntry[] => entriesOf(item).map(([id, e]) => toEmployeeEntry(id, e));

const toEmployeeEntry = (submission_id: string, e: Record<string, unknown>): EmployeeEntry => ({
  submission_id,
  nrc: String(e.nrc ?? ''),
  nrc_digits: String(e.d ?? ''),
  month: String(e.m ?? ''),
  submitted_at: text(e.t),
});

export interface BorrowerRecords {
  /** By NRC digits. */
  records: Map<string, RecordEntry[]>;
  /** Upheld disputes by NRC digits (`u_{dispute id}` on the NRC summary, lambdas/data/disputes.ts). */
  disputes: Map<string, UpheldDispute[]>;
  /** By employee number. */
  employees: Map<string, EmployeeEntry[]>;
}

/** The employee numbers whose rows without an NRC belong with this NRC summary's borrower (history pk=EMP#{number}). */
export function employeeRowsOf(item: Record<string, unknown> | null): string[] {
  if (!item) return [];
  return Object.keys(item).filter((field) => field.startsWith(EMPLOYEE_ROWS_PREFIX) && item[field] === true).map((field) => field.slice(EMPLOYEE_ROWS_PREFIX.length));
}

/** The employee numbers an NRC summary marks as on record with another NRC too. */
const sharedOf = (item: StoredSummary) => Object.keys(item).filter((field) => field.startsWith(SHARED_PREFIX) && item[field] === true).map((field) => field.slice(SHARED_PREFIX.length));

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

async function recordsOf(nrcItems: readonly StoredSummary[], employeesFor: (records: Map<string, RecordEntry[]>) => string[], statuses: StatusMemo): Promise<BorrowerRecords> {
  const raw = new Map(nrcItems.map((item) => [item.pk.slice(NRC_PK.length), entriesOf(item).map(([id, e]) => toRecordEntry(id, e))]));
  const wanted = [...new Set(employeesFor(raw))].filter((no) => no.length <= MAX_EMPLOYEE_NO);
  const empItems = wanted.length ? await batchGetAll<StoredSummary>(tableName('history'), wanted.map(employeeSummaryKey), { busy: BUSY }) : [];
  const rawEmployees = new Map(empItems.map((item) => [item.pk.slice(EMP_PK.length), employeeEntriesOf(item)]));

  const ids = new Set<string>();
  for (const entries of [...raw.values(), ...rawEmployees.values()]) for (const entry of entries) ids.add(entry.submission_id);
  const rejected = ids.size ? await rejectedAmong(ids, statuses) : new Set<string>();
  // Most reads find no rejected submission: the maps are then kept as read.
  const keep = <T extends { submission_id: string }>(map: Map<string, T[]>) =>
    rejected.size ? new Map([...map].map(([key, entries]) => [key, entries.filter((entry) => !rejected.has(entry.submission_id))] as const)) : map;
  const disputes = new Map(nrcItems.map((item) => [item.pk.slice(NRC_PK.length), upheldOf(item)] as const).filter(([, upheld]) => upheld.length > 0));
  return { records: keep(raw), employees: keep(rawEmployees), disputes };
}
