import { CognitoRefusal, answerEmployeeChallenge, startEmployeeChallenge } from '@/lib/employee-session';
import { nrcDigits } from '@shared/rules/nrc';

/** The employee's username in their pool: the NRC's digits. */
export const employeeUsername = (nrc: string) => nrcDigits(nrc);

/** Cognito ended the sign-in: three wrong codes (a code is asked for afresh). */
export const isSignInOver = (error: unknown) => error instanceof CognitoRefusal && error.type === 'NotAuthorizedException';

/**
 * Answers the texted code. The challenge starts with the first answer, not when the code is sent: Cognito
 * gives each step 3 minutes and the code lives 5. A step that ran out is started again once, transparently
 * (its answer was never checked, so no try is lost). On a shared phone the session stays in this tab only.
 */
export async function signInWithCode(
  nrc: string,
  code: string,
  session: string | null,
  sharedPhone = false,
): Promise<{ signedIn: true } | { signedIn: false; session: string }> {
  const username = employeeUsername(nrc);
  if (session) {
    try {
      return await answerEmployeeChallenge(username, session, code, sharedPhone);
    } catch (error) {
      if (!(error instanceof CognitoRefusal && /invalid session/i.test(error.message))) throw error;
    }
  }
  return answerEmployeeChallenge(username, await startEmployeeChallenge(username), code, sharedPhone);
}
