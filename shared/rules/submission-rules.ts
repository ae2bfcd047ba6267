import { isBlank, isEmptyRow, type Cell } from './cells.js';
import { parseAmount } from './amount.js';
import { canonicalRow, fieldReader, type CanonicalRow } from './canonical-row.js';
import {
  firstDayOfMonth,
  isLastDayOfMonth,
  isMonth,
  lastDayOfMonth,
  monthOf,
  parseCellDate,
  type CalendarDate,
  type DateParseOptions,
  type Month,
} from './dates.js';
import { detectHeaderRow, missingHeadersMessage, type ColumnMap } from './headers.js';
import { ISSUE_COLUMNS, issueSeverity, type Issue, type IssueType } from './issues.js';
import { NRC_PATTERN, normaliseNrc } from './nrc.js';
import { normalisePayeeKey } from './payee-key.js';

export type SubmissionKind = 'inputs' | 'stoppages';

export interface SubmissionCheckOptions extends DateParseOptions {
  kind: SubmissionKind;
  /** The submission month, YYYY-MM. */
  month: Month;
  /** The Payee Key / Code typed on the form. */
  payeeKey: string;
}

export interface RowValidatorOptions extends SubmissionCheckOptions {
  columns: ColumnMap;
}

export interface RowValidator {
  /** The issues of one data row (none for an empty row); rowNumber is the spreadsheet's own. */
  validate(rowNumber: number, cells: readonly Cell[]): Issue[];
}

/**
 * The spec §5 row checks, one row at a time: only the set of NRCs seen so far is kept (for the
 * duplicate warning), so a 250,000-row sheet can be streamed through it.
 */
export function createRowValidator(options: RowValidatorOptions): RowValidator {
  const { kind, month, columns } = options;
  if (!isMonth(month)) throw new RangeError('Month must be in YYYY-MM format.');
  const enteredKey = normalisePayeeKey(options.payeeKey);
  const firstDay = firstDayOfMonth(month);
  const seenNrcs = new Set<string>();

  return {
    validate(row, cells) {
      if (isEmptyRow(cells)) return [];
      const issues: Issue[] = [];
      const add = (type: IssueType, column: string, message: string) => issues.push({ row, column, type, message });
      const read = fieldReader(cells, columns);

      if (isBlank(read('employee_no'))) add('EMPLOYEE', ISSUE_COLUMNS.employee_no, 'Employee No. is required');

      const rowKey = normalisePayeeKey(read('payee_key'));
      if (rowKey === '') add('PAYEE_KEY', ISSUE_COLUMNS.payee_key, 'Payee Key is required');
      else if (rowKey !== enteredKey) add('PAYEE_KEY', ISSUE_COLUMNS.payee_key, `Payee Key '${rowKey}' does not match entered code '${enteredKey}'`);

      const nrc = normaliseNrc(read('nrc'));
      if (nrc === '') add('NRC', ISSUE_COLUMNS.nrc, 'NRC is empty');
      else {
        if (!NRC_PATTERN.test(nrc)) add('NRC', ISSUE_COLUMNS.nrc, 'NRC should be like 123456/78/9 (6–8 digits / 2 / 1).');
        if (seenNrcs.has(nrc)) add('NRC', ISSUE_COLUMNS.nrc, `Duplicate NRC in file (${nrc}).`);
        seenNrcs.add(nrc);
      }

      const start = parseCellDate(read('start_date'), options);
      if (start === null) add('START_DATE', ISSUE_COLUMNS.start_date, 'Start Date is required/invalid');
      else if (start !== firstDay) add('START_DATE', ISSUE_COLUMNS.start_date, `Start Date must be ${firstDay} (01 of submission month)`);

      const end = parseCellDate(read('end_date'), options);
      if (end === null) add('END_DATE', ISSUE_COLUMNS.end_date, 'End Date is required/invalid');
      else for (const message of endDateProblems(kind, month, end)) add('END_DATE', ISSUE_COLUMNS.end_date, message);

      const amountProblem = amountProblemOf(kind, parseAmount(read('amount')));
      if (amountProblem) add('AMOUNT', ISSUE_COLUMNS.amount, amountProblem);

      return issues;
    },
  };
}

function endDateProblems(kind: SubmissionKind, month: Month, end: CalendarDate): string[] {
  const lastDay = lastDayOfMonth(month);
  if (kind === 'stoppages') return end === lastDay ? [] : [`End Date must be ${lastDay} (last day of submission month)`];
  const problems: string[] = [];
  if (!isLastDayOfMonth(end)) problems.push('End Date must be the last day of a month');
  // Compared by month, so a mid-month date in the submission month gets only the message above.
  if (monthOf(end) < month) problems.push(`End Date must be the last day of the submission month (${lastDay}) or a future month`);
  return problems;
}

function amountProblemOf(kind: SubmissionKind, amount: number | null): string | null {
  if (kind === 'stoppages') {
    if (amount === null) return 'Amount must be explicitly 0.00 for stoppages';
    return amount === 0 ? null : 'Amount must be 0.00 for stoppages';
  }
  if (amount === null) return 'Amount is required';
  return amount > 0 ? null : 'Amount must be > 0';
}

export interface SheetValidation {
  /** The header row's cells as text (the data summary's detected columns). */
  headers: string[];
  /** 0-based index of the header row in the rows given; -1 for a sheet with no non-empty row. */
  headerRowIndex: number;
  columns: ColumnMap;
  /** Non-empty rows below the header. */
  rowCount: number;
  errors: Issue[];
  warnings: Issue[];
  /** The rows as ingested (canonicalRow), those meeting the minimal field requirements. */
  rowsParsed: CanonicalRow[];
}

/**
 * The whole client check of one sheet held in memory (rows[i] is spreadsheet row i + 1).
 * With required headers missing only the HEADER error is reported: every row would fail the same way.
 */
export function validateSheet(rows: readonly (readonly Cell[] | null | undefined)[], options: SubmissionCheckOptions): SheetValidation {
  const detection = detectHeaderRow(rows);
  const { headerRowIndex, columns, missing } = detection;
  const result: SheetValidation = { headers: detection.headers, headerRowIndex, columns, rowCount: 0, errors: [], warnings: [], rowsParsed: [] };
  if (missing.length > 0) {
    result.errors.push({ row: Math.max(headerRowIndex, 0) + 1, column: ISSUE_COLUMNS.header, type: 'HEADER', message: missingHeadersMessage(missing) });
  }
  const validator = missing.length === 0 ? createRowValidator({ ...options, columns }) : null;
  for (let index = headerRowIndex + 1; headerRowIndex >= 0 && index < rows.length; index++) {
    const cells = rows[index];
    if (!cells || isEmptyRow(cells)) continue;
    result.rowCount++;
    for (const issue of validator?.validate(index + 1, cells) ?? []) {
      (issueSeverity(issue.type) === 'warning' ? result.warnings : result.errors).push(issue);
    }
    const parsed = canonicalRow(cells, columns, options);
    if (parsed) result.rowsParsed.push(parsed);
  }
  return result;
}
