import { sendSms } from '#adapters/sms.js';
import { putEmployeeLink } from '#data/directory/employee-links.js';
import { issueCode } from '#data/employee-sign-in/codes.js';
import { ensureEmployeeUser } from '#data/employee-sign-in/employee-users.js';
import { liveOldMobile } from '#data/employee-sign-in/old-mobiles.js';
import type { RateLimit } from '#data/rate-limits/windows.js';
import type { EmployeeRegisterEntry } from '#data/register/leavers.js';
import { codeSms, EMPLOYEE_CODE_LIMITS } from '#shared/api/employee.js';
import { nrcDigits } from '#shared/rules/nrc.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * What every code request counts against, matching or not (sliding windows): its client address, and the
 * pair of that address and the NRC asked about.
 */
export const requestLimits = (address: string, nrc: string): RateLimit[] => [
  { scope: `employee-code:ip:${address}`, limit: EMPLOYEE_CODE_LIMITS.perAddressPerHour, windowSeconds: HOUR },
  { scope: `employee-code:ip-nrc:${address}:${nrcDigits(nrc)}`, limit: EMPLOYEE_CODE_LIMITS.perAddressAndNrcPerHour, windowSeconds: HOUR },
];

/**
 * The codes texted for one NRC (sliding windows): counted only when a code is sent, so a request that
 * does not match the register never uses them up; read on every request for the NRC, matching or not, so
 * once they are used up every request for it gets the same 429, and the answer still tells nothing of the pair.
 */
export const textLimits = (nrc: string): RateLimit[] => [
  { scope: `employee-code:texts:${nrcDigits(nrc)}`, limit: EMPLOYEE_CODE_LIMITS.textsPerHour, windowSeconds: HOUR },
  { scope: `employee-code:texts-day:${nrcDigits(nrc)}`, limit: EMPLOYEE_CODE_LIMITS.textsPerDay, windowSeconds: DAY },
];

export { sameEmployeeNumber } from '#shared/rules/employee-number.js';

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
