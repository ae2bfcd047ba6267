import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isPlatformRole, type Role } from '#shared/roles.js';
import { documentClient } from '../fixtures/submissions/directory.js';
import type { TestTwinInfo } from './cognito.js';

/**
 * Gives a test user their roles where the platform reads them: the directory. Platform roles become
 * platform-admin records; every other role an approved membership of a home organisation of the user's
 * own, a stand-in (`test_home`) that an approved membership a test seeds later replaces
 * (`seedMembership`), so the user acts for the organisation the test names without choosing. Reviewing roles
 * (compliance, pmec_admin) live in a PMEC organisation, so such a user reviews every lender, as PMEC's
 * reviewers do; the others in an FI organisation without a payee key.
 */
export async function grantDirectoryRoles(twin: TestTwinInfo, userId: string, email: string, roles: readonly Role[]): Promise<void> {
  const client = documentClient(twin);
  const table = twin.env.TABLE_DIRECTORY;
  const long_ago = '2000-01-01T00:00:00.000Z';
  for (const role of roles.filter(isPlatformRole)) {
    await client.send(
      new PutCommand({
        TableName: table,
        Item: {
          pk: `PLATFORM_ADMIN#${userId}`,
          sk: `ROLE#${role}`,
          gsi2pk: 'PLATFORM_ADMIN',
          gsi2sk: `${long_ago}#${userId}#${role}`,
          user_id: userId,
          email,
          role,
          status: 'active',
          created_at: long_ago,
          created_by: null,
        },
      }),
    );
    if (role === 'super_admin') {
      await client.send(
        new UpdateCommand({
          TableName: table,
          Key: { pk: 'PLATFORM_ADMIN_COUNT', sk: 'ROLE#super_admin' },
          UpdateExpression: 'ADD #count :one',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    }
  }
  const orgRoles = roles.filter((r) => !isPlatformRole(r));
  if (orgRoles.length === 0) return;
  const pmec = orgRoles.some((r) => r === 'compliance' || r === 'pmec_admin');
  const orgId = randomUUID();
  const orgName = pmec ? 'PMEC Payroll' : `Lender of ${email.split('@')[0]}`;
  await client.send(
    new PutCommand({
      TableName: table,
      Item: { pk: `ORG#${orgId}`, sk: 'META', org_id: orgId, org_name: orgName, client_type: pmec ? 'pmec' : 'fi', payee_key: null, created_at: long_ago },
    }),
  );
  // One membership per organisation and person: a second role gets a second home organisation of the same kind.
  for (const [i, role] of orgRoles.entries()) {
    const id = i === 0 ? orgId : randomUUID();
    if (i > 0)
      await client.send(
        new PutCommand({
          TableName: table,
          Item: { pk: `ORG#${id}`, sk: 'META', org_id: id, org_name: orgName, client_type: pmec ? 'pmec' : 'fi', payee_key: null, created_at: long_ago },
        }),
      );
    await client.send(
      new PutCommand({
        TableName: table,
        Item: {
          pk: `ORG#${id}`,
          sk: `MEMBER#${userId}`,
          gsi1pk: `USER#${userId}`,
          gsi1sk: `MEMBER#${id}`,
          org_id: id,
          org_name: orgName,
          client_type: pmec ? 'pmec' : 'fi',
          payee_key: null,
          user_id: userId,
          email,
          role,
          status: 'approved',
          is_approved: true,
          created_at: long_ago,
          decided_at: long_ago,
          test_home: true,
        },
      }),
    );
  }
}
