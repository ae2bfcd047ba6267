import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiClient, deleteApiClient, listApiClients, rotateApiClient } from '#shared/routes/api-clients.js';
import { createDisputeEvidenceUpload, decideDispute, getDispute, listDisputes, openDispute, respondToDispute } from '#shared/routes/disputes.js';
import { createFraudAttachmentUpload, createFraudReport, searchFraudReports, withdrawFraudReport } from '#shared/routes/fraud.js';
import { ROUTES, type RouteId } from '#shared/routes/index.js';
import { decideAppliedReplacement, getReconciliation } from '#shared/routes/reconciliation.js';
import { decideRegisterProposal, getRegister } from '#shared/routes/register.js';
import { listRemittances, recordRemittanceReceipt, resolveRemittanceDifference } from '#shared/routes/remittances.js';
import { assignSubmission, decideSubmission, decideSubmissions, getSubmissionFile, listSubmissions } from '#shared/routes/reviews.js';
import { createUpload, getSubmission, getUpload, getUploadReport, getUploadSignals, submitUpload } from '#shared/routes/submissions.js';
import { addTeamMember, changeMemberRole, getTeam, removeTeamMember } from '#shared/routes/team.js';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, rotateWebhook } from '#shared/routes/webhooks.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { actingFor, call, expectStatus, okBody, type Answer } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { testMonth } from '../support/payroll-schedule.js';
import { seedReconciledMonth } from '../support/remittances.js';

/**
 * Object-level authorisation: an admin of another organisation — allowed by role on every
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
  /** A PMEC admin, who reads the register (and its proposal). */
  pmecAdmin: string;
  /** An API client of organisation A. */
  apiClientId: string;
  /** Organisation A's remittance statement of a reconciled month (RS-YYYYMM-KEY), with a difference recorded. */
  statement: { month: string; number: string };
  /** A webhook endpoint of organisation A. */
  webhookId: string;
}
let w: World;

async function user(roles: Parameters<typeof createUser>[1]) {
  const created = await createUser(twin, roles);
  const { idToken } = await signIn(twin, created.email, created.password);
  return { token: idToken, sub: subOf(idToken), email: created.email };
}

interface Case {
  /** What the other organisation's admin (the caller) tries. */
  attempt: (world: World, caller: string) => Promise<Answer<unknown>>;
  /** Reads what must not have changed (as organisation A sees it). */
  unchanged?: (world: World) => Promise<unknown>;
}

const uploadState = async (world: World) => okBody(await call(twin, getUpload, { params: { id: world.uploadId }, caller: world.adminA.token }));
const teamState = async (world: World) => okBody(await call(twin, getTeam, { caller: world.adminA.token }));
/** What organisation A sees of its statement (its links are signed anew on every read). */
const statementState = async (world: World) =>
  okBody(await call(twin, listRemittances, { query: { month: world.statement.month }, caller: world.adminA.token })).items.map(
    ({ pdf_url: _pdf, csv_url: _csv, ...rest }) => rest,
  );
const apiClientsState = async (world: World) => okBody(await call(twin, listApiClients, { caller: world.adminA.token }));
const webhooksState = async (world: World) => okBody(await call(twin, listWebhooks, { caller: world.adminA.token }));

/** Routes naming an object of an organisation, and how organisation B's admin tries organisation A's. */
const CASES: Partial<Record<RouteId, Case>> = {
  'rotate-api-client': { attempt: (x, caller) => call(twin, rotateApiClient, { params: { client_id: x.apiClientId }, caller }), unchanged: apiClientsState },
  'delete-api-client': { attempt: (x, caller) => call(twin, deleteApiClient, { params: { client_id: x.apiClientId }, caller }), unchanged: apiClientsState },
  'rotate-webhook': { attempt: (x, caller) => call(twin, rotateWebhook, { params: { id: x.webhookId }, caller }), unchanged: webhooksState },
  'delete-webhook': { attempt: (x, caller) => call(twin, deleteWebhook, { params: { id: x.webhookId }, caller }), unchanged: webhooksState },
  'list-webhook-deliveries': { attempt: (x, caller) => call(twin, listWebhookDeliveries, { params: { id: x.webhookId }, caller }) },
  'get-upload': { attempt: (x, caller) => call(twin, getUpload, { params: { id: x.uploadId }, caller }) },
  'get-upload-report': { attempt: (x, caller) => call(twin, getUploadReport, { params: { id: x.uploadId }, caller }) },
  'get-upload-signals': { attempt: (x, caller) => call(twin, getUploadSignals, { params: { id: x.submissionId }, query: { type: 'NEW' }, caller }) },
  'submit-upload': { attempt: (x, caller) => call(twin, submitUpload, { params: { id: x.uploadId }, caller }), unchanged: uploadState },
  'get-submission': { attempt: (x, caller) => call(twin, getSubmission, { params: { id: x.submissionId }, caller }) },
  'get-submission-file': { attempt: (x, caller) => call(twin, getSubmissionFile, { params: { id: x.submissionId }, caller }) },
  'create-upload': {
    attempt: (x, caller) =>
      call(twin, createUpload, {
        body: { doc_kind: 'inputs', month, payee_key: x.orgA.payeeKey, file_name: 'a.xlsx', size: 100, content_type: XLSX_MIME },
        caller,
      }),
  },
  'get-team': { attempt: (x, caller) => call(twin, getTeam, { query: { org_id: x.orgA.orgId }, caller }) },
  'add-team-member': {
    attempt: (x, caller) => call(twin, addTeamMember, { body: { email: 'intruder@example.com', role: 'data_user', org_id: x.orgA.orgId }, caller }),
    unchanged: teamState,
  },
  'remove-team-member': { attempt: (x, caller) => call(twin, removeTeamMember, { params: { id: x.adminA.sub }, caller }), unchanged: teamState },
  'change-member-role': {
    attempt: (x, caller) => call(twin, changeMemberRole, { params: { id: x.adminA.sub }, body: { role: 'data_user' }, caller }),
    unchanged: teamState,
  },
  'create-fraud-report': {
    // An attachment key uploaded by someone else, for another report.
    attempt: (x, caller) =>
      call(twin, createFraudReport, {
        body: {
          type: 'Other',
          nrc: '123456/78/9',
          person_name: 'Someone',
          report_month: '2026-03',
          payee_key: x.payeeKeyB,
          description: '',
          attachments: [x.attachmentKey],
        },
        caller,
      }),
  },
  'withdraw-fraud-report': {
    attempt: (x, caller) => call(twin, withdrawFraudReport, { params: { id: x.report.id }, body: { reason: 'Not ours to withdraw' }, caller }),
    unchanged: async (x) => okBody(await call(twin, searchFraudReports, { body: { nrcs: [x.report.nrc] }, caller: x.adminA.token })),
  },
  'get-dispute': { attempt: (x, caller) => call(twin, getDispute, { params: { id: x.disputeId }, caller }) },
  'respond-to-dispute': {
    attempt: (x, caller) => call(twin, respondToDispute, { params: { id: x.disputeId }, body: { message: 'Answering for another lender' }, caller }),
    unchanged: async (x) => okBody(await call(twin, getDispute, { params: { id: x.disputeId }, caller: x.adminA.token })).dispute,
  },
  'create-dispute-evidence-upload': {
    attempt: (x, caller) => call(twin, createDisputeEvidenceUpload, { params: { id: x.disputeId }, body: { file_name: 'a.pdf', size: 10 }, caller }),
  },
  // A lender's admin deciding a register proposal (another PMEC organisation's admin: register-proposals.test.ts).
  'decide-register-proposal': {
    attempt: (x, caller) => call(twin, decideRegisterProposal, { params: { upload_id: x.uploadId }, body: { decision: 'approve' }, caller }),
    unchanged: async (x) => okBody(await call(twin, getRegister, { caller: x.pmecAdmin })),
  },
  // A lender's admin approving a replacement of a month's applied file (another PMEC organisation's admin: applied-replacement.test.ts).
  'decide-applied-replacement': {
    attempt: (x, caller) => call(twin, decideAppliedReplacement, { params: { id: x.uploadId }, body: { decision: 'approve' }, caller }),
    // The month's reconciliation as the lender reads it, but for its CSV link, presigned afresh (and dated) at each read.
    unchanged: async (x) => {
      const { csv_url: _link, ...month } = okBody(
        await call(twin, getReconciliation, { query: { month: x.statement.month, payee_key: x.orgA.payeeKey }, caller: x.adminA.token }),
      );
      return month;
    },
  },
  // Another lender's statement: 403 (its number names a month and a payee key, which lenders know of each other).
  'record-remittance-receipt': {
    attempt: (x, caller) =>
      call(twin, recordRemittanceReceipt, {
        params: { statement_number: x.statement.number },
        body: { amount: 1, received_on: `${x.statement.month}-02` },
        caller,
      }),
    unchanged: statementState,
  },
  'resolve-remittance-difference': {
    attempt: (x, caller) =>
      call(twin, resolveRemittanceDifference, { params: { statement_number: x.statement.number }, body: { note: 'Not my statement to settle' }, caller }),
    unchanged: statementState,
  },
};

/** Routes naming objects that only platform admins reach: the role check refuses every FI admin (route-matrix.test.ts). */
const PLATFORM_ONLY = new Set(ROUTES.filter((r) => r.access.kind === 'roles' && !r.access.roles.includes('fi_admin')).map((r) => r.id));

/** An employee's routes name the employee's own objects, never an organisation's (their pool's authorizer refuses staff tokens there). */
const namesAnObject = (route: (typeof ROUTES)[number]) =>
  (route.access.kind !== 'employee' && /\{[^}]+\}/.test(route.path)) ||
  ['get-team', 'add-team-member', 'create-upload', 'create-fraud-report'].includes(route.id);

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
  expectStatus(submitted, 200);
  const presign = await call(twin, createFraudAttachmentUpload, {
    body: { file_name: 'evidence.pdf', size: 10, content_type: 'application/pdf' },
    caller: adminA.token,
  });
  expectStatus(presign, 200);
  const reportNrc = `${800_000 + Math.floor(Math.random() * 99_999)}/88/1`;
  const filed = await call(twin, createFraudReport, {
    body: { type: 'Other', nrc: reportNrc, person_name: 'Someone', report_month: '2026-03', payee_key: orgA.payeeKey, description: '' },
    caller: adminA.token,
  });
  expectStatus(filed, 200);
  await api.waitForIngestion(adminA.token, second.id);
  const compliance = await user(['compliance']);
  const dispute = await call(twin, openDispute, {
    body: { nrc: nrcOf(1), payee_key: orgA.payeeKey, month, reason: 'Never borrowed' },
    caller: compliance.token,
  });
  expectStatus(dispute, 201);
  const statementMonth = testMonth();
  const line = { employee_no: 'EMP000001', nrc: nrcOf(1), name: 'Mwila Banda', expected: 300, applied: 300, status: 'APPLIED' as const, reason: null };
  await seedReconciledMonth(twin, statementMonth, [{ payeeKey: orgA.payeeKey, orgName: orgA.orgName, lines: [line] }]);
  const statementNumber = `RS-${statementMonth.replace('-', '')}-${orgA.payeeKey}`;
  const receipt = await call(twin, recordRemittanceReceipt, {
    params: { statement_number: statementNumber },
    body: { amount: 250, received_on: `${statementMonth}-28` },
    caller: adminA.token,
  });
  expectStatus(receipt, 200);
  w = {
    statement: { month: statementMonth, number: statementNumber },
    orgA,
    adminA,
    adminB,
    payeeKeyB: orgB.payeeKey,
    uploadId: validated.id,
    submissionId: String(submitted.body.submission_id),
    attachmentKey: presign.body.key,
    report: { id: filed.body.id, nrc: reportNrc },
    disputeId: dispute.body.dispute.id,
    pmecAdmin: (await user(['pmec_admin'])).token,
    apiClientId: okBody(await call(twin, createApiClient, { body: { name: 'core-banking', role: 'data_user' }, caller: adminA.token })).client_id,
    webhookId: okBody(await call(twin, createWebhook, { body: { url: 'https://loans.example.zm/hooks', events: ['upload.validated'] }, caller: adminA.token }))
      .id,
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
    // An FI admin of their own organisation who is a data user of A, acting for A.
    twoOrgs = await user([]);
    await seedMembership(twin, await seedOrganisation(twin, uniquePayeeKey()), twoOrgs.sub, 'approved', 'fi_admin');
    await seedMembership(twin, w.orgA, twoOrgs.sub, 'approved', 'data_user');
    twoOrgs = { ...twoOrgs, token: actingFor(twoOrgs.token, w.orgA.orgId) };
    const orgC = await seedOrganisation(twin, uniquePayeeKey());
    fiCompliance = await user([]);
    await seedMembership(twin, orgC, fiCompliance.sub, 'approved', 'compliance');
  });

  /** What a data user of A may not do in A, though they are an FI admin elsewhere. */
  const ADMIN_ONLY: RouteId[] = [
    'get-submission-file',
    'get-team',
    'add-team-member',
    'remove-team-member',
    'change-member-role',
    'withdraw-fraud-report',
    'get-dispute',
    'respond-to-dispute',
    'create-dispute-evidence-upload',
    'record-remittance-receipt',
    'resolve-remittance-difference',
  ];

  it.each(ADMIN_ONLY)('%s: an FI admin elsewhere is a data user in A, and is refused', async (id) => {
    const testCase = CASES[id]!;
    const before = await testCase.unchanged?.(w);
    const res = await testCase.attempt(w, twoOrgs.token);
    expect([403, 404]).toContain(res.status);
    if (testCase.unchanged) expect(await testCase.unchanged(w)).toEqual(before);
  });

  it('lets that data user do what a data user of A may', async () => {
    expect((await call(twin, getUpload, { params: { id: w.uploadId }, caller: twoOrgs.token })).status).toBe(200);
    expect((await call(twin, getSubmission, { params: { id: w.submissionId }, caller: twoOrgs.token })).status).toBe(200);
    // The reports list is for organisation admins: acting for A, their admin role elsewhere does not open it.
    expect((await call(twin, listSubmissions, { query: { scope: 'reports' }, caller: twoOrgs.token })).status).toBe(403);
  });

  it('keeps a compliance member of another FI organisation out of A’s submissions and disputes', async () => {
    const before = okBody(await call(twin, getSubmission, { params: { id: w.submissionId }, caller: w.adminA.token }));
    const attempts = [
      call(twin, getSubmission, { params: { id: w.submissionId }, caller: fiCompliance.token }),
      call(twin, getSubmissionFile, { params: { id: w.submissionId }, caller: fiCompliance.token }),
      call(twin, decideSubmission, { params: { id: w.submissionId }, body: { decision: 'reject', note: 'Not mine to reject' }, caller: fiCompliance.token }),
      call(twin, assignSubmission, { params: { id: w.submissionId }, body: { pmec_email: 'pmec@example.com' }, caller: fiCompliance.token }),
      call(twin, getDispute, { params: { id: w.disputeId }, caller: fiCompliance.token }),
      call(twin, decideDispute, { params: { id: w.disputeId }, body: { decision: 'upheld', note: 'Not mine to decide' }, caller: fiCompliance.token }),
      call(twin, openDispute, { body: { nrc: nrcOf(2), payee_key: w.orgA.payeeKey, month, reason: 'Not mine to open' }, caller: fiCompliance.token }),
    ];
    for (const res of await Promise.all(attempts)) expect([403, 404]).toContain(res.status);
    const bulk = await call(twin, decideSubmissions, { body: { ids: [w.submissionId], decision: 'approve' }, caller: fiCompliance.token });
    expect(bulk.body).toMatchObject({ succeeded: [], failed: [{ id: w.submissionId }] });
    const queue = await call(twin, listSubmissions, { query: { scope: 'reviews' }, caller: fiCompliance.token });
    expectStatus(queue, 200);
    expect(queue.body.items.some((i) => i.id === w.submissionId)).toBe(false);
    expect(okBody(await call(twin, listDisputes, { caller: fiCompliance.token })).items).toEqual([]);
    expect((await call(twin, getSubmission, { params: { id: w.submissionId }, caller: w.adminA.token })).body).toEqual(before);
  });
});

describe('object-level checks', () => {
  it('cover every route that names an organisation’s object', () => {
    const uncovered = ROUTES.filter((route) => namesAnObject(route) && !CASES[route.id as RouteId] && !PLATFORM_ONLY.has(route.id)).map((r) => r.id);
    expect(uncovered).toEqual([]);
  });

  it.each(Object.entries(CASES) as [RouteId, Case][])('%s: another organisation’s admin is refused and nothing changes', async (_id, testCase) => {
    const before = await testCase.unchanged?.(w);
    const res = await testCase.attempt(w, w.adminB.token);
    expect([400, 403, 404]).toContain(res.status);
    expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    if (testCase.unchanged) expect(await testCase.unchanged(w)).toEqual(before);
  });

  it("the owner still reaches each of them (the refusals above are about the organisation, not the object's absence)", async () => {
    expect((await call(twin, getUpload, { params: { id: w.uploadId }, caller: w.adminA.token })).status).toBe(200);
    expect((await call(twin, getSubmission, { params: { id: w.submissionId }, caller: w.adminA.token })).status).toBe(200);
    expect((await call(twin, getSubmissionFile, { params: { id: w.submissionId }, caller: w.adminA.token })).status).toBe(200);
    expect((await call(twin, getTeam, { caller: w.adminA.token })).body).toMatchObject({ org: { org_id: w.orgA.orgId } });
    const withdrawn = await call(twin, withdrawFraudReport, { params: { id: w.report.id }, body: { reason: 'Ours to withdraw' }, caller: w.adminA.token });
    expect(withdrawn.status).toBe(200);
    expect((await call(twin, getDispute, { params: { id: w.disputeId }, caller: w.adminA.token })).status).toBe(200);
    const answered = await call(twin, respondToDispute, { params: { id: w.disputeId }, body: { message: 'Ours to answer' }, caller: w.adminA.token });
    expect(answered.status).toBe(200);
    const resolved = await call(twin, resolveRemittanceDifference, {
      params: { statement_number: w.statement.number },
      body: { note: 'ZMW 50 follows next week' },
      caller: w.adminA.token,
    });
    expect(resolved.status).toBe(200);
  });
});
