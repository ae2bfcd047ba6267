import { z } from 'zod';
import { isValidNrc, normaliseNrc } from '../rules/nrc.js';
import { EMPLOYEE_MESSAGES } from './employee-words.js';

export { EMPLOYEE_CODE, EMPLOYEE_CODE_LIMITS, EMPLOYEE_MESSAGES, codeSms } from './employee-words.js';

export const employeeNrcSchema = z
  .string({ error: EMPLOYEE_MESSAGES.nrc })
  .max(40, EMPLOYEE_MESSAGES.nrc)
  .transform(normaliseNrc)
  .refine(isValidNrc, EMPLOYEE_MESSAGES.nrc);
export const employeeNumberSchema = z
  .string({ error: EMPLOYEE_MESSAGES.employeeNumber })
  .trim()
  .min(1, EMPLOYEE_MESSAGES.employeeNumber)
  .max(40, EMPLOYEE_MESSAGES.employeeNumber);

export const employeeCodeRequestSchema = z.strictObject({ nrc: employeeNrcSchema, employee_number: employeeNumberSchema });
export const employeeCodeResponseSchema = z.object({ message: z.string() });

/** How long after leaving the payroll an employee still signs in (at the mobile the last register that held them gave). */
export const LEFT_PAYROLL_MONTHS = 12;

/** What the employee's portal shows of them: the register's record as their latest code found it. */
export const employeeMeResponseSchema = z.object({
  nrc: z.string(),
  employee_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile_masked: z.string(),
  /** When they are no longer on the current register: the first month without them, and the last month they may sign in (YYYY-MM). */
  left_payroll: z.object({ since: z.string(), until: z.string() }).nullable().default(null),
});
