import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { recordConfirmation } from '#data/directory/sign-ins.js';
import { createEventHandler } from '#lib/event-handler.js';

/**
 * Cognito PostConfirmation trigger: records when a self-signed-up account was confirmed (its email
 * code), for the User Inspector. A reset password (PostConfirmation_ConfirmForgotPassword) is no
 * confirmation of the account. A failed write fails the confirmation, which the person can repeat.
 */
export const handler = createEventHandler(async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  const sub = event.request.userAttributes.sub;
  if (event.triggerSource === 'PostConfirmation_ConfirmSignUp' && sub) await recordConfirmation(sub, new Date().toISOString());
  return event;
});
