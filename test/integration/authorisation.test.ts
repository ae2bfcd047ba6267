import { beforeAll, describe, expect, inject, it } from 'vitest';
import { acceptTeamInvite, getMe } from '#shared/routes/accounts.js';
import { checkFraudRegistry, createFraudAttachmentUpload, createFraudReport, searchFraudReports } from '#shared/routes/fraud.js';
import { getHistory } from '#shared/routes/history.js';
import { getSubmissionFile, listSubmissions } from '#shared/routes/reviews.js';
import { getSettings } from '#shared/routes/settings.js';
import { createUpload, getSubmission } from '#shared/routes/submissions.js';
import { addTeamMember, getTeam } from '#shared/routes/team.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook } from '../fixtures/submissions/workbooks.js';
import { actingFor, call, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * What an account may do is the directory's to say, per organisation. Each case below was open before:
 * a pending account wrote to the fraud registry; an FI admin of B added to A's team had B's role in A;
 * a role in the Cognito groups alone passed the pending gate.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();

async function person(roles: Parameters<typeof createUser>[1] = [], options?: { directory?: boolean }) {
  const user = await createUser(twin, roles, undefined, options);
  const { idToken } = await signIn(twin, user.email, user.password);
  return { ...user, token: idToken, sub: subOf(idToken) };
}

let orgA: SeededOrg;
let adminA: Awaited<ReturnType<typeof person>>;
let submissionId = '';

beforeAll(async () => {
  orgA = await seedOrganisation(twin, uniquePayeeKey());
  adminA = await person();
  await seedMembership(twin, orgA, adminA.sub, 'approved', 'fi_admin');
  const data = workbook(inputsRows(month, orgA.payeeKey, [nrcOf(7, 610_000)]));
  submissionId = await api.submitWorkbook(adminA.token, { kind: 'inputs', month, payeeKey: orgA.payeeKey, fileName: 'A.xlsx' }, data);
});

describe('a pending account', () => {
  it('reaches only its own account and invitations: the registry, uploads and settings answer 403 with what to do', async () => {
    const pending = await person();
    const report = {
      type: 'Other',
      nrc: '123456/78/9',
      person_name: 'Someone',
      report_month: month,
      payee_key: orgA.payeeKey,
      description: 'Posing as a lender',
    };
    const attempts = await Promise.all([
      call(twin, createFraudReport, { body: report, caller: pending.token }),
      call(twin, checkFraudRegistry, { body: { nrcs: ['123456/78/9'] }, caller: pending.token }),
      call(twin, createFraudAttachmentUpload, { body: { file_name: 'a.pdf', size: 10, content_type: 'application/pdf' }, caller: pending.token }),
      call(twin, createUpload, {
        body: { doc_kind: 'onboarding', month, file_name: 'a.pdf', size: 10, content_type: 'application/pdf' },
        caller: pending.token,
      }),
      call(twin, getSettings, { caller: pending.token }),
      call(twin, getSubmission, { params: { id: submissionId }, caller: pending.token }),
    ]);
    // Each is told what to do: the spec's own words where a route has them, else that the account waits for approval.
    for (const res of attempts)
      expect(res).toMatchObject({
        status: 403,
        body: { error: 'not_approved', message: expect.stringMatching(/waiting for approval|not approved for this org\/payee key/) },
      });
    expect((await call(twin, searchFraudReports, { body: { nrcs: ['123456/78/9'] }, caller: pending.token })).status).toBe(403);
    expect((await call(twin, getMe, { caller: pending.token })).body).toMatchObject({ approved: false, roles: [] });
  });

  it('stays pending with a role held only in the Cognito groups', async () => {
    const groupsOnly = await person(['data_user'], { directory: false });
    expect((await call(twin, getMe, { caller: groupsOnly.token })).body).toMatchObject({ approved: false, roles: [] });
    expect((await call(twin, getHistory, { query: { nrc: '123456/78/9' }, caller: groupsOnly.token })).status).toBe(403);
  });
});

describe('a role belongs to one organisation', () => {
  it('makes an FI admin of B who joined A as a data user a data user in A', async () => {
    const adminB = await person(['fi_admin']);
    const invited = await call(twin, addTeamMember, { body: { email: adminB.email, role: 'data_user' }, caller: adminA.token });
    expect(invited.body).toMatchObject({ member: { status: 'invited' } });
    // Before accepting, nothing of A.
    expect((await call(twin, getSubmission, { params: { id: submissionId }, caller: adminB.token })).status).toBe(403);
    expect((await call(twin, acceptTeamInvite, { body: { org_id: orgA.orgId }, caller: adminB.token })).status).toBe(200);
    // Now a member of two organisations: acting for A, a data user of A sees A's submission, but not A's reports, file links or team.
    const inA = actingFor(adminB.token, orgA.orgId);
    expect((await call(twin, getSubmission, { params: { id: submissionId }, caller: inA })).status).toBe(200);
    expect((await call(twin, getSubmissionFile, { params: { id: submissionId }, caller: inA })).status).toBe(403);
    // The reports list is for organisation admins: acting for A, their admin role elsewhere does not open it.
    expect((await call(twin, listSubmissions, { query: { scope: 'reports' }, caller: inA })).status).toBe(403);
    expect((await call(twin, getTeam, { query: { org_id: orgA.orgId }, caller: inA })).status).toBe(403);
    // Acting for their own organisation, nothing of A either.
    const home = (okBody(await call(twin, getMe, { caller: adminB.token })).organisations ?? []).find((o) => o.org_id !== orgA.orgId)!;
    expect((await call(twin, getSubmission, { params: { id: submissionId }, caller: actingFor(adminB.token, home.org_id) })).status).toBe(403);
  });
});
