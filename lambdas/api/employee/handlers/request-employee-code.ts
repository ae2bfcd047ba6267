import { consumeSliding, slidingRetryAt } from '#data/rate-limits/windows.js';
import { employeeEntryByNrc } from '#data/register/leavers.js';
import { limitAddress } from '#http/client-address.js';
import { TooManyRequestsError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { logger } from '#lib/powertools.js';
import { EMPLOYEE_MESSAGES } from '#shared/api/employee.js';
import * as routes from '#shared/routes/employee.js';
import { lusakaRetryTime } from '#shared/rules/dates.js';
import { notBefore, requestLimits, sameEmployeeNumber, sendCode, textLimits } from '../code.js';

/**
 * How long every answer takes at least: longer than texting a code takes when warm (Cognito, two writes,
 * SNS), so a match and a miss cannot be told apart by the time they take.
 */
const ANSWER_FLOOR_MS = 800;

const refuse = (retryAt: number, now: number) => new TooManyRequestsError(EMPLOYEE_MESSAGES.tooManyCodes(lusakaRetryTime(new Date(retryAt), new Date(now))));

/**
 * POST /api/employee/code: NRC and employee number. When both match the current register, a 6-digit
 * code goes to the mobile it holds; whatever the outcome, the answer is the same 202 and sentence, after
 * the same time, and a failure to text is logged rather than told. An employee who left the payroll gets
 * their code at the mobile the last register that held them gave, for 12 months after (lambdas/data/register/leavers.ts).
 *
 * Limits (sliding windows, see code.ts): the client address and the (address, NRC) pair count every
 * request; the NRC's texts are read for every request and counted only when a code is texted. A 429 says
 * when to try again, and is the same for a matching and a non-matching pair.
 */
export const handler = createApiHandler(routes.requestEmployeeCode, async ({ body, event }) => {
  const started = Date.now();
  const address = await consumeSliding(requestLimits(limitAddress(event), body.nrc), started);
  if (address !== null) throw refuse(address, started);
  const texts = textLimits(body.nrc);
  const spent = await slidingRetryAt(texts, started);
  if (spent !== null) throw refuse(spent, started);
  const entry = await employeeEntryByNrc(body.nrc);
  if (entry && sameEmployeeNumber(entry.employee_number, body.employee_number)) {
    try {
      // Counted just before the text; a request that lost the race for the last place sends nothing.
      if ((await consumeSliding(texts, started)) === null) await sendCode(entry, started);
    } catch (error) {
      logger.error('The sign-in code was not sent', { error: error as Error });
    }
  }
  await notBefore(started + ANSWER_FLOOR_MS);
  return { statusCode: 202, body: { message: EMPLOYEE_MESSAGES.codeSent } };
});
