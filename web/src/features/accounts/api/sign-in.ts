import { useMutation } from '@tanstack/react-query';
import { signIn, signOut } from 'aws-amplify/auth';
import { z } from 'zod';
import { useSession } from '@/lib/auth';
import { SIGN_IN_MESSAGES, signInErrorMessage, signInStepMessage } from '../utils/sign-in-error';

/** Spec part 2 §5: both required; the email trimmed and lower-cased. */
export const signInInputSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, SIGN_IN_MESSAGES.required),
  password: z.string().min(1, SIGN_IN_MESSAGES.required),
});
export type SignInInput = z.input<typeof signInInputSchema>;

export class SignInError extends Error {
  override name = 'SignInError';
}

async function attemptSignIn(email: string, password: string) {
  // The local Cognito emulator has no SRP; the same flow is used in AWS.
  return signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
}

/** Signs in with Cognito; throws a SignInError carrying the message to show. */
export async function signInWithEmail(input: SignInInput): Promise<void> {
  const parsed = signInInputSchema.safeParse(input);
  if (!parsed.success) throw new SignInError(SIGN_IN_MESSAGES.required);
  const { email, password } = parsed.data;
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

/** Signs in, then waits until the session context knows the user. */
export function useSignIn() {
  const { refresh } = useSession();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await signInWithEmail(input);
      await refresh();
    },
  });
}
