import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { INVITATION_VALID_DAYS, TEAM_MESSAGES as M } from '#shared/api/team.js';
import { acceptTeamInvite } from '#shared/routes/accounts.js';
import { addTeamMember, getTeam } from '#shared/routes/team.js';
import { latestMessage, temporaryPasswordIn, uniqueEmail } from '../support/accounts.js';
import { call, expectStatus, named, okBody } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { approvedOrgAdmin, completeInvite, groupsOf } from './admin-support.js';

const twin = inject('twin');
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB,
    region: twin.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);
let fi: Awaited<ReturnType<typeof approvedOrgAdmin>>;

beforeAll(async () => {
  fi = await approvedOrgAdmin(twin, (await signIn(twin, twin.admin.email, twin.admin.password)).idToken);
});

/** Invites `email` to the organisation, made `daysAgo` days ago (the membership's own time moved back). */
async function inviteMadeDaysAgo(email: string, daysAgo: number) {
  const added = okBody(await call(twin, addTeamMember, { body: { email, role: 'data_user' }, caller: fi.token }));
  const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  await db.send(
    new UpdateCommand({
      TableName: twin.env.TABLE_DIRECTORY,
      Key: { pk: `ORG#${fi.orgId}`, sk: `MEMBER#${added.member.user_id}` },
      UpdateExpression: 'SET created_at = :at',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
  return { userId: added.member.user_id, at };
}

describe(`expired invitations (${named(getTeam)}, ${named(acceptTeamInvite)})`, () => {
  it('lists an invitation past its days apart from the members and the declined, and refuses its acceptance with a sentence', async () => {
    const email = uniqueEmail('late');
    const { userId, at } = await inviteMadeDaysAgo(email, INVITATION_VALID_DAYS + 1);
    const team = okBody(await call(twin, getTeam, { query: {}, caller: fi.token }));
    expect(team.members.some((m) => m.email === email)).toBe(false);
    expect((team.declined_invitations ?? []).some((d) => d.email === email)).toBe(false);
    const expiredAt = new Date(Date.parse(at) + INVITATION_VALID_DAYS * 86_400_000).toISOString();
    expect(team.expired_invitations).toContainEqual({ user_id: userId, email, role: 'data_user', invited_at: at, expired_at: expiredAt });

    const token = await completeInvite(twin, email, temporaryPasswordIn(await latestMessage(twin, email, 'invited')));
    const day = new Date(expiredAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const refusal = { status: 409, body: { error: 'invitation_expired', message: M.invitationExpired(team.org.org_name, day) } };
    expect(await call(twin, acceptTeamInvite, { body: {}, caller: token })).toEqual(refusal);
    expect(await call(twin, acceptTeamInvite, { body: { org_id: fi.orgId }, caller: token })).toEqual(refusal);
    expect(await groupsOf(twin, userId)).toEqual([]);
  });

  it('keeps an invitation within its days a member to accept', async () => {
    const email = uniqueEmail('in-time');
    await inviteMadeDaysAgo(email, INVITATION_VALID_DAYS - 1);
    const team = okBody(await call(twin, getTeam, { query: {}, caller: fi.token }));
    expect(team.members).toContainEqual(expect.objectContaining({ email, status: 'invited' }));
    expect((team.expired_invitations ?? []).some((x) => x.email === email)).toBe(false);
    const token = await completeInvite(twin, email, temporaryPasswordIn(await latestMessage(twin, email, 'invited')));
    expectStatus(await call(twin, acceptTeamInvite, { body: {}, caller: token }), 200);
  });
});
