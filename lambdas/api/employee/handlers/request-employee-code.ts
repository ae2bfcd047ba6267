import { EMPLOYEE_CODE, EMPLOYEE_MESSAGES } from '../../../../shared/api/employee.js';
import * as routes from '../../../../shared/routes/employee.js';
import { consumeRateLimits } from '../../../data/rate-limit.js';
import { employeeEntryByNrc } from '../../../data/register-leavers.js';
import { limitAddress } from '../../../http/client-address.js';
import { TooManyRequestsError } from '../../../http/errors.js';
import { createApiHandler } from '../../../http/handler.js';
import { logger } from '../../../lib/powertools.js';
import { codeLimits, notBefore, sameEmployeeNumber, sendCode } from '../code.js';

/**
 * How long every answer takes at least: longer than texting a code takes when warm (Cognito, two writes,
 * SNS), so a match and a miss cannot be told apart by the time they take.
 */
const ANSWER_FLOOR_MS = 800;

/**
 * POST /api/employee/code: NRC and employee number. When both match the current register, a 6-digit
 * code goes to the mobile it holds; whatever the outcome, the answer is the same 202 and sentence, after
 * the same time, and a failure to text is logged rather than told. An employee who left the payroll gets
 * their code at the mobile the last register that held them gave, for 12 months after (register-leavers.ts).
 */
export const handler = createApiHandler(routes.requestEmployeeCode, async ({ body, event }) => {
  const started = Date.now();
  if (!(await consumeRateLimits(codeLimits(limitAddress(event), body.nrc, EMPLOYEE_CODE.perHour)))) {
    throw new TooManyRequestsError(EMPLOYEE_MESSAGES.tooManyCodes);
  }
  const entry = await employeeEntryByNrc(body.nrc);
  if (entry && sameEmployeeNumber(entry.employee_number, body.employee_number)) {
    try {
      await sendCode(entry, started);
    } catch (error) {
      logger.error('The sign-in code was not sent', { error: error as Error });
    }
  }
  await notBefore(started + ANSWER_FLOOR_MS);
  return { statusCode: 202, body: { message: EMPLOYEE_MESSAGES.codeSent } };
});
