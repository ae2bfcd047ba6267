import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  type CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { EMPLOYEE_AUTH_TRIGGERS, EMPLOYEE_TOKENS } from '../definitions.js';
import type { CognitoPool } from './cognito.js';

/**
 * The employees' own user pool on the twin, from the stack's definitions: plain usernames (the NRC's
 * digits), the three custom-challenge triggers (run by infra/local/cognito/custom-auth.cjs through the
 * twin's Lambda-invoke endpoint, named as the stack names them), and one client that signs in only by
 * the custom challenge and hides which users exist. Only the platform makes its users (the stack's
 * selfSignUpEnabled: false): SignUp is refused, and the custom challenge signs in only confirmed users
 * (infra/local/cognito/admin-only.cjs, custom-auth.cjs). Made once, reused afterwards.
 */
export async function provisionEmployeePool(client: CognitoIdentityProviderClient, stateFile: string): Promise<CognitoPool> {
  if (existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as CognitoPool;
    const described = await client.send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId })).catch(() => null);
    // A pool made while the emulator named users by email cannot hold the employees' usernames, and one
    // made before it refused self sign-up is not the stack's: make a new one.
    if (described && !described.UserPool?.UsernameAttributes?.length && described.UserPool?.AdminCreateUserConfig?.AllowAdminCreateUserOnly) return saved;
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'payroll-employees-local',
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      LambdaConfig: Object.fromEntries(Object.entries(EMPLOYEE_AUTH_TRIGGERS).map(([trigger, t]) => [trigger, t.functionName])),
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'employee-web',
      ExplicitAuthFlows: ['ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      IdTokenValidity: EMPLOYEE_TOKENS.idMinutes,
      AccessTokenValidity: EMPLOYEE_TOKENS.accessMinutes,
      RefreshTokenValidity: EMPLOYEE_TOKENS.refreshDays,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
    }),
  );
  const saved: CognitoPool = { userPoolId, userPoolClientId: appClient.UserPoolClient!.ClientId! };
  writeFileSync(stateFile, JSON.stringify(saved, null, 2));
  return saved;
}
