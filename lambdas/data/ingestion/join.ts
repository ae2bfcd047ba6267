import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import { MAX_EMPLOYEE_NO } from '../history/entries.js';
import { currentRegister, registerEntriesOf } from '../register/versions.js';

/** A batch of a file's rows, each row without an NRC given the register's NRC for its employee number when it has one. */
export type RegisterJoin = (rows: readonly CanonicalRow[]) => Promise<readonly CanonicalRow[]>;

const joinable = (row: CanonicalRow) => !row.nrc && row.employee_no !== null && row.employee_no.length <= MAX_EMPLOYEE_NO;

/**
 * How ingestion joins rows filed with an employee number and no NRC to the payroll record: the register
 * current when the split runs (read once), then one BatchGetItem per hundred such numbers of each batch;
 * rows with an NRC cost nothing. A joined row is kept under the register's NRC (`nrc_from_register`), so
 * the employee's portal, /history, totals, exposure and affordability all see it. A number the register
 * does not hold (or no register at all) leaves the row as it was: kept under its employee number.
 */
export async function registerJoin(): Promise<RegisterJoin> {
  const register = await currentRegister();
  return async (rows) => {
    const numbers = register ? rows.filter(joinable).map((row) => row.employee_no as string) : [];
    if (!register || !numbers.length) return rows;
    const { byEmployeeNumber } = await registerEntriesOf(register.version, { employeeNumbers: numbers });
    return rows.map((row) => {
      const entry = joinable(row) ? byEmployeeNumber.get(employeeNumberKey(row.employee_no as string)) : undefined;
      return entry ? { ...row, nrc: entry.nrc, nrc_from_register: true } : row;
    });
  };
}
