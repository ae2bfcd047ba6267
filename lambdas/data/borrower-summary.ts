import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { MIN_HISTORY_NRC_DIGITS } from '../../shared/api/history.js';
import type { EmployeeEntry, RecordEntry } from '../../shared/rules/borrower-record.js';
import type { CanonicalRow } from '../../shared/rules/canonical-row.js';
import { borrowersOf, type UpheldDispute } from '../../shared/rules/signals.js';
import { chunked, inParallel } from '../lib/concurrency.js';
import { dynamo, tableName } from './clients.js';
import { batchGetAll, retrying } from './dynamo.js';
import { historyKind, type HistorySource } from './history.js';
import { text } from './history-read.js';
import { submissionKey } from './submissions.js';

/**
 * Borrower summaries in the history table, kept by ingestion for the deduction signals:
 * - by NRC: pk=SUMMARY#NRC#{digits} sk=SUMMARY — one attribute `s_{submission id}` per submission that named
 *   the borrower: its payee key, month, kind, the borrower's installment (summed), end date, employee
 *   number and name.
 *   An upheld dispute adds `u_{dispute id}`: its payee key and month (issue 16 §1, lambdas/data/disputes.ts).
 * - by employee number: pk=SUMMARY#EMP#{employee_no} sk=SUMMARY — `s_{submission id}`: the NRC it came with.
 * Access pattern "what is on record for a file's borrowers": one BatchGetItem per 100 borrowers.
 * Each submission writes only its own attribute, so ingestion stays idempotent under replays and
 * concurrent lenders (no read-modify-write, no increments; a hundred updates to a transaction); which entries count is decided when they
 * are read: entries of rejected submissions are dropped then, so a rejection stops counting at once.
 * They live in partitions of their own, so a borrower's history partition holds history items only.
 */
const NRC_PK = 'SUMMARY#NRC#';
const EMP_PK = 'SUMMARY#EMP#';
export const nrcSummaryKey = (digits: string) => ({ pk: `${NRC_PK}${digits}`, sk: 'SUMMARY' });
export const employeeSummaryKey = (employeeNo: string) => ({ pk: `${EMP_PK}${employeeNo}`, sk: 'SUMMARY' });
const ENTRY_PREFIX = 's_';
/** An upheld dispute's entry on an NRC summary (written by lambdas/data/disputes.ts in the decision's transaction). */
const UPHELD_PREFIX = 'u_';
export const upheldEntryName = (disputeId: string) => `${UPHELD_PREFIX}${disputeId}`;
/** An employee number longer than this is not one (and would make a poor key). */
const MAX_EMPLOYEE_NO = 64;
const PARALLEL = 16;
/** TransactWriteItems' own limit. */
const TRANSACTION_ITEMS = 100;
const BUSY = 'Borrower records are busy; try again in a minute.';

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
    if (borrower.digits.length < MIN_HISTORY_NRC_DIGITS || !borrower.nrc) continue;
    writes.push({
      key: nrcSummaryKey(borrower.digits),
      entry: {
        p: source.payeeKey,
        m: source.month,
        k: historyKind(source.kind),
        i: borrower.installment,
        e: borrower.end_date,
        n: borrower.employee_no,
        nm: borrower.name,
        t: source.submittedAt,
      },
    });
    if (borrower.employee_no && borrower.employee_no.length <= MAX_EMPLOYEE_NO) {
      writes.push({ key: employeeSummaryKey(borrower.employee_no), entry: { d: borrower.digits, nrc: borrower.nrc, m: source.month, t: source.submittedAt } });
    }
  }
  return [...new Map(writes.map((write) => [write.key.pk, write])).values()];
}

/** Writes (again, harmlessly) this submission's entry on each of its borrowers' summaries. */
export async function writeSummaries(source: HistorySource, rows: readonly CanonicalRow[]): Promise<void> {
  const table = tableName('history');
  const name = entryName(source.submissionId);
  const unique = summaryWrites(source, rows);
  // One transaction of up to 100 keyed updates per call: one request instead of a hundred. A call that
  // races another lender's on the same borrower is cancelled whole and tried again.
  await inParallel(chunked(unique, TRANSACTION_ITEMS), PARALLEL, async (chunk) => {
    await retrying(
      () =>
        dynamo.send(
          new TransactWriteCommand({
            TransactItems: chunk.map((write) => ({
              Update: {
                TableName: table,
                Key: write.key,
                UpdateExpression: 'SET #entry = :entry',
                ExpressionAttributeNames: { '#entry': name },
                ExpressionAttributeValues: { ':entry': write.entry },
              },
            })),
          }),
        ),
      10,
    );
  });
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

const toEmployeeEntry = (submission_id: string, e: Record<string, unknown>): EmployeeEntry => ({
  submission_id,
  nrc: String(e.nrc ?? ''),
  nrc_digits: String(e.d ?? ''),
  month: String(e.m ?? ''),
  submitted_at: text(e.t),
});

/**
 * Whether each submission was rejected (one BatchGetItem per 100 not yet known). `known` carries the
 * answers from one call to the next, so a file read in chunks asks about each submission once.
 */
async function rejectedAmong(ids: ReadonlySet<string>, known: Map<string, boolean>): Promise<Set<string>> {
  const unknown = [...ids].filter((id) => !known.has(id));
  if (unknown.length) {
    const items = await batchGetAll<{ id?: string; status?: string }>(tableName('submissions'), unknown.map(submissionKey), {
      projection: 'id, #status',
      names: { '#status': 'status' },
      busy: BUSY,
    });
    for (const id of unknown) known.set(id, false);
    for (const item of items) if (item.id) known.set(item.id, item.status === 'rejected');
  }
  return new Set([...ids].filter((id) => known.get(id)));
}

export interface BorrowerRecords {
  /** By NRC digits. */
  records: Map<string, RecordEntry[]>;
  /** Upheld disputes by NRC digits (`u_{dispute id}` on the NRC summary, lambdas/data/disputes.ts). */
  disputes: Map<string, UpheldDispute[]>;
  /** By employee number. */
  employees: Map<string, EmployeeEntry[]>;
}

/**
 * What is on record for these NRCs (digits) and employee numbers, entries of rejected submissions left
 * out. `employeesFor` picks, once the NRC summaries are read, the employee numbers worth reading.
 */
export async function readBorrowerRecords(
  digits: readonly string[],
  employeesFor: (records: Map<string, RecordEntry[]>) => string[] = () => [],
  known: Map<string, boolean> = new Map(),
): Promise<BorrowerRecords> {
  const table = tableName('history');
  const nrcItems = await batchGetAll<StoredSummary>(table, [...new Set(digits)].map(nrcSummaryKey), { busy: BUSY });
  const raw = new Map(nrcItems.map((item) => [item.pk.slice(NRC_PK.length), entriesOf(item).map(([id, e]) => toRecordEntry(id, e))]));
  const wanted = [...new Set(employeesFor(raw))].filter((no) => no.length <= MAX_EMPLOYEE_NO);
  const empItems = wanted.length ? await batchGetAll<StoredSummary>(table, wanted.map(employeeSummaryKey), { busy: BUSY }) : [];
  const rawEmployees = new Map(empItems.map((item) => [item.pk.slice(EMP_PK.length), entriesOf(item).map(([id, e]) => toEmployeeEntry(id, e))]));

  const ids = new Set<string>();
  for (const entries of [...raw.values(), ...rawEmployees.values()]) for (const entry of entries) ids.add(entry.submission_id);
  const rejected = ids.size ? await rejectedAmong(ids, known) : new Set<string>();
  const keep = <T extends { submission_id: string }>(map: Map<string, T[]>) =>
    new Map([...map].map(([key, entries]) => [key, entries.filter((entry) => !rejected.has(entry.submission_id))] as const));
  const disputes = new Map(nrcItems.map((item) => [item.pk.slice(NRC_PK.length), upheldOf(item)] as const).filter(([, upheld]) => upheld.length > 0));
  return { records: keep(raw), employees: keep(rawEmployees), disputes };
}
