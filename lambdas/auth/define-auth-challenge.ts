import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { createEventHandler } from '#lib/event-handler.js';
import { EMPLOYEE_CODE } from '#shared/api/employee.js';

type Session = DefineAuthChallengeTriggerEvent['request']['session'];

/** What the next step of an employee's sign-in is, from the answers given in this Cognito session. */
export function nextStep(session: Session, userNotFound: boolean): DefineAuthChallengeTriggerEvent['response'] {
  const wrong = session.filter((s) => !s.challengeResult).length;
  const foreign = session.some((s) => s.challengeName !== 'CUSTOM_CHALLENGE');
  if (!foreign && !userNotFound && session.at(-1)?.challengeResult === true) return { issueTokens: true, failAuthentication: false };
  if (foreign || wrong >= EMPLOYEE_CODE.tries) return { issueTokens: false, failAuthentication: true };
  return { challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false };
}

/**
 * Cognito DefineAuthChallenge trigger of the employees' pool: one kind of challenge (the texted code),
 * tokens once it is answered right, the end after three wrong answers. A name the pool does not hold
 * (Cognito says `userNotFound`, as PreventUserExistenceErrors asks) gets challenges it can never pass.
 */
export const handler = createEventHandler(async (event: DefineAuthChallengeTriggerEvent): Promise<DefineAuthChallengeTriggerEvent> => {
  event.response = nextStep(event.request.session ?? [], event.request.userNotFound === true);
  return event;
});
