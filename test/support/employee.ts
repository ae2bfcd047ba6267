import { randomInt } from 'node:crypto';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { requestEmployeeCode } from '#shared/routes/employee.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { call } from './api.js';
import { cognitoClient, type TestTwinInfo } from './cognito.js';

/**
 * The employee's sign-in as tests drive it: the code route, the text in the twin's outbox, and Cognito's
 * custom challenge on the employees' pool. Import after `Object.assign(process.env, twin.env)` (the
 * register's mobile is read through lambdas/data, as the handlers read it).
 */

interface Sms {
  kind: string;
  to: string;
  body: string;
  at: string;
}

/** The texts the twin sent to a number, newest first. */
export async function textsTo(twin: TestTwinInfo, mobile: string): Promise<Sms[]> {
  const res = await fetch(`${twin.url}/_local/outbox.json?to=${encodeURIComponent(mobile)}`);
  return ((await res.json()) as Sms[]).filter((m) => m.kind === 'sms');
}

/** The code in the newest text to a number. */
export async function latestCode(twin: TestTwinInfo, mobile: string): Promise<string> {
  const [latest] = await textsTo(twin, mobile);
  const code = latest && /\b(\d{6})\b/.exec(latest.body)?.[1];
  if (!code) throw new Error(`No sign-in code was texted to ${mobile}.`);
  return code;
}

/** The register's mobile for an NRC (the current register). */
export async function registerMobile(nrc: string): Promise<string> {
  const { registerEntryByNrc } = await import('#data/register/versions.js');
  const entry = await registerEntryByNrc(nrc);
  if (!entry) throw new Error(`${nrc} is not on the current register.`);
  return entry.mobile;
}

/** Starts the custom challenge on the employees' pool for an NRC: the Session to answer with. */
export async function startChallenge(twin: TestTwinInfo, nrc: string): Promise<string> {
  const out = await cognitoClient(twin).send(
    new InitiateAuthCommand({ AuthFlow: 'CUSTOM_AUTH', ClientId: twin.env.EMPLOYEE_POOL_CLIENT_ID, AuthParameters: { USERNAME: nrcDigits(nrc) } }),
  );
  if (out.ChallengeName !== 'CUSTOM_CHALLENGE' || !out.Session) throw new Error(`Expected the custom challenge, got ${JSON.stringify(out)}`);
  return out.Session;
}

/** Answers a challenge: the ID token when the answer signs in, else the next Session (a throw when Cognito ends it). */
export async function answerChallenge(
  twin: TestTwinInfo,
  nrc: string,
  session: string,
  answer: string,
): Promise<{ idToken?: string; refreshToken?: string; session?: string }> {
  const out = await cognitoClient(twin).send(
    new RespondToAuthChallengeCommand({
      ChallengeName: 'CUSTOM_CHALLENGE',
      ClientId: twin.env.EMPLOYEE_POOL_CLIENT_ID,
      Session: session,
      ChallengeResponses: { USERNAME: nrcDigits(nrc), ANSWER: answer },
    }),
  );
  return { idToken: out.AuthenticationResult?.IdToken, refreshToken: out.AuthenticationResult?.RefreshToken, session: out.Session };
}

/** A loopback address of its own (127.100.0.0/10 and up, which no other test uses): the code route counts per address. */
export const uniqueAddress = () => `127.${randomInt(100, 200)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/**
 * Signs an employee in as the portal does: asks for the code (from `from`, by default an address of its
 * own, clear of other tests' per-address limit), reads it from the outbox, answers the challenge. The ID
 * token is the `caller` of `call(twin, route, { caller })`.
 */
export async function signInEmployee(
  twin: TestTwinInfo,
  who: { nrc: string; employeeNumber: string; from?: string },
): Promise<{ idToken: string; mobile: string }> {
  const res = await call(twin, requestEmployeeCode, { body: { nrc: who.nrc, employee_number: who.employeeNumber }, from: who.from ?? uniqueAddress() });
  if (res.status !== 202) throw new Error(`Asking for a code answered ${res.status}: ${JSON.stringify(res.body)}`);
  const mobile = await registerMobile(who.nrc);
  const session = await startChallenge(twin, who.nrc);
  const { idToken } = await answerChallenge(twin, who.nrc, session, await latestCode(twin, mobile));
  if (!idToken) throw new Error('The code did not sign the employee in.');
  return { idToken, mobile };
}
