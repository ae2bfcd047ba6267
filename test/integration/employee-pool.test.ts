import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { nrcDigits } from '#shared/rules/nrc.js';
import { EMPLOYEE_AUTH_TRIGGERS } from '../../infra/definitions.js';
import { cognitoClient } from '../support/cognito.js';
import { signInEmployee, startChallenge } from '../support/employee.js';
import { registerEntry, uniqueNrc } from '../support/register.js';

/**
 * The twin's employees' pool is the stack's (users made by the platform only): nobody signs themselves
 * up, and only a confirmed user is ever signed in, whatever the code.
 */
const twin = inject('twin');
const PASSWORD = 'Self-Signed-Up-1!';

beforeAll(() => {
  Object.assign(process.env, twin.env);
});

/** Cognito as a browser reaches it: the twin's public front (at exactly this path, as the SPA's Amplify calls it). */
function front() {
  const client = new CognitoIdentityProviderClient({
    endpoint: `${twin.url}/_local/cognito`,
    region: twin.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path === '/_local/cognito/') request.path = '/_local/cognito';
      return next(args);
    },
    { step: 'build' },
  );
  return client;
}

/** A code for these NRC digits stored as the code route stores it, without the route making or confirming the user. */
async function storedCode(digits: string): Promise<string> {
  const { issueCode } = await import('#data/employee-sign-in/codes.js');
  return (await issueCode(digits, Date.now(), false)).code;
}

describe('the employees’ pool on the twin', () => {
  it('refuses self sign-up, as the stack’s pool does', async () => {
    // Act
    const signUp = front().send(new SignUpCommand({ ClientId: twin.env.EMPLOYEE_POOL_CLIENT_ID, Username: nrcDigits(uniqueNrc()), Password: PASSWORD }));

    // Assess
    await expect(signUp).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' });
  });

  it('gives no tokens to a user whose password was never set, even for the right code; the next code request confirms them', async () => {
    // Prepare: the user made, the request that made them ended before confirming them.
    const entry = registerEntry();
    const { addToCurrentRegister } = await import('../support/register.js');
    await addToCurrentRegister([entry]);
    const digits = nrcDigits(entry.nrc);
    await cognitoClient(twin).send(new AdminCreateUserCommand({ UserPoolId: twin.env.EMPLOYEE_POOL_ID, Username: digits, MessageAction: 'SUPPRESS' }));
    const code = await storedCode(digits);

    // Act
    const answer = await cognitoClient(twin).send(
      new RespondToAuthChallengeCommand({
        ChallengeName: 'CUSTOM_CHALLENGE',
        ClientId: twin.env.EMPLOYEE_POOL_CLIENT_ID,
        Session: await startChallenge(twin, entry.nrc),
        ChallengeResponses: { USERNAME: digits, ANSWER: code },
      }),
    );

    // Assess
    expect(answer.AuthenticationResult).toBeUndefined();
    expect(answer.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const { idToken } = await signInEmployee(twin, { nrc: entry.nrc, employeeNumber: entry.employee_number });
    expect(idToken).toEqual(expect.any(String));
    expect((await cognitoClient(twin).send(new AdminGetUserCommand({ UserPoolId: twin.env.EMPLOYEE_POOL_ID, Username: digits }))).UserStatus).toBe('CONFIRMED');
  });

  it('never starts a custom challenge for a user who did not confirm their sign-up', async () => {
    // Prepare: a pool with the employees' triggers that lets people sign up, and one who did and stopped there.
    const admin = cognitoClient(twin);
    const pool = await admin.send(
      new CreateUserPoolCommand({
        PoolName: `open-${randomUUID().slice(0, 8)}`,
        LambdaConfig: Object.fromEntries(Object.entries(EMPLOYEE_AUTH_TRIGGERS).map(([trigger, t]) => [trigger, t.functionName])),
      }),
    );
    const client = await admin.send(
      new CreateUserPoolClientCommand({
        UserPoolId: pool.UserPool!.Id!,
        ClientName: 'open',
        ExplicitAuthFlows: ['ALLOW_CUSTOM_AUTH'],
        PreventUserExistenceErrors: 'ENABLED',
      }),
    );
    const clientId = client.UserPoolClient!.ClientId!;
    const username = nrcDigits(uniqueNrc());
    await admin.send(new SignUpCommand({ ClientId: clientId, Username: username, Password: PASSWORD }));

    // Act
    const start = admin.send(new InitiateAuthCommand({ AuthFlow: 'CUSTOM_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username } }));

    // Assess
    await expect(start).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
  });
});
