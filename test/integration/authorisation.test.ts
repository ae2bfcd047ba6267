import { beforeAll, describe, expect, inject, it } from 'vitest';
import { currentMonth } from '../../shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook } from '../fixtures/submissions/workbooks.js';
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
    const report = { type: 'Other', nrc: '123456/78/9', person_name: 'Someone', report_month: month, payee_key: orgA.payeeKey, description: 'Posing as a lender' };
    const attempts = await Promise.all([
      api.call(pending.token, '/api/fraud-reports', { method: 'POST', body: report }),
      api.call(pending.token, '/api/fraud-registry/check', { method: 'POST', body: { nrcs: ['123456/78/9'] } }),
      api.call(pending.token, '/api/fraud-reports/attachments', { method: 'POST', body: { file_name: 'a.pdf', size: 10, content_type: 'application/pdf' } }),
      api.call(pending.token, '/api/uploads', { method: 'POST', body: { doc_kind: 'onboarding', month, file_name: 'a.pdf', size: 10, content_type: 'application/pdf' } }),
      api.call(pending.token, '/api/settings'),
      api.call(pending.token, `/api/submissions/${submissionId}`),
    ]);
    // Each is told what to do: the spec's own words where a route has them, else that the account waits for approval.
    for (const res of attempts) expect(res).toMatchObject({ status: 403, body: { error: 'not_approved', message: expect.stringMatching(/waiting for approval|not approved for this org\/payee key/) } });
    expect((await api.call(pending.token, '/api/fraud-reports/search', { method: 'POST', body: { nrcs: ['123456/78/9'] } })).status).toBe(403);
    expect((await api.call(pending.token, '/api/me')).body).toMatchObject({ approved: false, roles: [] });
  });

  it('stays pending with a role held only in the Cognito groups', async () => {
    const groupsOnly = await person(['data_user'], { directory: false });
    expect((await api.call(groupsOnly.token, '/api/me')).body).toMatchObject({ approved: false, roles: [] });
    expect((await api.call(groupsOnly.token, '/api/history?nrc=123456/78/9')).status).toBe(403);
  });
});

describe('a role belongs to one organisation', () => {
  it('makes an FI admin of B who joined A as a data user a data user in A', async () => {
    const adminB = await person(['fi_admin']);
    const invited = await api.call(adminA.token, '/api/team/members', { method: 'POST', body: { email: adminB.email, role: 'data_user' } });
    expect(invited.body).toMatchObject({ member: { status: 'invited' } });
    // Before accepting, nothing of A.
    expect((await api.call(adminB.token, `/api/submissions/${submissionId}`)).status).toBe(403);
    expect((await api.call(adminB.token, '/api/team/accept-invite', { method: 'POST', body: { org_id: orgA.orgId } })).status).toBe(200);
    // A data user of A sees A's submission, but not A's reports, file links or team.
    expect((await api.call(adminB.token, `/api/submissions/${submissionId}`)).status).toBe(200);
    expect((await api.call(adminB.token, `/api/submissions/${submissionId}/file`)).status).toBe(403);
    const reports = await api.call(adminB.token, '/api/submissions?scope=reports');
    expect((reports.body.items as { id: string }[]).some((i) => i.id === submissionId)).toBe(false);
    expect((await api.call(adminB.token, `/api/team?org_id=${orgA.orgId}`)).status).toBe(403);
  });
});
