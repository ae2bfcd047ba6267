import { cellText, isEmptyRow } from './cells.js';

export const HEADER_FIELDS = ['employee_no', 'nrc', 'start_date', 'end_date', 'amount', 'payee_key', 'first_name', 'last_name', 'mandate'] as const;
export type HeaderField = (typeof HEADER_FIELDS)[number];

/** Spec §3 aliases, most specific first: when two columns name the same field, the earlier alias wins. */
export const HEADER_ALIASES: Record<HeaderField, readonly string[]> = {
  employee_no: ['EMPLOYEE NUMBER', 'EMPLOYEE NO', 'EMPLOYEE ID', 'EMP ID', 'EMP#', 'EMP'],
  nrc: ['NRC', 'NRC NO', 'NRC NUMBER', 'NATIONAL ID', 'NAT ID', 'ID NUMBER', 'ID'],
  start_date: ['START DATE', 'DEDUCTION START', 'START'],
  end_date: ['END DATE', 'DEDUCTION END', 'END', 'STOP DATE', 'STOP_DT', 'STOP'],
  amount: ['INSTALLMENT', 'INSTALMENT', 'AMOUNT', 'DEDUCTION AMOUNT', 'VALUE', 'AMT'],
  payee_key: ['PAYEE KEY', 'DEDUCTION CODE', 'PAYEE CODE', 'CODE'],
  first_name: ['FIRST NAME'],
  last_name: ['LAST NAME'],
  /** The employee's mandate a new deduction cites (optional: only a new deduction needs one). */
  mandate: ['MANDATE', 'MANDATE NO', 'MANDATE NUMBER', 'CONSENT REF'],
};

export const REQUIRED_HEADER_FIELDS = ['employee_no', 'start_date', 'end_date', 'amount', 'payee_key'] as const satisfies readonly HeaderField[];
export type RequiredHeaderField = (typeof REQUIRED_HEADER_FIELDS)[number];

/** How a missing required header is named in the error: the field's first alias, as in the message's own "expected" list. */
export const REQUIRED_HEADER_LABELS: Record<RequiredHeaderField, string> = {
  employee_no: 'EMPLOYEE NUMBER',
  start_date: 'START DATE',
  end_date: 'END DATE',
  amount: 'INSTALLMENT',
  payee_key: 'PAYEE KEY',
};

/** Spec §9: the header row is searched within the first 10 (non-empty) rows. */
export const HEADER_SEARCH_ROWS = 10;

export type ColumnMap = Partial<Record<HeaderField, number>>;

export type HeaderDetection = HeaderRowOf<HeaderField, RequiredHeaderField>;

/** Upper-cased with everything but letters and digits removed, so 'Emp #' and 'EMP#' both read EMP. */
export function normaliseHeader(value: unknown): string {
  return cellText(value)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** A kind of spreadsheet's columns: its fields, each field's aliases (most specific first) and the fields it requires. */
export interface HeaderTable<F extends string, R extends F> {
  fields: readonly F[];
  aliases: Record<F, readonly string[]>;
  required: readonly R[];
}

/** Where a header row was found and which column holds each field. */
export interface HeaderRowOf<F extends string, R extends F> {
  /** 0-based index into the rows given; -1 when no non-empty row was found. */
  headerRowIndex: number;
  /** The header row's cells as text, for the data summary. */
  headers: string[];
  columns: Partial<Record<F, number>>;
  /** Required fields without a column, in the order of the table's required fields. */
  missing: R[];
}

/**
 * A header row's cells as text, without the blank cells after its last one: a row read from a file has none (an
 * empty cell is not written), a row held in memory may, and both must name the same headers.
 */
function headerTexts(row: readonly unknown[]): string[] {
  const texts = Array.from(row, (cell) => cellText(cell));
  let end = texts.length;
  while (end > 0 && texts[end - 1]!.trim() === '') end--;
  return texts.slice(0, end);
}

/**
 * The one header detector, for any kind of spreadsheet's alias table (deduction files here, the payroll
 * register in register-columns.ts): each field's column, and the header row among the first 10 non-empty
 * rows — the one naming the most required fields, the earliest on a tie. With no match at all it is the
 * first non-empty row, so row numbering still starts after it.
 */
export function headerDetector<F extends string, R extends F>(table: HeaderTable<F, R>) {
  const lookup = new Map<string, { field: F; rank: number }>(
    table.fields.flatMap((field) => table.aliases[field].map((alias, rank) => [normaliseHeader(alias), { field, rank }] as const)),
  );
  /** Each field's column in a header row: the most specific alias wins, then the leftmost column. */
  const mapColumns = (row: readonly unknown[]): Partial<Record<F, number>> => {
    const columns: Partial<Record<F, number>> = {};
    const ranks: Partial<Record<F, number>> = {};
    for (let i = 0; i < row.length; i++) {
      const hit = lookup.get(normaliseHeader(row[i]));
      if (!hit) continue;
      const best = ranks[hit.field];
      if (best === undefined || hit.rank < best) {
        columns[hit.field] = i;
        ranks[hit.field] = hit.rank;
      }
    }
    return columns;
  };
  const missing = (columns: Partial<Record<F, number>>): R[] => table.required.filter((field) => columns[field] === undefined);
  const detect = (rows: readonly (readonly unknown[] | null | undefined)[]): HeaderRowOf<F, R> => {
    let best: { index: number; row: readonly unknown[]; columns: Partial<Record<F, number>>; score: number } | null = null;
    let seen = 0;
    for (let index = 0; index < rows.length && seen < HEADER_SEARCH_ROWS; index++) {
      const row = rows[index];
      if (!row || isEmptyRow(row)) continue;
      seen++;
      const columns = mapColumns(row);
      const score = table.required.length - missing(columns).length;
      if (best === null || score > best.score) best = { index, row, columns, score };
    }
    if (best === null) return { headerRowIndex: -1, headers: [], columns: {}, missing: [...table.required] };
    return { headerRowIndex: best.index, headers: headerTexts(best.row), columns: best.columns, missing: missing(best.columns) };
  };
  return { lookup, mapColumns, missing, detect };
}

const DEDUCTION_HEADERS = headerDetector({ fields: HEADER_FIELDS, aliases: HEADER_ALIASES, required: REQUIRED_HEADER_FIELDS });

/** The field a header cell names, or null. */
export function headerField(value: unknown): HeaderField | null {
  return DEDUCTION_HEADERS.lookup.get(normaliseHeader(value))?.field ?? null;
}

/** Each field's column in a deduction file's header row. */
export const mapColumns: (row: readonly unknown[]) => ColumnMap = DEDUCTION_HEADERS.mapColumns;

/** The HEADER error text of spec §5. */
export function missingHeadersMessage(missing: readonly RequiredHeaderField[]): string {
  const names = missing.map((field) => REQUIRED_HEADER_LABELS[field]);
  return `Missing required headers: ${names.join(', ')} (expected: EMPLOYEE NUMBER, START DATE, END DATE, INSTALLMENT, PAYEE KEY for inputs/stoppages)`;
}

/** A deduction file's header row (headerDetector). */
export const detectHeaderRow: (rows: readonly (readonly unknown[] | null | undefined)[]) => HeaderDetection = DEDUCTION_HEADERS.detect;
