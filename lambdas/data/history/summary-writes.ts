import { MIN_HISTORY_NRC_DIGITS } from '#shared/api/history.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { borrowersOf } from '#shared/rules/signals.js';
import { TEXT_LIMITS } from '#shared/rules/text-limits.js';
import { historyKind, MAX_EMPLOYEE_NO, type HistorySource } from './entries.js';
import { recentStatuses, decisionsAmong } from './submission-statuses.js';
import { employeeSummaryKey, entryName, nrcSummaryKey } from './summaries.js';
import { readSummaryItems, updateSummaryItems, type PlannedWrite, type SummaryUpdate } from './summary-attributes.js';
import { boundedWrite } from './summary-bounds.js';
import { compaction, namedSubmissions, pairedForGood, type DecisionOf } from './summary-compaction.js';
import { COMPACTED, employeeEntry, nrcEntry, parseEmployeeSummary, parseNrcRecord, type EmployeeSummaryEntry, type NrcEntry } from './summary-items.js';

/**
 * What ingestion writes to the borrower summaries (lambdas/data/history/summaries.ts): for each borrower
 * of a file, its entry on the NRC record, and an entry on its employee number's summary only while the
 * record does not already pair the two for good (summary-compaction.ts pairedForGood) — a new borrower,
 * or one whose earlier submissions are still pending. So a row makes one summary write, where it made
 * two, each a plain UpdateItem of an item kept small by its window and compaction.
 */

/** A borrower's name as the row checks let it be: both names at their limits and the space between. */
const NAME_LIMIT = TEXT_LIMITS.first_name + 1 + TEXT_LIMITS.last_name;
/** Statuses a warm ingestion function remembers: a decided one for good, a pending one a minute. */
const statuses = recentStatuses(60_000);

/** One borrower's summary writes: the NRC record's entry, and the employee number's. */
export interface BorrowerWrites {
  record: { key: { pk: string; sk: string }; entry: NrcEntry };
  employee: { key: { pk: string; sk: string }; employeeNo: string; entry: EmployeeSummaryEntry } | null;
}

/** The summary writes of a submission's rows, one per borrower's NRC (rows without a usable NRC have none). */
export function summaryWrites(source: HistorySource, rows: readonly CanonicalRow[]): BorrowerWrites[] {
  const writes: BorrowerWrites[] = [];
  for (const borrower of borrowersOf(rows).values()) {
    if (borrower.digits.length < MIN_HISTORY_NRC_DIGITS || borrower.digits.length > TEXT_LIMITS.nrc || !borrower.nrc) continue;
    const entry = nrcEntry({
      p: source.payeeKey,
      m: source.month,
      k: historyKind(source.kind),
      i: borrower.installment,
      e: borrower.end_date,
      n: borrower.employee_no,
      // A longer name was validated before the row checks had limits: it is kept to their length.
      nm: borrower.name && borrower.name.length > NAME_LIMIT ? borrower.name.slice(0, NAME_LIMIT) : borrower.name,
      t: source.submittedAt,
    });
    const employeeNo = borrower.employee_no && borrower.employee_no.length <= MAX_EMPLOYEE_NO ? borrower.employee_no : null;
    writes.push({
      record: { key: nrcSummaryKey(borrower.digits), entry },
      employee: employeeNo
        ? {
            key: employeeSummaryKey(employeeNo),
            employeeNo,
            entry: employeeEntry({ d: borrower.digits, nrc: borrower.nrc, p: source.payeeKey, m: source.month, t: source.submittedAt }),
          }
        : null,
    });
  }
  return writes;
}

const finish = (update: SummaryUpdate): SummaryUpdate | null => (Object.keys(update.set).length || update.remove.length ? update : null);

/** The NRC record's write: this entry, what the window compacts, what the bounds remove. */
export function recordWrite(key: BorrowerWrites['record']['key'], id: string, entry: NrcEntry, decisionOf: DecisionOf): PlannedWrite {
  const name = entryName(id);
  return {
    key,
    plan(stored, compact) {
      const item = stored ? parseNrcRecord(stored) : null;
      // An item that cannot be read is never compacted: the entry alone is added.
      if (stored && !item) return { key, set: { [name]: entry }, remove: [] };
      const folded = compact ? compaction(item, id, entry, decisionOf) : { remove: [], compacted: null };
      const rest = stored ? Object.fromEntries(Object.entries(stored).filter(([field]) => !folded.remove.includes(field))) : undefined;
      const identity = folded.compacted ?? item?.compacted;
      const bounds = boundedWrite(rest, name, entry, Object.keys(identity?.e ?? {}));
      const set: Record<string, unknown> = bounds.set ? { [name]: entry } : {};
      if (folded.compacted) set[COMPACTED] = folded.compacted;
      return finish({ key, set, remove: [...folded.remove, ...bounds.remove], ...(folded.compacted ? { version: item?.version ?? null } : {}) });
    },
  };
}

/** The employee number's write: this entry and what the bounds remove. */
export function employeeWrite(key: BorrowerWrites['record']['key'], name: string, entry: EmployeeSummaryEntry): PlannedWrite {
  return {
    key,
    plan(stored) {
      if (stored && !parseEmployeeSummary(stored)) return { key, set: { [name]: entry }, remove: [] };
      const bounds = boundedWrite(stored, name, entry);
      return finish({ key, set: bounds.set ? { [name]: entry } : {}, remove: bounds.remove });
    },
  };
}

/** What writeSummaries did: how many items refused their entry, and the employee numbers it wrote to. */
export interface SummariesWritten {
  refused: number;
  employeeNumbers: string[];
}

/**
 * Writes (again, harmlessly) this submission's entries on its borrowers' summaries. Each NRC record is
 * read first (one BatchGetItem per 100), for its bounds, its compaction and whether the employee number's
 * summary needs the entry too; the statuses of the submissions the records name are read once per warm
 * function. An item that refuses its entry (one an older stack let grow past what DynamoDB takes) is
 * counted; every other borrower's entry is written all the same.
 */
export async function writeSummaries(source: HistorySource, rows: readonly CanonicalRow[]): Promise<SummariesWritten> {
  const writes = summaryWrites(source, rows);
  const stored = await readSummaryItems(writes.map((write) => write.record.key));
  const records = new Map([...stored].map(([pk, raw]) => [pk, parseNrcRecord(raw)] as const));
  const decisionOf = await decisionsAmong(new Set([...records.values()].flatMap(namedSubmissions)), statuses);
  const refused = await updateSummaryItems(
    writes.map((write) => recordWrite(write.record.key, source.submissionId, write.record.entry, decisionOf)),
    stored,
  );
  const employees = new Map<string, NonNullable<BorrowerWrites['employee']>>();
  for (const { record, employee } of writes) {
    if (employee && !pairedForGood(records.get(record.key.pk) ?? null, employee.employeeNo, decisionOf)) employees.set(employee.key.pk, employee);
  }
  const list = [...employees.values()];
  const employeeItems = await readSummaryItems(list.map((write) => write.key));
  refused.push(
    ...(await updateSummaryItems(
      list.map((write) => employeeWrite(write.key, entryName(source.submissionId), write.entry)),
      employeeItems,
    )),
  );
  return { refused: refused.length, employeeNumbers: list.map((write) => write.employeeNo) };
}
