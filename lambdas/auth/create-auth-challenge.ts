import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { createEventHandler } from '#lib/event-handler.js';
import { EMPLOYEE_CODE } from '#shared/api/employee.js';

/**
 * Cognito CreateAuthChallenge trigger of the employees' pool. The code was texted already by
 * POST /api/employee/code, which alone sees the caller's address for its limits and the register's
 * mobile; the challenge only asks for it. Nothing secret goes in the challenge's parameters: the code
 * is checked against its hash in the directory (VerifyAuthChallenge).
 */
export const handler = createEventHandler(async (event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> => {
  event.response = {
    publicChallengeParameters: { delivery: 'SMS', digits: String(EMPLOYEE_CODE.digits) },
    privateChallengeParameters: {},
    challengeMetadata: 'SMS_CODE',
  };
  return event;
});
