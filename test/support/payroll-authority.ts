import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { updateSettings } from '#shared/routes/settings.js';
import { documentClient, subOf } from '../fixtures/submissions/directory.js';
import { call } from './api.js';
import { createUser, signIn, type TestTwinInfo } from './cognito.js';

/**
 * The payroll authority as tests use it: one PMEC organisation per twin (this id), made on first use and
 * designated by the twin's super admin through PUT /api/settings, as a person does on /admin. Designating it
 * again changes nothing, so each helper call re-designates it for free, also after a test designated another.
 */
export const TEST_AUTHORITY: PmecOrganisation = { orgId: '5e7a11e0-0000-4000-8000-00000000a001', orgName: 'Payroll Management and Establishment Control' };

export interface AuthorityAdmin {
  email: string;
  password: string;
  userId: string;
  token: string;
}

type TwinWithAdmin = TestTwinInfo & { admin: { email: string; password: string } };
const superAdminTokens = new Map<string, { token: Promise<string>; until: number }>();
/** The twin's first super admin, signed in again every half hour (well within an ID token's hour). */
export function superAdminToken(twin: TwinWithAdmin): Promise<string> {
  const kept = superAdminTokens.get(twin.url);
  if (kept && kept.until > Date.now()) return kept.token;
  const token = signIn(twin, twin.admin.email, twin.admin.password).then((session) => session.idToken);
  superAdminTokens.set(twin.url, { token, until: Date.now() + 30 * 60_000 });
  return token;
}

export interface PmecOrganisation {
  orgId: string;
  orgName: string;
}

/** An approved PMEC organisation (its request approved), straight into the directory. */
export async function seedPmecOrganisation(
  twin: TestTwinInfo,
  org: PmecOrganisation = { orgId: randomUUID(), orgName: `District Payroll Office ${randomUUID().slice(0, 6)}` },
): Promise<PmecOrganisation> {
  const item = {
    pk: `ORG#${org.orgId}`,
    sk: 'META',
    org_id: org.orgId,
    org_name: org.orgName,
    client_type: 'pmec',
    payee_key: null,
    created_at: '2000-01-01T00:00:00.000Z',
  };
  await documentClient(twin).send(new PutCommand({ TableName: twin.env.TABLE_DIRECTORY, Item: item }));
  return org;
}

/** A new PMEC admin of this PMEC organisation, signed in, with that one membership (so they act for it with no choice to make). */
export async function seedPmecAdmin(twin: TestTwinInfo, org: PmecOrganisation, email?: string): Promise<AuthorityAdmin> {
  // The Cognito group as a console would show it; the directory's membership is what grants.
  const user = await createUser(twin, ['pmec_admin'], email, { directory: false });
  const { idToken } = await signIn(twin, user.email, user.password);
  const userId = subOf(idToken);
  const now = new Date().toISOString();
  await documentClient(twin).send(
    new PutCommand({
      TableName: twin.env.TABLE_DIRECTORY,
      Item: {
        ...{ pk: `ORG#${org.orgId}`, sk: `MEMBER#${userId}`, gsi1pk: `USER#${userId}`, gsi1sk: `MEMBER#${org.orgId}` },
        ...{ org_id: org.orgId, org_name: org.orgName, client_type: 'pmec', payee_key: null },
        ...{ user_id: userId, email: user.email, role: 'pmec_admin', status: 'approved', is_approved: true, created_at: now, decided_at: now },
      },
    }),
  );
  return { email: user.email, password: user.password, userId, token: idToken };
}

/**
 * A new PMEC admin of the payroll authority, signed in; the test authority is made and designated first.
 * Call it twice for two of its admins.
 */
export async function payrollAuthorityAdmin(twin: TwinWithAdmin, email?: string): Promise<AuthorityAdmin> {
  await seedPmecOrganisation(twin, TEST_AUTHORITY);
  const designate = async () =>
    call(twin, updateSettings, { body: { payroll_authority: { org_id: TEST_AUTHORITY.orgId } }, caller: await superAdminToken(twin) });
  // Test files sharing a twin may designate it at the same moment: the one refused (409, as a second super admin
  // would be) designates it again, as that admin would after reloading.
  let designated = await designate();
  for (let tries = 0; designated.status === 409 && tries < 5; tries += 1) designated = await designate();
  if (designated.status !== 200) throw new Error(`The test payroll authority was not designated: ${designated.status} ${designated.text}`);
  return seedPmecAdmin(twin, TEST_AUTHORITY, email);
}

/** Leaves the platform with no payroll authority, as it is before a super admin designates one. */
export async function clearPayrollAuthority(twin: TestTwinInfo): Promise<void> {
  await documentClient(twin).send(new DeleteCommand({ TableName: twin.env.TABLE_DIRECTORY, Key: { pk: 'SETTING', sk: 'payroll_authority' } }));
}
