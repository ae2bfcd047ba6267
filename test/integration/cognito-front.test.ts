import { AdminCreateUserCommand, AdminGetUserCommand, DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD_POLICY } from '../../infra/definitions.js';
import { cognitoFront, latestMessage, outbox, signUp, temporaryPassword, temporaryPasswordIn, uniqueEmail } from '../support/accounts.js';
import { cognitoClient, createUser } from '../support/cognito.js';

/**
 * The twin's Cognito (cognito-local behind the shim and infra/local/cognito/fidelity.cjs) must
 * answer the web flows as Cognito does, so the SPA's code is the same in both runtimes.
 */
const twin = inject('twin');

async function attributes(email: string) {
  const out = await cognitoClient(twin).send(new AdminGetUserCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: email }));
  return { status: out.UserStatus, ...Object.fromEntries((out.UserAttributes ?? []).map((a) => [a.Name!, a.Value!])) };
}

async function invite(email: string, password: string) {
  await cognitoClient(twin).send(
    new AdminCreateUserCommand({
      UserPoolId: twin.env.USER_POOL_ID,
      Username: email,
      TemporaryPassword: password,
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

describe('the password policy (minimum 8 characters)', () => {
  it('refuses a short password on sign-up, as Cognito does', async () => {
    const email = uniqueEmail('short');
    const res = await cognitoFront(twin, 'SignUp', { Username: email, Password: 'Ab1!xyz', UserAttributes: [{ Name: 'email', Value: email }] });
    expect(res.status).toBe(400);
    expect(res.json.__type).toBe('InvalidPasswordException');
    expect((await outbox(twin, email)).length).toBe(0);
  });

  it('refuses a short password on reset', async () => {
    const email = uniqueEmail('reset-short');
    await invite(email, temporaryPassword());
    const res = await cognitoFront(twin, 'ConfirmForgotPassword', { Username: email, ConfirmationCode: '123456', Password: 'short' });
    expect(res.json.__type).toBe('InvalidPasswordException');
  });

  it("is the stack's policy: the pool says so, and 8 lower-case letters pass sign-up, reset and the invite's new password", async () => {
    const pool = await cognitoClient(twin).send(new DescribeUserPoolCommand({ UserPoolId: twin.env.USER_POOL_ID }));
    expect(pool.UserPool?.Policies?.PasswordPolicy).toMatchObject({
      MinimumLength: PASSWORD_POLICY.minLength,
      RequireLowercase: PASSWORD_POLICY.requireLowercase,
      RequireUppercase: PASSWORD_POLICY.requireUppercase,
      RequireNumbers: PASSWORD_POLICY.requireDigits,
      RequireSymbols: PASSWORD_POLICY.requireSymbols,
    });

    const newcomer = uniqueEmail('plain-signup');
    const signedUp = await cognitoFront(twin, 'SignUp', { Username: newcomer, Password: 'abcdefgh', UserAttributes: [{ Name: 'email', Value: newcomer }] });
    expect(signedUp.json.__type).toBeUndefined();

    const user = await createUser(twin);
    expect((await cognitoFront(twin, 'ForgotPassword', { Username: user.email })).status).toBe(200);
    const reset = await latestMessage(twin, user.email, 'Reset your');
    expect((await cognitoFront(twin, 'ConfirmForgotPassword', { Username: user.email, ConfirmationCode: reset.code, Password: 'abcdefgh' })).status).toBe(200);

    const invitee = uniqueEmail('plain-invite');
    const temporary = temporaryPassword();
    await invite(invitee, temporary);
    const challenge = await cognitoFront(twin, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: invitee, PASSWORD: temporary } });
    const done = await cognitoFront(twin, 'RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.json.Session,
      ChallengeResponses: { USERNAME: challenge.json.ChallengeParameters.USER_ID_FOR_SRP, NEW_PASSWORD: 'abcdefgh' },
    });
    expect(done.json.AuthenticationResult?.IdToken).toEqual(expect.any(String));
  });
});

describe('every email is whole', () => {
  // Cognito fills every placeholder of the trigger's message; a code left as {####} is a broken email.
  const unfilled = /\{####\}|\{username\}/;

  it('the verification email carries its code in the link, the text and the copy-this-link line', async () => {
    const email = uniqueEmail('whole-verify');
    await signUp(twin, email);
    const message = await latestMessage(twin, email, 'Verify your email');
    expect(message.html).not.toMatch(unfilled);
    expect(message.html.split(message.code!).length - 1).toBeGreaterThanOrEqual(3);
  });

  it('the reset email carries its code everywhere it is named', async () => {
    const user = await createUser(twin);
    await cognitoFront(twin, 'ForgotPassword', { Username: user.email });
    const message = await latestMessage(twin, user.email, 'Reset your');
    expect(message.html).not.toMatch(unfilled);
    expect(message.html.split(message.code!).length - 1).toBeGreaterThanOrEqual(3);
  });

  it('the invite names the email people sign in with and shows the temporary password once, in no address', async () => {
    const email = uniqueEmail('whole-invite');
    const temporary = temporaryPassword();
    await invite(email, temporary);
    const message = await latestMessage(twin, email, 'invited');
    expect(message.html).not.toMatch(unfilled);
    expect(message.html).toContain(`Sign in with: <strong>${email}</strong>`);
    expect(message.html.split(temporary).length - 1).toBe(1);
    expect(temporaryPasswordIn(message)).toBe(temporary);
    expect(message.html).not.toMatch(/code=/);
  });
});

describe('sign-up verification', () => {
  it('sends the verification link, confirms once, and marks the email verified', async () => {
    const email = uniqueEmail('verify');
    await signUp(twin, email);
    const message = await latestMessage(twin, email, 'Verify your email');
    expect(message.links[0]).toBe(`${twin.url}/signin?verify=1&email=${encodeURIComponent(email)}&code=${message.code}`);

    const signIn = await cognitoFront(twin, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Sign-up-Passw0rd' },
    });
    expect(signIn.json.__type).toBe('UserNotConfirmedException');

    expect((await cognitoFront(twin, 'ConfirmSignUp', { Username: email, ConfirmationCode: message.code })).status).toBe(200);
    expect(await attributes(email)).toMatchObject({ status: 'CONFIRMED', email_verified: 'true' });
    const again = await cognitoFront(twin, 'ConfirmSignUp', { Username: email, ConfirmationCode: message.code });
    expect(again.json).toMatchObject({ __type: 'NotAuthorizedException', message: expect.stringContaining('CONFIRMED') });
  });

  it('resends a fresh code through the same message path (ResendConfirmationCode)', async () => {
    const email = uniqueEmail('resend');
    await signUp(twin, email);
    const first = await latestMessage(twin, email, 'Verify your email');
    const res = await cognitoFront(twin, 'ResendConfirmationCode', { Username: email });
    expect(res.status).toBe(200);
    expect(res.json.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const second = await latestMessage(twin, email, 'Verify your email', 1);
    expect(second.links[0]).toContain('/signin?verify=1');
    if (second.code !== first.code) {
      const stale = await cognitoFront(twin, 'ConfirmSignUp', { Username: email, ConfirmationCode: first.code });
      expect(stale.json.__type).toBe('CodeMismatchException');
    }
    expect((await cognitoFront(twin, 'ConfirmSignUp', { Username: email, ConfirmationCode: second.code })).status).toBe(200);
    const confirmed = await cognitoFront(twin, 'ResendConfirmationCode', { Username: email });
    expect(confirmed.json.__type).toBe('InvalidParameterException');
  });

  it('answers code requests for unknown emails as if a code was sent (user existence is not revealed)', async () => {
    const email = uniqueEmail('nobody');
    expect((await cognitoFront(twin, 'ResendConfirmationCode', { Username: email })).status).toBe(200);
    expect((await cognitoFront(twin, 'ForgotPassword', { Username: email })).status).toBe(200);
    const check = await cognitoFront(twin, 'ConfirmForgotPassword', { Username: email, ConfirmationCode: '123456', Password: 'Long-enough-1' });
    expect(check.json.__type).toBe('CodeMismatchException');
    expect((await outbox(twin, email)).length).toBe(0);
  });

  it('sends no reset code to an address that was never verified', async () => {
    const email = uniqueEmail('unverified-reset');
    await signUp(twin, email);
    const res = await cognitoFront(twin, 'ForgotPassword', { Username: email });
    expect(res.json.__type).toBe('InvalidParameterException');
  });
});

describe('invites (temporary password, then a new one)', () => {
  it('challenges only with the right temporary password, and only within the issued session', async () => {
    const email = uniqueEmail('invitee');
    const temporary = temporaryPassword();
    await invite(email, temporary);
    const message = await latestMessage(twin, email, 'invited');
    expect(message.links[0]).toBe(`${twin.url}/invite-accept?email=${encodeURIComponent(email)}`);
    expect(message.links.some((l) => l.includes(temporary))).toBe(false);
    expect(temporaryPasswordIn(message)).toBe(temporary);

    const wrong = await cognitoFront(twin, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'not-the-code1A!' },
    });
    expect(wrong.json.__type).toBe('NotAuthorizedException');

    const forged = await cognitoFront(twin, 'RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 'made-up',
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Taken-over-123' },
    });
    expect(forged.json.__type).toBe('NotAuthorizedException');

    const challenge = await cognitoFront(twin, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: temporary } });
    expect(challenge.json.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const respond = (password: string) =>
      cognitoFront(twin, 'RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.json.Session,
        ChallengeResponses: { USERNAME: challenge.json.ChallengeParameters.USER_ID_FOR_SRP, NEW_PASSWORD: password },
      });
    expect((await respond('short')).json.__type).toBe('InvalidPasswordException');
    const done = await respond('My-own-password-1');
    expect(done.json.AuthenticationResult?.IdToken).toEqual(expect.any(String));
    const refreshed = await cognitoFront(twin, 'GetTokensFromRefreshToken', { RefreshToken: done.json.AuthenticationResult.RefreshToken });
    expect(refreshed.json.AuthenticationResult?.IdToken).toEqual(expect.any(String));
    expect((await respond('Another-password-1')).json.__type).toBe('NotAuthorizedException');
    expect(await attributes(email)).toMatchObject({ status: 'CONFIRMED' });
  });
});
