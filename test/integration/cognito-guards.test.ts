import { AdminGetUserCommand, AdminUserGlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { cognitoFront, latestMessage, uniqueEmail } from '../support/accounts.js';
import { cognitoClient, createUser } from '../support/cognito.js';

/** The twin's public Cognito front refuses what Cognito refuses, so the SPA meets the same limits. */
const twin = inject('twin');
const signIn = (email: string, password: string) =>
  cognitoFront(twin, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } });
const refresh = (token: string) => cognitoFront(twin, 'GetTokensFromRefreshToken', { RefreshToken: token });
const refreshAuth = (token: string) => cognitoFront(twin, 'InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: token } });
const REVOKED = { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' };

async function attributes(email: string) {
  const out = await cognitoClient(twin).send(new AdminGetUserCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: email }));
  return Object.fromEntries((out.UserAttributes ?? []).map((a) => [a.Name!, a.Value!]));
}

describe('IAM-only operations are not served on the public front', () => {
  it.each(['AdminGetUser', 'AdminCreateUser', 'AdminAddUserToGroup', 'AdminUserGlobalSignOut', 'ListUsers'])('%s', async (operation) => {
    const email = uniqueEmail('admin-front');
    const res = await cognitoFront(twin, operation, { UserPoolId: twin.env.USER_POOL_ID, Username: email, GroupName: 'super_admin' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ __type: 'MissingAuthenticationTokenException', message: expect.stringContaining("emulator's own port") });
  });
});

describe('sign-in lockout', () => {
  it('after 5 wrong passwords, refuses even the right one with "Password attempts exceeded"', async () => {
    const user = await createUser(twin, []);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(user.email, 'Wrong-passw0rd')).json).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
    expect((await signIn(user.email.toUpperCase(), user.password)).json).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
  });

  it('locks an unknown name the same way (the answer tells nothing about existence)', async () => {
    const email = uniqueEmail('nobody-lock');
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'Wrong-passw0rd')).json.message).toBe('Incorrect username or password.');
    expect((await signIn(email, 'Wrong-passw0rd')).json.message).toBe('Password attempts exceeded');
  });
});

describe('password reset requests', () => {
  it('answer an unknown account exactly as a known one', async () => {
    const user = await createUser(twin, []);
    const nobody = `${user.email.split('@')[0]}x@example.com`;
    const [known, unknown] = [
      await cognitoFront(twin, 'ForgotPassword', { Username: user.email }),
      await cognitoFront(twin, 'ForgotPassword', { Username: nobody }),
    ];
    expect(known).toEqual(unknown);
    expect(known).toEqual({ status: 200, json: { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'u***@e***' } } });
  });

  it('send at most 5 codes an hour per account, then LimitExceededException', async () => {
    for (const email of [(await createUser(twin, [])).email, uniqueEmail('nobody-reset')]) {
      for (let i = 0; i < 5; i++) expect((await cognitoFront(twin, 'ForgotPassword', { Username: email })).status).toBe(200);
      expect((await cognitoFront(twin, 'ForgotPassword', { Username: email })).json).toEqual({
        __type: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
    }
  });
});

describe('changing one’s email', () => {
  it('keeps the original (verified) email until the code sent to the new one is entered', async () => {
    const user = await createUser(twin, []);
    const { AccessToken } = (await signIn(user.email, user.password)).json.AuthenticationResult;
    const next = uniqueEmail('moved');
    const change = await cognitoFront(twin, 'UpdateUserAttributes', { AccessToken, UserAttributes: [{ Name: 'email', Value: next }] });
    expect(change.status).toBe(200);
    expect(await attributes(user.email)).toMatchObject({ email: user.email, email_verified: 'true' });
    expect((await signIn(next, user.password)).json.__type).toBe('NotAuthorizedException');

    const { code } = await latestMessage(twin, next, 'verification code');
    expect((await cognitoFront(twin, 'VerifyUserAttribute', { AccessToken, AttributeName: 'email', Code: code })).status).toBe(200);
    expect(await attributes(next)).toMatchObject({ email: next, email_verified: 'true' });
    expect((await signIn(next, user.password)).json.AuthenticationResult).toBeDefined();
  });

  it('refuses a client writing email_verified (or any attribute it may not write)', async () => {
    const user = await createUser(twin, []);
    const { AccessToken } = (await signIn(user.email, user.password)).json.AuthenticationResult;
    const forged = [
      { Name: 'email', Value: uniqueEmail('forged') },
      { Name: 'email_verified', Value: 'true' },
    ];
    const res = await cognitoFront(twin, 'UpdateUserAttributes', { AccessToken, UserAttributes: forged });
    expect(res.json).toMatchObject({ __type: 'NotAuthorizedException', message: expect.stringContaining('email_verified') });
    expect(await attributes(user.email)).toMatchObject({ email: user.email, email_verified: 'true' });
  });
});

describe('sign-out and revoked refresh tokens', () => {
  it('GlobalSignOut revokes every refresh token issued before it', async () => {
    const user = await createUser(twin, []);
    const first = (await signIn(user.email, user.password)).json.AuthenticationResult;
    const second = (await signIn(user.email, user.password)).json.AuthenticationResult;
    expect((await refresh(first.RefreshToken)).json.AuthenticationResult.IdToken).toEqual(expect.any(String));
    expect((await cognitoFront(twin, 'GlobalSignOut', { AccessToken: second.AccessToken })).status).toBe(200);
    for (const token of [first.RefreshToken, second.RefreshToken]) {
      expect((await refresh(token)).json).toEqual(REVOKED);
      expect((await refreshAuth(token)).json).toEqual(REVOKED);
    }
    const after = (await signIn(user.email, user.password)).json.AuthenticationResult;
    expect((await refresh(after.RefreshToken)).status).toBe(200);
  });

  it('AdminUserGlobalSignOut (server side, on the emulator’s port) does the same', async () => {
    const user = await createUser(twin, []);
    const { RefreshToken } = (await signIn(user.email, user.password)).json.AuthenticationResult;
    await cognitoClient(twin).send(new AdminUserGlobalSignOutCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: user.email }));
    expect((await refresh(RefreshToken)).json).toEqual(REVOKED);
  });

  it('RevokeToken revokes that one refresh token only; a made-up token is invalid, not revoked', async () => {
    const user = await createUser(twin, []);
    const [one, two] = [
      (await signIn(user.email, user.password)).json.AuthenticationResult,
      (await signIn(user.email, user.password)).json.AuthenticationResult,
    ];
    expect((await cognitoFront(twin, 'RevokeToken', { Token: one.RefreshToken })).status).toBe(200);
    expect((await refresh(one.RefreshToken)).json).toEqual(REVOKED);
    expect((await refresh(two.RefreshToken)).status).toBe(200);
    expect((await refresh('made.up.token')).json).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
  });

  it('refuses a made-up access token, for sign-out and for a person’s own calls', async () => {
    const user = await createUser(twin, []);
    const { AccessToken, IdToken } = (await signIn(user.email, user.password)).json.AuthenticationResult;
    const [header, , signature] = String(AccessToken).split('.');
    const claims = JSON.parse(Buffer.from(String(AccessToken).split('.')[1]!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url')}.${signature}`;
    const unsigned = `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    for (const token of [forged, unsigned, IdToken]) {
      expect((await cognitoFront(twin, 'GlobalSignOut', { AccessToken: token })).json).toMatchObject({ __type: 'NotAuthorizedException' });
      const change = await cognitoFront(twin, 'UpdateUserAttributes', { AccessToken: token, UserAttributes: [{ Name: 'email', Value: uniqueEmail('taken') }] });
      expect(change.json).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
    }
    expect((await cognitoFront(twin, 'GetUser', { AccessToken })).status).toBe(200);
  });
});
