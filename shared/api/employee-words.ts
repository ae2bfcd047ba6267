import { isValidNrc, normaliseNrc } from '../rules/nrc.js';

/**
 * The employee's sign-in: NRC and employee number, then a 6-digit code texted to the mobile the payroll
 * register holds for them. The words the employee reads, and the limits the code lives by, named once.
 */
export const EMPLOYEE_MESSAGES = {
  /** The same words, status and body whether or not the details match the register: they reveal nothing. */
  codeSent: 'If these details match the payroll record, we have sent a code to the mobile number on it.',
  /** Past a limit on codes (the NRC's texts, or the client address): when to ask again, in Lusaka time. */
  tooManyCodes: (when: string) => `Too many codes have been asked for. Try again after ${when}.`,
  nrc: 'Enter your NRC as it is on your card, for example 123456/78/9.',
  employeeNumber: 'Enter your employee number as it is on your payslip.',
  code: 'Enter the 6-digit code from the text message.',
  wrongCode: 'That code is not right, or it has expired. Check the text message and try again, or ask for a new code.',
  codeEnded: 'That was the third wrong code, so this code no longer works. Ask for a new code.',
} as const;

export const EMPLOYEE_CODE = {
  digits: 6,
  /** How long a code can be used. */
  ttlSeconds: 5 * 60,
  /** Wrong answers a code takes before it ends. */
  tries: 3,
} as const;

/**
 * How many codes, in sliding windows. Only codes actually texted count against the NRC (a request that
 * does not match the register texts nothing, so it cannot use up the owner's codes); every request counts
 * against its client address (generous: an HR office or a mobile network's shared address holds many
 * people) and against the pair of address and NRC (tighter: one address guessing one NRC's employee number).
 */
export const EMPLOYEE_CODE_LIMITS = {
  textsPerHour: 5,
  textsPerDay: 10,
  perAddressPerHour: 100,
  perAddressAndNrcPerHour: 10,
} as const;

/** The text the code goes out in. */
export const codeSms = (code: string) => `Your payroll portal code is ${code}. It expires in 5 minutes. Do not share it with anyone.`;

type Issue = { path: ['nrc' | 'employee_number']; message: string };
export type EmployeeCodeRequest = { nrc: string; employee_number: string };

/**
 * The portal's first screen checks its two fields without zod (about 25 KB gzipped, more than a tenth of
 * what a cheap phone on a slow link can load in time): the same rules as `employeeCodeRequestSchema`,
 * answered in its `safeParse` shape. A unit test holds the two to the same answers.
 */
export const employeeCodeRequestCheck = {
  safeParse(input: EmployeeCodeRequest): { success: true; data: EmployeeCodeRequest } | { success: false; error: { issues: Issue[] } } {
    const issues: Issue[] = [];
    const nrc = input.nrc.length <= 40 ? normaliseNrc(input.nrc) : '';
    if (!isValidNrc(nrc)) issues.push({ path: ['nrc'], message: EMPLOYEE_MESSAGES.nrc });
    const employeeNumber = input.employee_number.trim();
    if (employeeNumber.length < 1 || employeeNumber.length > 40) issues.push({ path: ['employee_number'], message: EMPLOYEE_MESSAGES.employeeNumber });
    return issues.length ? { success: false, error: { issues } } : { success: true, data: { nrc, employee_number: employeeNumber } };
  },
};
