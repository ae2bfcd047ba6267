import { parseAmount } from './amount.js';
import { canonicalRow, canonicalRowOf, cellAt, type CanonicalRow } from './canonical-row.js';
import { cellText, isBlank, isEmptyRow, type Cell } from './cells.js';
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
import { ISSUE_COLUMNS, issueSeverity, repeatWarning, type Issue, type IssueType } from './issues.js';
import { NrcSet } from './nrc-set.js';
import { hasNrcShape, normaliseNrc } from './nrc.js';
import { normalisePayeeKey } from './payee-key.js';
import { RowRepeats } from './row-repeats.js';
import { textLengthIssues } from './text-limits.js';

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
  /** Build each row as ingested (RowInspection.row); default true. Without it, row is always null. */
  collectRows?: boolean;
}

export interface RowValidator {
  /** The issues of one data row (none for an empty row); rowNumber is the spreadsheet's own. */
  validate(rowNumber: number, cells: readonly Cell[]): Issue[];
  /**
   * The issues and, from the same parsed values, the row as ingested (canonicalRow's answer; null when
   * collectRows is false). The object returned is reused: read it before the next call.
   */
  inspect(rowNumber: number, cells: readonly Cell[]): Readonly<RowInspection>;
}

export interface RowInspection {
  issues: Issue[];
  /** The normalised NRC ('' when blank). */
  nrc: string;
  /** The NRC was seen on an earlier row (the duplicate warning is among the issues). */
  duplicate: boolean;
  /** The earlier row this one repeats in every cell (its warning is among the issues; it is not ingested), or null. */
  repeatOf: number | null;
  row: CanonicalRow | null;
}

const NO_ISSUES: Issue[] = Object.freeze([]) as unknown as Issue[];
const EMPTY_INSPECTION: RowInspection = Object.freeze({ issues: NO_ISSUES, nrc: '', duplicate: false, repeatOf: null, row: null }) as RowInspection;
const END_CACHE_LIMIT = 4096;
const issueOf = (row: number, type: IssueType, column: string, message: string): Issue => ({ row, column, type, message });

/**
 * The spec §5 row checks, one row at a time: only the set of NRCs seen so far is kept (for the
 * duplicate warning), so a 250,000-row sheet can be streamed through it.
 */
export function createRowValidator(options: RowValidatorOptions): RowValidator {
  const { kind, month, columns } = options;
  if (!isMonth(month)) throw new RangeError('Month must be in YYYY-MM format.');
  const enteredKey = normalisePayeeKey(options.payeeKey);
  const firstDay = firstDayOfMonth(month);
  /** The submission month's last day passes the End Date checks of both kinds. */
  const lastDay = lastDayOfMonth(month);
  const seenNrcs = new NrcSet();
  /** Rows equal in every cell to an earlier one; rows without an NRC are matched by employee number. */
  const repeats = new RowRepeats();
  const seenEmployeesWithoutNrc = new Set<string>();
  /** The End Date messages of each date seen (a file holds a few dozen distinct ones): no array per row. */
  const endMessages = new Map<CalendarDate, readonly string[]>();
  const endDateMessages = (end: CalendarDate): readonly string[] => {
    let messages = endMessages.get(end);
    if (messages === undefined) {
      if (endMessages.size >= END_CACHE_LIMIT) endMessages.clear();
      messages = endDateProblems(kind, month, end);
      endMessages.set(end, messages);
    }
    return messages;
  };
  const collectRows = options.collectRows !== false;

  // Column indexes read once; the checks below run for every row of files of up to 1,500,000 rows.
  const at = {
    employee_no: columns.employee_no,
    payee_key: columns.payee_key,
    nrc: columns.nrc,
    start_date: columns.start_date,
    end_date: columns.end_date,
    amount: columns.amount,
  };

  // One result object, refilled for each row (the caller reads it before the next): no garbage per row.
  const result: RowInspection = { issues: NO_ISSUES, nrc: '', duplicate: false, repeatOf: null, row: null };

  function inspect(row: number, cells: readonly Cell[]): RowInspection {
    if (isEmptyRow(cells)) return EMPTY_INSPECTION;
    // Most rows have no issue: the list is made on the first one.
    let issues: Issue[] | null = null;

    if (isBlank(cellAt(cells, at.employee_no))) (issues ??= []).push(issueOf(row, 'EMPLOYEE', ISSUE_COLUMNS.employee_no, 'Employee No. is required'));

    const rowKey = normalisePayeeKey(cellAt(cells, at.payee_key));
    if (rowKey === '') (issues ??= []).push(issueOf(row, 'PAYEE_KEY', ISSUE_COLUMNS.payee_key, 'Payee Key is required'));
    else if (rowKey !== enteredKey)
      (issues ??= []).push(issueOf(row, 'PAYEE_KEY', ISSUE_COLUMNS.payee_key, `Payee Key '${rowKey}' does not match entered code '${enteredKey}'`));

    const nrc = normaliseNrc(cellAt(cells, at.nrc));
    let duplicate = false;
    let repeatOf: number | null = null;
    if (nrc === '') {
      (issues ??= []).push(issueOf(row, 'NRC', ISSUE_COLUMNS.nrc, 'NRC is empty'));
      const employee = cellText(cellAt(cells, at.employee_no));
      const seen = employee !== '' && seenEmployeesWithoutNrc.has(employee);
      if (employee !== '') seenEmployeesWithoutNrc.add(employee);
      repeatOf = repeats.add(row, cells, seen);
    } else {
      const shaped = hasNrcShape(nrc);
      if (!shaped) (issues ??= []).push(issueOf(row, 'NRC', ISSUE_COLUMNS.nrc, 'NRC should be like 123456/78/9 (6–8 digits / 2 / 1).'));
      duplicate = !seenNrcs.add(nrc, shaped);
      repeatOf = repeats.add(row, cells, duplicate);
      // Two rows for one NRC are two deductions (two loans); a row equal in every cell is one, kept once.
      if (duplicate && repeatOf === null) (issues ??= []).push(issueOf(row, 'NRC', ISSUE_COLUMNS.nrc, `Duplicate NRC in file (${nrc}).`));
    }
    if (repeatOf !== null) (issues ??= []).push(repeatWarning(row, repeatOf));

    const start = parseCellDate(cellAt(cells, at.start_date), options);
    if (start === null) (issues ??= []).push(issueOf(row, 'START_DATE', ISSUE_COLUMNS.start_date, 'Start Date is required/invalid'));
    else if (start !== firstDay)
      (issues ??= []).push(issueOf(row, 'START_DATE', ISSUE_COLUMNS.start_date, `Start Date must be ${firstDay} (01 of submission month)`));

    const end = parseCellDate(cellAt(cells, at.end_date), options);
    if (end === null) (issues ??= []).push(issueOf(row, 'END_DATE', ISSUE_COLUMNS.end_date, 'End Date is required/invalid'));
    else if (end !== lastDay) for (const message of endDateMessages(end)) (issues ??= []).push(issueOf(row, 'END_DATE', ISSUE_COLUMNS.end_date, message));

    const amount = parseAmount(cellAt(cells, at.amount));
    const amountProblem = amountProblemOf(kind, amount);
    if (amountProblem) (issues ??= []).push(issueOf(row, 'AMOUNT', ISSUE_COLUMNS.amount, amountProblem));
    issues = textLengthIssues(row, cells, columns, issues);

    result.issues = issues ?? NO_ISSUES;
    result.nrc = nrc;
    result.duplicate = duplicate;
    result.repeatOf = repeatOf;
    result.row = collectRows && repeatOf === null ? canonicalRowOf(cells, columns, start, end, amount) : null;
    return result;
  }

  return { inspect, validate: (row, cells) => [...inspect(row, cells).issues] };
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
    const inspection = validator?.inspect(index + 1, cells);
    for (const issue of inspection?.issues ?? []) {
      (issueSeverity(issue.type) === 'warning' ? result.warnings : result.errors).push(issue);
    }
    const parsed = inspection ? inspection.row : canonicalRow(cells, columns, options);
    // An exact repeat's row is null: it is counted once, on its first row.
    if (parsed) result.rowsParsed.push(parsed);
  }
  return result;
}
