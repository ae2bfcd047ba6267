import { cellText, type Cell } from './cells.js';
import { parseAmount } from './amount.js';
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

/** A row's dates and amount, parsed once: the row checks and the ingested row share them. */
export interface ParsedValues {
  start_date: CalendarDate | null;
  end_date: CalendarDate | null;
  amount: number | null;
}

/** The row as ingested, or null when it lacks both NRC and employee number, either date, or a numeric amount. */
export function canonicalRow(cells: readonly Cell[], columns: ColumnMap, options: DateParseOptions = {}): CanonicalRow | null {
  const read = fieldReader(cells, columns);
  return canonicalRowOf(cells, columns, {
    start_date: parseCellDate(read('start_date'), options),
    end_date: parseCellDate(read('end_date'), options),
    amount: parseAmount(read('amount')),
  });
}

/** canonicalRow from values already parsed (by the row checks). */
export function canonicalRowOf(cells: readonly Cell[], columns: ColumnMap, { start_date, end_date, amount }: ParsedValues): CanonicalRow | null {
  const read = (field: HeaderField): Cell => cellAt(cells, columns[field]);
  const employee_no = orNull(cellText(read('employee_no')));
  const nrc = orNull(cellText(read('nrc')).replace(/\s+/g, '').toUpperCase());
  if ((nrc === null && employee_no === null) || start_date === null || end_date === null || amount === null) return null;
  const row: CanonicalRow = {
    employee_no,
    nrc,
    start_date,
    end_date,
    installment_amount: amount,
    amount,
    payee_key: orNull(cellText(read('payee_key')).toUpperCase()),
  };
  const first_name = cellText(read('first_name'));
  const last_name = cellText(read('last_name'));
  if (first_name) row.first_name = first_name;
  if (last_name) row.last_name = last_name;
  return row;
}
