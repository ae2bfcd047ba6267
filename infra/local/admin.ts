import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

export interface AdminCredentials {
  email: string;
  password: string;
}

/** A password that satisfies any sensible policy: letters, digits and a symbol. */
function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}-A7`;
}

/**
 * The first super_admin: from ADMIN_EMAIL / ADMIN_PASSWORD when set, else generated once and kept
 * in admin.json. Returns the credentials and whether they were just generated (to print them once).
 */
export async function ensureFirstAdmin(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  file: string,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
): Promise<{ credentials: AdminCredentials; generated: boolean }> {
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as AdminCredentials) : null;
  const email = (env.ADMIN_EMAIL ?? saved?.email ?? 'admin@example.com').trim().toLowerCase();
  const exists = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email })).then(
    () => true,
    () => false,
  );
  if (exists && saved?.email === email && !env.ADMIN_PASSWORD) {
    await recordPlatformAdmin(client, userPoolId, email);
    return { credentials: saved, generated: false };
  }

  const generated = !env.ADMIN_PASSWORD && !saved?.password;
  const password = env.ADMIN_PASSWORD ?? saved?.password ?? generatePassword();
  let username = email;
  if (!exists) {
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    username = created.User?.Username ?? email;
  } else {
    username = (await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))).Username ?? email;
  }
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: username, Password: password, Permanent: true }));
  // cognito-local finds group members only by the real username (the sub), as Cognito stores it.
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: 'super_admin' }));
  await recordPlatformAdmin(client, userPoolId, email);
  const credentials = { email, password };
  writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return { credentials, generated };
}

/**
 * The seeded super_admin gets its platform-admin record, so the last-super_admin guard counts it.
 * Imported late: the repository reads the table names the twin has just put in process.env.
 */
async function recordPlatformAdmin(client: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<void> {
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username ?? email;
  const { ensurePlatformAdminRecord } = await import('#data/directory/platform-admins.js');
  await ensurePlatformAdminRecord({ user_id: sub, email, role: 'super_admin', created_by: null });
}
