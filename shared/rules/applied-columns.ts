import { HEADER_ALIASES, headerDetector, type HeaderRowOf } from './headers.js';

/**
 * The applied deductions file: what the payroll really deducted for each schedule line, uploaded by the payroll
 * authority after the payroll run. Employee number, NRC and payee key take the deduction files' own aliases.
 */
export const APPLIED_FIELDS = ['employee_no', 'nrc', 'payee_key', 'amount', 'reason'] as const;
export type AppliedField = (typeof APPLIED_FIELDS)[number];

export const APPLIED_ALIASES: Record<AppliedField, readonly string[]> = {
  employee_no: HEADER_ALIASES.employee_no,
  nrc: HEADER_ALIASES.nrc,
  payee_key: HEADER_ALIASES.payee_key,
  amount: ['AMOUNT DEDUCTED', 'DEDUCTED', 'AMOUNT APPLIED', 'APPLIED', 'AMOUNT'],
  reason: ['REASON', 'REASON CODE', 'REMARKS'],
};

export const REQUIRED_APPLIED_FIELDS = ['employee_no', 'nrc', 'payee_key', 'amount'] as const satisfies readonly AppliedField[];

export type AppliedColumns = Partial<Record<AppliedField, number>>;
export type AppliedHeader = HeaderRowOf<AppliedField, (typeof REQUIRED_APPLIED_FIELDS)[number]>;

/** The header row among the first non-empty rows, as for deduction files and the register. */
export const detectAppliedHeader: (rows: readonly (readonly unknown[] | null | undefined)[]) => AppliedHeader = headerDetector({
  fields: APPLIED_FIELDS,
  aliases: APPLIED_ALIASES,
  required: REQUIRED_APPLIED_FIELDS,
}).detect;

/** The HEADER error of an applied file without a required column. */
export function missingAppliedHeadersMessage(missing: readonly AppliedField[]): string {
  const label = (field: AppliedField) => APPLIED_ALIASES[field][0]!;
  return `Missing required headers: ${missing.map(label).join(', ')} (expected: ${REQUIRED_APPLIED_FIELDS.map(label).join(', ')}, and REASON when less was deducted, for the applied deductions file)`;
}
