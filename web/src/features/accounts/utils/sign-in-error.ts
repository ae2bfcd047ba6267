import { errorMessage } from '@/lib/errors';

/** Sign-in texts of spec part 2 §5 and §8. */
export const SIGN_IN_MESSAGES = {
  required: 'Email and password are required.',
  incorrect: 'Incorrect email or password.',
  unverified: 'Please verify your email before signing in.',
  resetRequired: 'Your password must be reset. Use Forgot password? to get a reset link.',
  newPasswordRequired: 'Your account needs a new password. Use the link in your invite email to set one.',
  unsupportedStep: 'This account needs a sign-in step this screen does not support yet. Please contact an administrator.',
} as const;

/** The message to show for an error thrown by Amplify's signIn. */
export function signInErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : undefined;
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return SIGN_IN_MESSAGES.incorrect;
    case 'UserNotConfirmedException':
      return SIGN_IN_MESSAGES.unverified;
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
      return SIGN_IN_MESSAGES.required;
    case 'PasswordResetRequiredException':
      return SIGN_IN_MESSAGES.resetRequired;
    default:
      return errorMessage(error);
  }
}

/** The message for a sign-in that did not complete (Amplify's nextStep.signInStep). */
export function signInStepMessage(step: string): string {
  switch (step) {
    case 'CONFIRM_SIGN_UP':
      return SIGN_IN_MESSAGES.unverified;
    case 'RESET_PASSWORD':
      return SIGN_IN_MESSAGES.resetRequired;
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return SIGN_IN_MESSAGES.newPasswordRequired;
    default:
      return SIGN_IN_MESSAGES.unsupportedStep;
  }
}
