import { confirmResetPassword, confirmSignIn, confirmSignUp, resendSignUpCode, resetPassword, signIn, signOut, signUp } from 'aws-amplify/auth';
import { loadAmplify } from '@/lib/amplify';

/*
 * The account calls of spec part 2 §7 "Auth", through Amplify (loaded and configured first).
 * USER_PASSWORD_AUTH in both runtimes: the local Cognito emulator has no SRP.
 */

/** Creates the Cognito account (email as the sign-in name); answers its sub. */
export async function signUpAccount(input: { email: string; password: string; fullName: string }): Promise<string> {
  await loadAmplify();
  const result = await signUp({
    username: input.email,
    password: input.password,
    options: { userAttributes: { email: input.email, name: input.fullName } },
  });
  if (!result.userId) throw new Error('The account was created but its id did not come back. Please try again.');
  return result.userId;
}

export async function confirmEmail(email: string, code: string): Promise<void> {
  await loadAmplify();
  await confirmSignUp({ username: email, confirmationCode: code });
}

export async function resendVerificationEmail(email: string): Promise<void> {
  await loadAmplify();
  await resendSignUpCode({ username: email });
}

/**
 * Whether this email and password are an account created earlier and never verified: Cognito answers
 * "confirm your sign-up" only to the right password. A verified account signed in by it is signed out again.
 */
export async function isUnverifiedAccount(email: string, password: string): Promise<boolean> {
  await loadAmplify();
  try {
    const result = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    if (result.isSignedIn) await signOut();
    return !result.isSignedIn && result.nextStep.signInStep === 'CONFIRM_SIGN_UP';
  } catch (error) {
    return error instanceof Error && error.name === 'UserNotConfirmedException';
  }
}

export async function requestPasswordReset(email: string): Promise<void> {
  await loadAmplify();
  await resetPassword({ username: email });
}

export async function saveResetPassword(email: string, code: string, newPassword: string): Promise<void> {
  await loadAmplify();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

/** Signs in with an invite's temporary password; true when Cognito asks for a new password. */
export async function startInviteSignIn(email: string, temporaryPassword: string): Promise<'new_password_required' | 'signed_in' | 'other'> {
  await loadAmplify();
  const result = await signIn({ username: email, password: temporaryPassword, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  if (result.isSignedIn) return 'signed_in';
  return result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' ? 'new_password_required' : 'other';
}

/** Answers the new-password challenge of the sign-in started by startInviteSignIn. */
export async function completeInvitePassword(newPassword: string): Promise<boolean> {
  await loadAmplify();
  const result = await confirmSignIn({ challengeResponse: newPassword });
  return result.isSignedIn;
}
