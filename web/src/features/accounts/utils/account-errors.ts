import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { ACCOUNT_MESSAGES } from '@shared/api/accounts';

/** The Cognito exception name Amplify gives an error (its `name`), if any. */
export const cognitoErrorName = (error: unknown): string | undefined => (error instanceof Error ? error.name : undefined);

/** Cognito answered (as opposed to a network or client fault): the request reached the service. */
const SERVICE_ERRORS = new Set([
  'UserNotFoundException',
  'InvalidParameterException',
  'NotAuthorizedException',
  'LimitExceededException',
  'TooManyRequestsException',
  'CodeDeliveryFailureException',
  'UserNotConfirmedException',
]);
export const isCognitoServiceError = (error: unknown): boolean => SERVICE_ERRORS.has(cognitoErrorName(error) ?? '');

/** A reset or verification code Cognito refused: wrong, used or expired. */
export function isBadCode(error: unknown): boolean {
  const name = cognitoErrorName(error);
  return name === 'CodeMismatchException' || name === 'ExpiredCodeException' || name === 'UserNotFoundException';
}

export const isRateLimited = (error: unknown): boolean =>
  isApiError(error, 429) || ['TooManyRequestsException', 'LimitExceededException', 'TooManyFailedAttemptsException'].includes(cognitoErrorName(error) ?? '');

/** Cognito's password policy refusal, in the spec's words where it is about length. */
export function passwordPolicyMessage(error: unknown): string | null {
  if (cognitoErrorName(error) !== 'InvalidPasswordException') return null;
  return /long enough|length/i.test(errorMessage(error)) ? ACCOUNT_MESSAGES.passwordTooShort : errorMessage(error);
}

/** The sentence for a failed sign-up step (spec part 2 §8). */
export function signUpErrorMessage(error: unknown): string {
  if (isRateLimited(error)) return ACCOUNT_MESSAGES.rateLimited;
  if (cognitoErrorName(error) === 'UsernameExistsException' || isApiError(error, 409)) return ACCOUNT_MESSAGES.emailInUse;
  const policy = passwordPolicyMessage(error);
  if (policy) return policy;
  if (cognitoErrorName(error) === 'InvalidParameterException' && /email/i.test(errorMessage(error))) return ACCOUNT_MESSAGES.invalidEmail;
  return errorMessage(error);
}
