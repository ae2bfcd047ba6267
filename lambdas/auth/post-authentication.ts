import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { recordSignIn } from '#data/directory/sign-ins.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';

/**
 * Cognito PostAuthentication trigger: records the sign-in's time in the directory, for the User
 * Inspector. A sign-in never fails for it: a write that fails is logged and the event returned.
 */
export const handler = createEventHandler(async (event: PostAuthenticationTriggerEvent): Promise<PostAuthenticationTriggerEvent> => {
  const sub = event.request.userAttributes.sub;
  if (!sub) return event;
  try {
    await recordSignIn(sub, new Date().toISOString());
  } catch (error) {
    logger.error('The sign-in was not recorded', { sub, error: String(error) });
  }
  return event;
});
