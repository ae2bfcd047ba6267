import { parseAmount } from './amount.js';
import { cellText, type Cell } from './cells.js';
import { parseCellDate, type CalendarDate, type DateParseOptions } from './dates.js';
import type { ColumnMap, HeaderField } from './headers.js';

/** The ingested row payload of spec §3. */
export interface CanonicalRow {
  employee_no: string | null;
  /** Spaces removed, upper-case; not reshaped (the NRC warnings say when it is malformed). */
  nrc: string | null;
  start_date: CalendarDate;
  end_date: CalendarDate;
  installment_amount: number;
  amount: number;
  /** Trimmed, upper-case. */
  payee_key: string | null;
  first_name?: string;
  last_name?: string;
  /** The MANDATE cell as written, trimmed; absent when blank or the file has no such column. */
  mandate?: string;
  /** Set at ingestion on a row the file gave no NRC: `nrc` is then the payroll register's for its employee number. */
  nrc_from_register?: true;
}

/** A reader for one field of a row, blank when the column is absent. */
export function fieldReader(cells: readonly Cell[], columns: ColumnMap): (field: HeaderField) => Cell {
  return (field) => {
    const index = columns[field];
    return index === undefined ? undefined : cells[index];
  };
}

/** The cell at a column index, blank when the column is absent. */
export const cellAt = (cells: readonly Cell[], index: number | undefined): Cell => (index === undefined ? undefined : cells[index]);

const orNull = (text: string): string | null => (text === '' ? null : text);

/** The row as ingested, or null when it lacks both NRC and employee number, either date, or a numeric amount. */
export function canonicalRow(cells: readonly Cell[], columns: ColumnMap, options: DateParseOptions = {}): CanonicalRow | null {
  const read = fieldReader(cells, columns);
  return canonicalRowOf(cells, columns, parseCellDate(read('start_date'), options), parseCellDate(read('end_date'), options), parseAmount(read('amount')));
}

/** canonicalRow from values already parsed (by the row checks). */
export function canonicalRowOf(
  cells: readonly Cell[],
  columns: ColumnMap,
  start_date: CalendarDate | null,
  end_date: CalendarDate | null,
  amount: number | null,
): CanonicalRow | null {
  const employee_no = orNull(cellText(cellAt(cells, columns.employee_no)));
  const nrc = orNull(plainUpper(cellAt(cells, columns.nrc)) ?? cellText(cellAt(cells, columns.nrc)).replace(/\s+/g, '').toUpperCase());
  if ((nrc === null && employee_no === null) || start_date === null || end_date === null || amount === null) return null;
  const payeeCell = cellAt(cells, columns.payee_key);
  const payee_key = orNull(plainUpper(payeeCell) ?? cellText(payeeCell).toUpperCase());
  const first_name = cellText(cellAt(cells, columns.first_name));
  const last_name = cellText(cellAt(cells, columns.last_name));
  // A literal for each case: the row is made whole, not grown by a name or two after it was made.
  const installment_amount = amount;
  const mandate = columns.mandate === undefined ? '' : cellText(cellAt(cells, columns.mandate));
  if (mandate)
    return {
      employee_no,
      nrc,
      start_date,
      end_date,
      installment_amount,
      amount,
      payee_key,
      ...(first_name ? { first_name } : {}),
      ...(last_name ? { last_name } : {}),
      mandate,
    };
  if (first_name && last_name) return { employee_no, nrc, start_date, end_date, installment_amount, amount, payee_key, first_name, last_name };
  if (first_name) return { employee_no, nrc, start_date, end_date, installment_amount, amount, payee_key, first_name };
  if (last_name) return { employee_no, nrc, start_date, end_date, installment_amount, amount, payee_key, last_name };
  return { employee_no, nrc, start_date, end_date, installment_amount, amount, payee_key };
}

/**
 * The cell itself when trimming, removing white space and upper-casing would leave it as it is (printable ASCII
 * with no lower-case letter: most NRCs and payee keys), so no new string is made; otherwise undefined.
 */
function plainUpper(value: Cell): string | undefined {
  if (typeof value !== 'string') return undefined;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f || (code >= 0x61 && code <= 0x7a)) return undefined;
  }
  return value;
}
