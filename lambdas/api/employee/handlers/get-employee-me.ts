import { getEmployeeLink } from '#data/directory/employee-links.js';
import { UnauthorizedError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/employee.js';
import { maskMobile } from '#shared/rules/mobile.js';

/** GET /api/employee/me: the employee as the register named them when their latest code was sent. */
export const handler = createApiHandler(routes.getEmployeeMe, async ({ caller }) => {
  const link = await getEmployeeLink(caller.userId);
  if (!link) throw new UnauthorizedError();
  return {
    nrc: link.nrc,
    employee_number: link.employee_number,
    first_name: link.first_name,
    last_name: link.last_name,
    mobile_masked: maskMobile(link.mobile),
    left_payroll: link.left_payroll,
  };
});
