import type { Cell } from './cells.js';
import type { ColumnMap, HeaderField } from './headers.js';
import { ISSUE_COLUMNS, type Issue } from './issues.js';

/**
 * The longest text each stored column of a row may hold. A cell may hold 32,767 characters in Excel
 * and the reader passes far more, but these texts are stored where every lender's rows meet (a history
 * item per deduction, one summary item per NRC shared by every lender, at most 400 KB in DynamoDB), so
 * one file's long cells must not be able to fill what others write to. Each limit sits well above any
 * real value:
 * - First and last name, 100 characters each: a real name is a few dozen at most.
 * - Employee number, 20: payroll numbers are under a dozen characters; 20 leaves room for a lender's prefix.
 * - Payee key, 20: the spec's own bound for a payee key (2–20 characters).
 * - NRC, 20: an NRC is at most 13 characters (6–8 digits / 2 / 1); 20 still lets a malformed one
 *   through to the shape warning, while a cell that long is no NRC at all.
 */
export const TEXT_LIMITS = { employee_no: 20, nrc: 20, payee_key: 20, first_name: 100, last_name: 100 } as const satisfies Partial<Record<HeaderField, number>>;
export type LimitedField = keyof typeof TEXT_LIMITS;
export const LIMITED_FIELDS = Object.keys(TEXT_LIMITS) as LimitedField[];

/** The row error's text, in the style of the other row checks. */
export const tooLongMessage = (label: string, limit: number, length: number) => `${label} must be at most ${limit} characters (it has ${length})`;

/**
 * How long the stored text of this cell is, when it is over the field's limit; otherwise 0. Only a string
 * can be long: a number, date or boolean is stored as at most 24 characters. A string no longer than the
 * limit needs no trimming to pass, so the usual cell costs one comparison.
 */
export function excessLength(field: LimitedField, cell: Cell): number {
  const limit = TEXT_LIMITS[field];
  if (typeof cell !== 'string' || cell.length <= limit) return 0;
  // As canonicalRow stores it: trimmed, and the NRC without any white space.
  const stored = field === 'nrc' ? cell.replace(/\s+/g, '').length : cell.trim().length;
  return stored > limit ? stored : 0;
}

/** The LENGTH errors of one row (added to `issues`, made when the first is found): every stored column over its limit. */
export function textLengthIssues(row: number, cells: readonly Cell[], columns: ColumnMap, issues: Issue[] | null): Issue[] | null {
  for (let i = 0; i < LIMITED_FIELDS.length; i++) {
    const field = LIMITED_FIELDS[i] as LimitedField;
    const index = columns[field];
    const length = index === undefined ? 0 : excessLength(field, cells[index]);
    if (length)
      (issues ??= []).push({ row, column: ISSUE_COLUMNS[field], type: 'LENGTH', message: tooLongMessage(ISSUE_COLUMNS[field], TEXT_LIMITS[field], length) });
  }
  return issues;
}
