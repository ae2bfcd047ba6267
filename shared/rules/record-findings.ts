import {
  employeeNumbersOnRecord,
  nameKey,
  limitState,
  type EmployeeEntry,
  type Exposure,
  type ExposureLimits,
  type LimitState,
  type RecordEntry,
} from './borrower-record.js';
import type { Month } from './dates.js';
import { employeeNumberKey } from './employee-number.js';

/**
 * What /history shows of a borrower's record beside the deductions: the identity
 * mismatches on record and the exposure across lenders this month. Never which lender said what.
 */
export const RECORD_MESSAGES = {
  employeeNumbers: (nrc: string, seen: { employee_no: string; first_seen: Month }[]) =>
    `NRC ${nrc} is on record with ${seen.length} employee numbers: ${seen.map((s) => `${s.employee_no} (first seen ${s.first_seen})`).join(', ')}.`,
  sharedEmployeeNumber: (employeeNo: string, nrc: string) => `Employee number ${employeeNo} is also on record with NRC ${nrc}.`,
  names: (names: string[]) => `Names on record differ: ${names.map((name) => `'${name}'`).join(' vs ')}.`,
} as const;

export interface RecordFindings {
  identity: string[];
  exposure: Exposure & { limit: LimitState; limits: ExposureLimits };
}

/**
 * `exposure` is what the screen's total counts (countedDeductions over the borrower's deductions), so
 * the total and the record checks never disagree.
 */
export function recordFindings(
  nrc: string,
  digits: string,
  record: readonly RecordEntry[],
  employees: ReadonlyMap<string, readonly EmployeeEntry[]>,
  exposure: Exposure,
  limits: ExposureLimits,
): RecordFindings {
  const identity: string[] = [];
  const numbers = employeeNumbersOnRecord(record);
  if (numbers.length > 1) identity.push(RECORD_MESSAGES.employeeNumbers(nrc, numbers));
  for (const { employee_no } of numbers) {
    const others = new Map(
      (employees.get(employeeNumberKey(employee_no)) ?? []).filter((e) => e.nrc_digits && e.nrc_digits !== digits).map((e) => [e.nrc_digits, e.nrc]),
    );
    for (const other of others.values()) identity.push(RECORD_MESSAGES.sharedEmployeeNumber(employee_no, other));
  }
  const names = new Map<string, string>();
  for (const entry of record) if (entry.name && !names.has(nameKey(entry.name))) names.set(nameKey(entry.name), entry.name);
  if (names.size > 1) identity.push(RECORD_MESSAGES.names([...names.values()]));
  return { identity, exposure: { ...exposure, limit: limitState(exposure, limits), limits } };
}
