import { cellText, isEmptyRow } from './cells.js';
import { HEADER_ALIASES, HEADER_SEARCH_ROWS, normaliseHeader } from './headers.js';

/**
 * The payroll register's columns: who is employed, under which employee number and NRC, and the
 * mobile their codes go to. Employee number and NRC take the deduction files' own aliases, so one
 * person's record reads the same in both.
 */
export const REGISTER_FIELDS = ['employee_no', 'nrc', 'first_name', 'last_name', 'mobile', 'basic_pay', 'ministry'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export const REGISTER_ALIASES: Record<RegisterField, readonly string[]> = {
  employee_no: HEADER_ALIASES.employee_no,
  nrc: HEADER_ALIASES.nrc,
  first_name: ['FIRST NAME', 'FIRST NAMES', 'FORENAMES'],
  last_name: ['LAST NAME', 'SURNAME'],
  mobile: ['MOBILE', 'MOBILE NUMBER', 'PHONE', 'CELL'],
  basic_pay: ['BASIC PAY (ZMW)', 'BASIC PAY'],
  ministry: ['MINISTRY'],
};

export const REQUIRED_REGISTER_FIELDS = ['employee_no', 'nrc', 'first_name', 'last_name', 'mobile'] as const satisfies readonly RegisterField[];

/** How a missing column is named: its first alias. */
const LABEL = (field: RegisterField) => REGISTER_ALIASES[field][0]!;

export type RegisterColumns = Partial<Record<RegisterField, number>>;

const LOOKUP = new Map<string, { field: RegisterField; rank: number }>(
  REGISTER_FIELDS.flatMap((field) => REGISTER_ALIASES[field].map((alias, rank) => [normaliseHeader(alias), { field, rank }] as const)),
);

/** Each field's column: the most specific alias wins, then the leftmost column. */
export function mapRegisterColumns(row: readonly unknown[]): RegisterColumns {
  const columns: RegisterColumns = {};
  const ranks: Partial<Record<RegisterField, number>> = {};
  row.forEach((cell, i) => {
    const hit = LOOKUP.get(normaliseHeader(cell));
    if (!hit) return;
    const best = ranks[hit.field];
    if (best === undefined || hit.rank < best) {
      columns[hit.field] = i;
      ranks[hit.field] = hit.rank;
    }
  });
  return columns;
}

export interface RegisterHeader {
  /** 0-based index into the rows given; -1 when no non-empty row was found. */
  headerRowIndex: number;
  headers: string[];
  columns: RegisterColumns;
  missing: RegisterField[];
}

const missingOf = (columns: RegisterColumns) => REQUIRED_REGISTER_FIELDS.filter((field) => columns[field] === undefined);

/** The header row among the first non-empty rows, as for deduction files: the one naming the most required columns. */
export function detectRegisterHeader(rows: readonly (readonly unknown[] | null | undefined)[]): RegisterHeader {
  let best: { index: number; row: readonly unknown[]; columns: RegisterColumns; score: number } | null = null;
  let seen = 0;
  for (let index = 0; index < rows.length && seen < HEADER_SEARCH_ROWS; index++) {
    const row = rows[index];
    if (!row || isEmptyRow(row)) continue;
    seen++;
    const columns = mapRegisterColumns(row);
    const score = REQUIRED_REGISTER_FIELDS.length - missingOf(columns).length;
    if (best === null || score > best.score) best = { index, row, columns, score };
  }
  if (best === null) return { headerRowIndex: -1, headers: [], columns: {}, missing: [...REQUIRED_REGISTER_FIELDS] };
  return { headerRowIndex: best.index, headers: Array.from(best.row, (cell) => cellText(cell)), columns: best.columns, missing: missingOf(best.columns) };
}

/** The HEADER error of a register without a required column. */
export function missingRegisterHeadersMessage(missing: readonly RegisterField[]): string {
  return `Missing required headers: ${missing.map(LABEL).join(', ')} (expected: ${REQUIRED_REGISTER_FIELDS.map(LABEL).join(', ')} for the payroll register)`;
}
