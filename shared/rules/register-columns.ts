import { HEADER_ALIASES, headerDetector, type HeaderRowOf } from './headers.js';

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
export type RegisterHeader = HeaderRowOf<RegisterField, (typeof REQUIRED_REGISTER_FIELDS)[number]>;

const REGISTER_HEADERS = headerDetector({ fields: REGISTER_FIELDS, aliases: REGISTER_ALIASES, required: REQUIRED_REGISTER_FIELDS });

/** Each field's column: the most specific alias wins, then the leftmost column. */
export const mapRegisterColumns: (row: readonly unknown[]) => RegisterColumns = REGISTER_HEADERS.mapColumns;

/** The header row among the first non-empty rows, as for deduction files: the one naming the most required columns. */
export const detectRegisterHeader: (rows: readonly (readonly unknown[] | null | undefined)[]) => RegisterHeader = REGISTER_HEADERS.detect;

/** The HEADER error of a register without a required column. */
export function missingRegisterHeadersMessage(missing: readonly RegisterField[]): string {
  return `Missing required headers: ${missing.map(LABEL).join(', ')} (expected: ${REQUIRED_REGISTER_FIELDS.map(LABEL).join(', ')} for the payroll register)`;
}
