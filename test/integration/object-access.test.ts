import { beforeAll, describe, expect, inject, it } from 'vitest';
import { currentMonth } from '../../shared/rules/dates.js';
import { ROUTES, type RouteId } from '../../shared/routes.js';
import { createUser, signIn } from '../support/cognito.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';

/**
 * Object-level authorisation (issue 8 §1): an admin of another organisation — allowed by role on every
 * one of these routes — names organisation A's objects and is refused, and nothing changes.
 * Every route that names an object (a path parameter, an org_id, a payee key or a stored key) must
 * have a case here or be listed as platform-only: a new route cannot slip past.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();

interface World {
  orgA: SeededOrg;
  adminA: { token: string; sub: string; email: string };
  /** An FI admin, approved member of another organisation. */
  adminB: { token: string; sub: string; email: string };
  /** The payee key of admin B's own organisation. */
  payeeKeyB: string;
  uploadId: string;
  submissionId: string;
  attachmentKey: string;
  /** A fraud report filed by organisation A's admin. */
  report: { id: string; nrc: string };
  /** A dispute on organisation A's deduction, opened by compliance. */
  disputeId: string;
}
let w: World;

async function user(roles: Parameters<typeof createUser>[1]) {
  const created = await createUser(twin, roles);
  const { idToken } = await signIn(twin, created.email, created.password);
  return { token: idToken, sub: subOf(idToken), email: created.email };
}

interface Case {
  /** What the other organisation's admin tries. */
  attempt: (world: World) => { method: string; path: string; body?: unknown };
  /** Reads what must not have changed (as organisation A sees it). */
  unchanged?: (world: World) => Promise<unknown>;
}

const uploadState = async (world: World) => (await api.call(world.adminA.token, `/api/uploads/${world.uploadId}`)).body;
const teamState = async (world: World) => (await api.call(world.adminA.token, '/api/team')).body;

/** Routes naming an object of an organisation, and how organisation B's admin tries organisation A's. */
const CASES: Partial<Record<RouteId, Case>> = {
  'get-upload': { attempt: (x) => ({ method: 'GET', path: `/api/uploads/${x.uploadId}` }) },
  'get-upload-report': { attempt: (x) => ({ method: 'GET', path: `/api/uploads/${x.uploadId}/report` }) },
  'get-upload-signals': { attempt: (x) => ({ method: 'GET', path: `/api/uploads/${x.submissionId}/signals?type=NEW` }) },
  'submit-upload': { attempt: (x) => ({ method: 'POST', path: `/api/uploads/${x.uploadId}/submit` }), unchanged: uploadState },
  'get-submission': { attempt: (x) => ({ method: 'GET', path: `/api/submissions/${x.submissionId}` }) },
  'get-submission-file': { attempt: (x) => ({ method: 'GET', path: `/api/submissions/${x.submissionId}/file` }) },
  'create-upload': {
    attempt: (x) => ({ method: 'POST', path: '/api/uploads', body: { doc_kind: 'inputs', month, payee_key: x.orgA.payeeKey, file_name: 'a.xlsx', size: 100, content_type: XLSX_MIME } }),
  },
  'get-team': { attempt: (x) => ({ method: 'GET', path: `/api/team?org_id=${x.orgA.orgId}` }) },
  'add-team-member': {
    attempt: (x) => ({ method: 'POST', path: '/api/team/members', body: { email: 'intruder@example.com', role: 'data_user', org_id: x.orgA.orgId } }),
    unchanged: teamState,
  },
  'remove-team-member': { attempt: (x) => ({ method: 'DELETE', path: `/api/team/members/${x.adminA.sub}` }), unchanged: teamState },
  'create-fraud-report': {
    // An attachment key uploaded by someone else, for another report.
    attempt: (x) => ({
      method: 'POST',
      path: '/api/fraud-reports',
      body: { fi_name: 'Bank B', type: 'Other', nrc: '123456/78/9', person_name: 'Someone', report_month: '2026-03', payee_key: x.payeeKeyB, description: '', attachments: [x.attachmentKey] },
    }),
  },
  'withdraw-fraud-report': {
    attempt: (x) => ({ method: 'POST', path: `/api/fraud-reports/${x.report.id}/withdraw`, body: { reason: 'Not ours to withdraw' } }),
    unchanged: async (x) => (await api.call(x.adminA.token, '/api/fraud-reports/search', { method: 'POST', body: { nrcs: [x.report.nrc] } })).body,
  },
  'get-dispute': { attempt: (x) => ({ method: 'GET', path: `/api/disputes/${x.disputeId}` }) },
  'respond-to-dispute': {
    attempt: (x) => ({ method: 'POST', path: `/api/disputes/${x.disputeId}/response`, body: { message: 'Answering for another lender' } }),
    unchanged: async (x) => (await api.call(x.adminA.token, `/api/disputes/${x.disputeId}`)).body.dispute,
  },
  'create-dispute-evidence-upload': { attempt: (x) => ({ method: 'POST', path: `/api/disputes/${x.disputeId}/evidence`, body: { file_name: 'a.pdf', size: 10 } }) },
};

/** Routes naming objects that only platform admins reach: the role check refuses every FI admin (route-matrix.test.ts). */
const PLATFORM_ONLY = new Set(ROUTES.filter((r) => r.access.kind === 'roles' && !r.access.roles.includes('fi_admin')).map((r) => r.id));

const namesAnObject = (route: (typeof ROUTES)[number]) =>
  /\{[^}]+\}/.test(route.path) || ['get-team', 'add-team-member', 'create-upload', 'create-fraud-report'].includes(route.id);

beforeAll(async () => {
  const orgA = await seedOrganisation(twin, uniquePayeeKey());
  const orgB = await seedOrganisation(twin, uniquePayeeKey());
  const [adminA, adminB] = await Promise.all([user(['fi_admin']), user(['fi_admin'])]);
  await seedMembership(twin, orgA, adminA.sub);
  await seedMembership(twin, orgB, adminB.sub);
  const request = { doc_kind: 'inputs' as const, month, payee_key: orgA.payeeKey, file_name: 'A inputs.xlsx', size: 0, content_type: XLSX_MIME };
  const file = workbook(inputsRows(month, orgA.payeeKey, [nrcOf(1), nrcOf(2)]));
  const validated = await api.upload(adminA.token, { ...request, size: file.length }, file);
  // A second upload, submitted, for the submission routes.
  const second = await api.upload(adminA.token, { ...request, size: file.length, file_name: 'A second.xlsx' }, file);
  const submitted = await api.submit(adminA.token, second.id);
  expect(submitted.status).toBe(200);
  const presign = await api.call(adminA.token, '/api/fraud-reports/attachments', { method: 'POST', body: { file_name: 'evidence.pdf', size: 10, content_type: 'application/pdf' } });
  expect(presign.status).toBe(200);
  const reportNrc = `${800_000 + Math.floor(Math.random() * 99_999)}/88/1`;
  const filed = await api.call(adminA.token, '/api/fraud-reports', {
    method: 'POST',
    body: { fi_name: 'Bank A', type: 'Other', nrc: reportNrc, person_name: 'Someone', report_month: '2026-03', payee_key: orgA.payeeKey, description: '' },
  });
  expect(filed.status).toBe(200);
  await api.waitForIngestion(adminA.token, second.id);
  const compliance = await user(['compliance']);
  const dispute = await api.call(compliance.token, '/api/disputes', { method: 'POST', body: { nrc: nrcOf(1), payee_key: orgA.payeeKey, month, reason: 'Never borrowed' } });
  expect(dispute.status, JSON.stringify(dispute.body)).toBe(201);
  w = {
    orgA,
    adminA,
    adminB,
    payeeKeyB: orgB.payeeKey,
    uploadId: validated.id,
    submissionId: String(submitted.body.submission_id),
    attachmentKey: String((presign.body as { key: string }).key),
    report: { id: String(filed.body.id), nrc: reportNrc },
    disputeId: String((dispute.body.dispute as { id: string }).id),
  };
});

/**
 * A role belongs to one organisation: a member of two organisations acts in each with the role held
 * there, and a compliance member of an FI organisation reviews that organisation only.
 */
describe('roles held in another organisation', () => {
  let twoOrgs: Awaited<ReturnType<typeof user>>;
  let fiCompliance: Awaited<ReturnType<typeof user>>;
  beforeAll(async () => {
    // An FI admin of their own organisation who is a data user of A.
    twoOrgs = await user(['fi_admin']);
    await seedMembership(twin, w.orgA, twoOrgs.sub, 'approved', 'data_user');
    const orgC = await seedOrganisation(twin, uniquePayeeKey());
    fiCompliance = await user([]);
    await seedMembership(twin, orgC, fiCompliance.sub, 'approved', 'compliance');
  });

  /** What a data user of A may not do in A, though they are an FI admin elsewhere. */
  const ADMIN_ONLY: RouteId[] = ['get-submission-file', 'get-team', 'add-team-member', 'remove-team-member', 'withdraw-fraud-report', 'get-dispute', 'respond-to-dispute', 'create-dispute-evidence-upload'];

  it.each(ADMIN_ONLY)('%s: an FI admin elsewhere is a data user in A, and is refused', async (id) => {
    const testCase = CASES[id]!;
    const before = await testCase.unchanged?.(w);
    const { method, path, body } = testCase.attempt(w);
    const res = await api.call(twoOrgs.token, path, { method, body });
    expect([403, 404]).toContain(res.status);
    if (testCase.unchanged) expect(await testCase.unchanged(w)).toEqual(before);
  });

  it('lets that data user do what a data user of A may', async () => {
    expect((await api.call(twoOrgs.token, `/api/uploads/${w.uploadId}`)).status).toBe(200);
    expect((await api.call(twoOrgs.token, `/api/submissions/${w.submissionId}`)).status).toBe(200);
    // The reports list is for organisation admins: A's rows are not among theirs.
    const reports = await api.call(twoOrgs.token, '/api/submissions?scope=reports');
    expect((reports.body.items as { id: string }[]).some((i) => i.id === w.submissionId)).toBe(false);
  });

  it('keeps a compliance member of another FI organisation out of A’s submissions and disputes', async () => {
    const before = (await api.call(w.adminA.token, `/api/submissions/${w.submissionId}`)).body;
    const attempts = [
      api.call(fiCompliance.token, `/api/submissions/${w.submissionId}`),
      api.call(fiCompliance.token, `/api/submissions/${w.submissionId}/file`),
      api.call(fiCompliance.token, `/api/submissions/${w.submissionId}/decision`, { method: 'POST', body: { decision: 'reject', note: 'Not mine to reject' } }),
      api.call(fiCompliance.token, `/api/submissions/${w.submissionId}/assign`, { method: 'POST', body: { pmec_email: 'pmec@example.com' } }),
      api.call(fiCompliance.token, `/api/disputes/${w.disputeId}`),
      api.call(fiCompliance.token, `/api/disputes/${w.disputeId}/decision`, { method: 'POST', body: { decision: 'upheld', note: 'Not mine to decide' } }),
      api.call(fiCompliance.token, '/api/disputes', { method: 'POST', body: { nrc: nrcOf(2), payee_key: w.orgA.payeeKey, month, reason: 'Not mine to open' } }),
    ];
    for (const res of await Promise.all(attempts)) expect([403, 404]).toContain(res.status);
    const bulk = await api.call(fiCompliance.token, '/api/submissions/decisions', { method: 'POST', body: { ids: [w.submissionId], decision: 'approve' } });
    expect(bulk.body).toMatchObject({ succeeded: [], failed: [{ id: w.submissionId }] });
    const queue = await api.call(fiCompliance.token, '/api/submissions?scope=reviews');
    expect(queue.status).toBe(200);
    expect((queue.body.items as { id: string }[]).some((i) => i.id === w.submissionId)).toBe(false);
    expect((await api.call(fiCompliance.token, '/api/disputes')).body.items).toEqual([]);
    expect((await api.call(w.adminA.token, `/api/submissions/${w.submissionId}`)).body).toEqual(before);
  });
});

describe('object-level checks', () => {
  it('cover every route that names an organisation’s object', () => {
    const uncovered = ROUTES.filter((route) => namesAnObject(route) && !CASES[route.id as RouteId] && !PLATFORM_ONLY.has(route.id)).map((r) => r.id);
    expect(uncovered).toEqual([]);
  });

  it.each(Object.entries(CASES) as [RouteId, Case][])('%s: another organisation’s admin is refused and nothing changes', async (_id, testCase) => {
    const before = await testCase.unchanged?.(w);
    const { method, path, body } = testCase.attempt(w);
    const res = await api.call(w.adminB.token, path, { method, body });
    expect([400, 403, 404]).toContain(res.status);
    expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    if (testCase.unchanged) expect(await testCase.unchanged(w)).toEqual(before);
  });

  it("the owner still reaches each of them (the refusals above are about the organisation, not the object's absence)", async () => {
    expect((await api.call(w.adminA.token, `/api/uploads/${w.uploadId}`)).status).toBe(200);
    expect((await api.call(w.adminA.token, `/api/submissions/${w.submissionId}`)).status).toBe(200);
    expect((await api.call(w.adminA.token, `/api/submissions/${w.submissionId}/file`)).status).toBe(200);
    expect((await api.call(w.adminA.token, '/api/team')).body).toMatchObject({ org: { org_id: w.orgA.orgId } });
    const withdrawn = await api.call(w.adminA.token, `/api/fraud-reports/${w.report.id}/withdraw`, { method: 'POST', body: { reason: 'Ours to withdraw' } });
    expect(withdrawn.status).toBe(200);
    expect((await api.call(w.adminA.token, `/api/disputes/${w.disputeId}`)).status).toBe(200);
    const answered = await api.call(w.adminA.token, `/api/disputes/${w.disputeId}/response`, { method: 'POST', body: { message: 'Ours to answer' } });
    expect(answered.status).toBe(200);
  });
});

