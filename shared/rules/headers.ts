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

export interface HeaderDetection {
  /** 0-based index into the rows given; -1 when no non-empty row was found. */
  headerRowIndex: number;
  /** The header row's cells as text, for the data summary. */
  headers: string[];
  columns: ColumnMap;
  /** Required fields without a column, in the order of REQUIRED_HEADER_FIELDS. */
  missing: RequiredHeaderField[];
}

/** Upper-cased with everything but letters and digits removed, so 'Emp #' and 'EMP#' both read EMP. */
export function normaliseHeader(value: unknown): string {
  return cellText(value).toUpperCase().replace(/[^A-Z0-9]/g, '');
}

const ALIAS_LOOKUP = new Map<string, { field: HeaderField; rank: number }>(
  HEADER_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias, rank) => [normaliseHeader(alias), { field, rank }] as const)),
);

/** The field a header cell names, or null. */
export function headerField(value: unknown): HeaderField | null {
  return ALIAS_LOOKUP.get(normaliseHeader(value))?.field ?? null;
}

/** Each field's column in a header row: the most specific alias wins, then the leftmost column. */
export function mapColumns(row: readonly unknown[]): ColumnMap {
  const columns: ColumnMap = {};
  const ranks: Partial<Record<HeaderField, number>> = {};
  for (let i = 0; i < row.length; i++) {
    const hit = ALIAS_LOOKUP.get(normaliseHeader(row[i]));
    if (!hit) continue;
    const best = ranks[hit.field];
    if (best === undefined || hit.rank < best) {
      columns[hit.field] = i;
      ranks[hit.field] = hit.rank;
    }
  }
  return columns;
}

export function missingRequiredHeaders(columns: ColumnMap): RequiredHeaderField[] {
  return REQUIRED_HEADER_FIELDS.filter((field) => columns[field] === undefined);
}

/** The HEADER error text of spec §5. */
export function missingHeadersMessage(missing: readonly RequiredHeaderField[]): string {
  const names = missing.map((field) => REQUIRED_HEADER_LABELS[field]);
  return `Missing required headers: ${names.join(', ')} (expected: EMPLOYEE NUMBER, START DATE, END DATE, INSTALLMENT, PAYEE KEY for inputs/stoppages)`;
}

/**
 * The header row among the first 10 non-empty rows: the one naming the most required fields, the earliest on a tie.
 * With no match at all it is the first non-empty row, so row numbering still starts after it.
 */
export function detectHeaderRow(rows: readonly (readonly unknown[] | null | undefined)[]): HeaderDetection {
  let best: { index: number; row: readonly unknown[]; columns: ColumnMap; score: number } | null = null;
  let seen = 0;
  for (let index = 0; index < rows.length && seen < HEADER_SEARCH_ROWS; index++) {
    const row = rows[index];
    if (!row || isEmptyRow(row)) continue;
    seen++;
    const columns = mapColumns(row);
    const score = REQUIRED_HEADER_FIELDS.length - missingRequiredHeaders(columns).length;
    if (best === null || score > best.score) best = { index, row, columns, score };
  }
  if (best === null) return { headerRowIndex: -1, headers: [], columns: {}, missing: [...REQUIRED_HEADER_FIELDS] };
  return {
    headerRowIndex: best.index,
    headers: Array.from(best.row, (cell) => cellText(cell)),
    columns: best.columns,
    missing: missingRequiredHeaders(best.columns),
  };
}
