import { signIn, signOut } from 'aws-amplify/auth';
import { loadAmplify } from '@/lib/amplify';
import { SIGN_IN_MESSAGES, signInErrorMessage, signInStepMessage } from '../utils/sign-in-error';

/*
 * Amplify's sign-in flows, loaded only once someone starts signing in (see preloadSignInFlow):
 * the sign-in screen is usable before they arrive.
 */

export interface SignInInput {
  email: string;
  password: string;
}

export class SignInError extends Error {
  override name = 'SignInError';
}

async function attemptSignIn(email: string, password: string) {
  await loadAmplify();
  // The local Cognito emulator has no SRP; the same flow is used in AWS.
  return signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
}

/** Signs in with Cognito; throws a SignInError carrying the message to show. */
export async function signInWithEmail(input: SignInInput): Promise<void> {
  // Spec part 2 §5: both required; the email trimmed and lower-cased.
  const email = input.email.trim().toLowerCase();
  const { password } = input;
  if (!email || !password) throw new SignInError(SIGN_IN_MESSAGES.required);
  let result: Awaited<ReturnType<typeof attemptSignIn>>;
  try {
    result = await attemptSignIn(email, password);
  } catch (error) {
    if (!(error instanceof Error && error.name === 'UserAlreadyAuthenticatedException')) {
      throw new SignInError(signInErrorMessage(error));
    }
    // Someone is still signed in on this browser: replace that session with this one.
    await signOut().catch(() => undefined);
    try {
      result = await attemptSignIn(email, password);
    } catch (retryError) {
      throw new SignInError(signInErrorMessage(retryError));
    }
  }
  if (!result.isSignedIn) throw new SignInError(signInStepMessage(result.nextStep.signInStep));
}
