import { getEmployeeLink } from '#data/directory/employee-links.js';
import { ExpiringMap } from '#lib/expiring-map.js';
import { CALLER_TTL_MS } from '#shared/access.js';
import type { EmployeeCaller } from './caller.js';

const remembered = new ExpiringMap<string, EmployeeCaller>(10_000);

/**
 * The employee a token's subject is, as the directory links them to the payroll (lambdas/data/directory/employee-links.ts),
 * remembered like staff callers; null when the subject is no employee (a staff user's token, or one whose
 * link is gone), which the chain answers 401.
 */
export async function resolveEmployeeCaller(subject: string, now = Date.now()): Promise<EmployeeCaller | null> {
  const hit = remembered.get(subject, now);
  if (hit) return hit;
  const link = await getEmployeeLink(subject);
  if (!link) return null;
  const caller: EmployeeCaller = {
    signedIn: true,
    approved: false,
    employee: true,
    roles: [],
    userId: link.user_id,
    nrc: link.nrc,
    employeeNumber: link.employee_number,
  };
  remembered.set(subject, caller, now + CALLER_TTL_MS);
  return caller;
}
