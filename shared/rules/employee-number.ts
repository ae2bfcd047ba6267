/**
 * Employee numbers as the platform compares them: spaces around and letter case aside, everywhere (sign-in,
 * the register's lookups, history and summary keys, the signals), so `emp0042` and `EMP0042` are one employee.
 * What a file or register wrote is kept for display; only keys and comparisons use this form.
 */
export const employeeNumberKey = (employeeNumber: string): string => employeeNumber.trim().toUpperCase();

/** Whether two employee numbers name one employee. */
export const sameEmployeeNumber = (a: string | null | undefined, b: string | null | undefined): boolean =>
  a != null && b != null && employeeNumberKey(a) === employeeNumberKey(b);
