import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { answerCode } from '#data/employee-sign-in/codes.js';
import { endOldMobile } from '#data/employee-sign-in/old-mobiles.js';
import { createEventHandler } from '#lib/event-handler.js';
import { EMPLOYEE_CODE } from '#shared/api/employee.js';

const CODE_SHAPE = new RegExp(`^\\d{${EMPLOYEE_CODE.digits}}$`);

/**
 * Cognito VerifyAuthChallengeResponse trigger of the employees' pool: the answer against the live code
 * of the NRC the username holds (lambdas/data/employee-sign-in/codes.ts: right once, three wrong answers end it,
 * five minutes at most). A user the pool does not hold never answers right. While a register's change of
 * mobile keeps the old one receiving codes, its own code signs in too, and ends that (lambdas/data/employee-sign-in/old-mobiles.ts).
 */
export const handler = createEventHandler(async (event: VerifyAuthChallengeResponseTriggerEvent): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
  const answer = String(event.request.challengeAnswer ?? '').trim();
  const known = event.request.userNotFound !== true && /^\d+$/.test(event.userName);
  const answered = known && CODE_SHAPE.test(answer) ? await answerCode(event.userName, answer) : null;
  // The old mobile's holder answered: it receives no more codes.
  if (answered === 'old') await endOldMobile(event.userName);
  event.response = { answerCorrect: answered !== null };
  return event;
});
