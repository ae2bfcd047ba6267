import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addPlatformAdmin, decideAccessRequest } from '#shared/routes/admin.js';
import { addTeamMember } from '#shared/routes/team.js';
import { call, expectStatus } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { approvedOrgAdmin, requestAccess, signedInUser } from './admin-support.js';
import { outbox } from './notify-support.js';

/**
 * The accounts' notifying changes — a team invitation, a platform-admin invitation, an access request decided —
 * write their outbox item in their own transaction: a change refused writes none, a change made is emailed once.
 */
const twin = inject('twin');
const mail = outbox(twin);
Object.assign(process.env, twin.env);
const { dynamo, tableName } = await import('#adapters/aws-clients.js');
const { outboxKey } = await import('#data/notifications/outbox.js');
const { createMembership } = await import('#data/directory/membership-changes.js');
const { getOrganisation } = await import('#data/directory/organisations.js');
const { invitePlatformAdmin } = await import('#data/directory/platform-admin-invitations.js');
const { approveRequest, DecisionConflictError, rejectRequest } = await import('#data/directory/access-decisions.js');
const { getAccessRequest } = await import('#data/directory/access-requests.js');
const { MembershipExistsError } = await import('#data/directory/membership-changes.js');
type QueuedEvent = Parameters<typeof outboxKey>[0];

const queued = async (event: QueuedEvent) => (await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: outboxKey(event) }))).Item ?? null;
const subjectHas = (text: string) => (m: { subject: string }) => m.subject.includes(text);

let adminToken = '';
let lender: Awaited<ReturnType<typeof approvedOrgAdmin>>;
beforeAll(async () => {
  adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
  lender = await approvedOrgAdmin(twin, adminToken);
});

describe('a team invitation of an existing account', () => {
  it('is emailed once; the same invitation refused writes no outbox item', async () => {
    const person = await signedInUser(twin, []);
    expectStatus(await call(twin, addTeamMember, { body: { email: person.email, role: 'compliance' }, caller: lender.token }), 200);
    const org = (await getOrganisation(lender.orgId))!;
    await mail.exactlyOne([person.email.toLowerCase()], subjectHas(`join ${org.org_name}`));

    let refused: QueuedEvent | null = null;
    const notify = (m: { user_id: string; email: string; created_at: string | null }) =>
      (refused = {
        kind: 'membership.invited',
        org_id: org.org_id,
        org_name: org.org_name,
        user_id: m.user_id,
        email: m.email,
        role: 'compliance',
        invited_at: m.created_at!,
      });
    await expect(
      createMembership(org, { user_id: person.username, email: person.email }, 'compliance', 'invited', 'someone@example.com', notify),
    ).rejects.toBeInstanceOf(MembershipExistsError);
    expect(await queued(refused!)).toBeNull();
  });
});

describe('a platform-admin invitation of an existing account', () => {
  it('is emailed once; a second invitation to the same role writes no outbox item', async () => {
    const person = await signedInUser(twin, []);
    expectStatus(await call(twin, addPlatformAdmin, { body: { email: person.email, role: 'sys_admin' }, caller: adminToken }), 200);
    await mail.exactlyOne([person.email.toLowerCase()], subjectHas('join Platform administration'));

    let refused: QueuedEvent | null = null;
    const notify = (at: string) =>
      (refused = {
        kind: 'membership.invited',
        org_id: 'PLATFORM#sys_admin',
        org_name: 'Platform administration',
        user_id: person.username,
        email: person.email,
        role: 'sys_admin',
        invited_at: at,
      });
    expect(
      await invitePlatformAdmin({ user_id: person.username, email: person.email, role: 'sys_admin', created_by: 'someone@example.com' }, notify),
    ).toBeNull();
    expect(await queued(refused!)).toBeNull();
  });
});

describe('an access request decided', () => {
  it('a rejection whose process dies as it commits is emailed once; an approval of it (read while pending) writes no outbox item', async () => {
    const request = await requestAccess(twin, 'fi');
    const stale = (await getAccessRequest(request.id))!;
    // The process dies as the transaction returns: nothing after it in the action runs.
    const name = `die-after-commit-${request.id}`;
    dynamo.middlewareStack.add(
      (next) => async (args) => {
        await next(args);
        throw new Error('the process was killed');
      },
      { step: 'initialize', name },
    );
    try {
      await expect(rejectRequest(stale, 'Documents unreadable.', 'someone@example.com')).rejects.toThrow('the process was killed');
    } finally {
      dynamo.middlewareStack.remove(name);
    }
    await mail.exactlyOne([request.email], subjectHas('was not approved'));

    const approval = approveRequest(stale, {
      userId: request.sub,
      role: 'fi_admin',
      orgName: `Late ${request.id.slice(0, 6)}`,
      by: 'someone@example.com',
      existingOrg: null,
    });
    await expect(approval).rejects.toBeInstanceOf(DecisionConflictError);
    expect(await queued({ kind: 'access_request.decided', request_id: request.id, decision: 'approved' })).toBeNull();
  });

  it('an approval is emailed once', async () => {
    const request = await requestAccess(twin, 'fi');
    expectStatus(
      await call(twin, decideAccessRequest, { params: { id: request.id }, body: { decision: 'approve', role: 'fi_admin' }, caller: adminToken }),
      200,
    );
    await mail.exactlyOne([request.email], subjectHas('was approved'));
  });
});
