import { codeSms } from '../../../shared/api/employee.js';
import { nrcDigits } from '../../../shared/rules/nrc.js';
import { issueCode } from '../../data/employee-codes.js';
import { liveOldMobile } from '../../data/old-mobiles.js';
import { ensureEmployeeUser } from '../../data/employee-users.js';
import { putEmployeeLink } from '../../data/employees.js';
import type { RateLimit } from '../../data/rate-limit.js';
import type { EmployeeRegisterEntry } from '../../data/register-leavers.js';
import { sendSms } from '../../data/sms.js';

const HOUR = 3600;

/**
 * Every code request counts, matching or not, so the limit itself tells nothing about the register: at
 * most five an hour for one NRC (whoever asks) and five from one client address (whatever NRC).
 */
export const codeLimits = (ip: string, nrc: string, perHour: number): RateLimit[] => [
  { scope: `employee-code:nrc:${nrcDigits(nrc)}`, limit: perHour, windowSeconds: HOUR },
  { scope: `employee-code:ip:${ip}`, limit: perHour, windowSeconds: HOUR },
];

export { sameEmployeeNumber } from '../../../shared/rules/employee-number.js';

/**
 * Texts a new code to the register's mobile: the employee's user in their pool (made on the first code),
 * the directory link from that user to this register entry (what every later request reads), the code
 * (stored hashed, replacing any earlier one), then the text. For 72 hours after an approved register changed
 * the mobile, the old one gets a code of its own too, until a sign-in answers with it.
 */
export async function sendCode(entry: EmployeeRegisterEntry, now = Date.now()): Promise<void> {
  const digits = nrcDigits(entry.nrc);
  const sub = await ensureEmployeeUser(digits);
  await putEmployeeLink({
    user_id: sub,
    nrc: entry.nrc,
    employee_number: entry.employee_number,
    first_name: entry.first_name,
    last_name: entry.last_name,
    mobile: entry.mobile,
    updated_at: new Date(now).toISOString(),
    left_payroll: entry.left_payroll,
  });
  const oldMobile = await liveOldMobile(digits, now);
  const { code, oldCode } = await issueCode(digits, now, oldMobile !== null && oldMobile !== entry.mobile);
  await sendSms(entry.mobile, codeSms(code));
  if (oldMobile && oldCode) await sendSms(oldMobile, codeSms(oldCode));
}

/** Waits until `until` (ms since the epoch): an answer that does little takes as long as one that texts. */
export const notBefore = (until: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())));
