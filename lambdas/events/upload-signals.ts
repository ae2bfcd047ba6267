import { MIN_HISTORY_NRC_DIGITS } from '../../shared/api/history.js';
import { shiftMonth } from '../../shared/rules/dates.js';
import { borrowersOf, computeSignals, type SignalReport } from '../../shared/rules/signals.js';
import type { WorkbookValidation } from '../../shared/xlsx/index.js';
import { readBorrowerRecords } from '../data/borrower-summary.js';
import { latestInputRows, stoppageRows } from '../data/payee-months.js';
import { readSettings } from '../data/settings.js';
import type { UploadRecord } from '../data/uploads.js';

/**
 * The deduction signals of a validated inputs or stoppages file (issue 15): its payee key's previous
 * month (the stored rows of its latest inputs that is not rejected, and its stoppages) and what is on
 * record for its borrowers (the summaries ingestion keeps), read at once, then compared in
 * shared/rules/signals.ts. Reads: one object per previous submission, one BatchGetItem per 100
 * borrowers, and one per 100 employee numbers that the NRC's own record does not already pair it with.
 */
export async function signalsOf(upload: Pick<UploadRecord, 'doc_kind' | 'month' | 'payee_key'>, result: Pick<WorkbookValidation, 'rows' | 'row_numbers'>): Promise<SignalReport> {
  const kind = upload.doc_kind === 'stoppages' ? 'stoppages' : 'inputs';
  const previousMonth = shiftMonth(upload.month, -1);
  const borrowers = [...borrowersOf(result.rows).values()];
  const digits = borrowers.map((b) => b.digits).filter((d) => d.length >= MIN_HISTORY_NRC_DIGITS);
  // An employee number already on the NRC's own record is the borrower the file names: only the others
  // are looked up by number (an NRC under another's number is flagged on that NRC's rows).
  const unpaired = (records: Map<string, { employee_no: string | null }[]>) =>
    borrowers.filter((b) => b.employee_no && !(records.get(b.digits) ?? []).some((e) => e.employee_no === b.employee_no)).map((b) => b.employee_no as string);

  const [previous, stopped, settings, { records, employees }] = await Promise.all([
    latestInputRows(upload.payee_key, previousMonth),
    kind === 'inputs' ? stoppageRows(upload.payee_key, [previousMonth, upload.month]) : Promise.resolve([]),
    readSettings(),
    readBorrowerRecords(digits, unpaired),
  ]);
  return computeSignals({
    kind,
    month: upload.month,
    payeeKey: upload.payee_key,
    rows: result.rows,
    rowNumbers: result.row_numbers,
    previous: previous?.rows ?? null,
    stopped,
    records,
    employees,
    limits: settings.exposure,
  });
}
