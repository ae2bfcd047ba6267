import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '#shared/roles.js';
import { grantDirectoryRoles } from './directory-roles.js';

export interface TestTwinInfo {
  url: string;
  env: Record<string, string>;
}

export function cognitoClient(twin: TestTwinInfo) {
  return new CognitoIdentityProviderClient({
    endpoint: twin.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    region: twin.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Signs in with USER_PASSWORD_AUTH, as the SPA does, and returns the ID token it sends. */
export async function signIn(twin: TestTwinInfo, email: string, password: string): Promise<{ idToken: string; refreshToken: string }> {
  const out = await cognitoClient(twin).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: twin.env.USER_POOL_CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { idToken: out.AuthenticationResult!.IdToken!, refreshToken: out.AuthenticationResult!.RefreshToken! };
}

/**
 * A confirmed user with the given roles (none: a user still waiting for approval). The roles are granted
 * in the directory, where the platform reads them (see grantDirectoryRoles), and mirrored in the Cognito
 * groups as the platform's own grants are.
 */
export async function createUser(
  twin: TestTwinInfo,
  roles: Role[] = [],
  email = `user-${randomUUID().slice(0, 8)}@example.com`,
  options: { directory?: boolean } = {},
) {
  const client = cognitoClient(twin);
  const password = 'Test-Passw0rd!';
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: twin.env.USER_POOL_ID,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const username = created.User!.Username!;
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: username, Password: password, Permanent: true }));
  for (const role of roles) {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: twin.env.USER_POOL_ID, Username: username, GroupName: role }));
  }
  // `directory: false` leaves the roles in the groups alone, as a console edit would: they grant nothing.
  if (options.directory !== false) await grantDirectoryRoles(twin, username, email, roles);
  return { email, password, username };
}
