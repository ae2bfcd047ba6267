import { beforeAll, describe, expect, inject, it } from 'vitest';
import { auditSubject } from '#data/audit/subjects.js';
import { REVIEW_MESSAGES, type ReviewDecision } from '#shared/api/reviews.js';
import type { Role } from '#shared/roles.js';
import { assignSubmission, decideSubmission, decideSubmissions, getSubmissionFile, listPmecAdmins, listSubmissions } from '#shared/routes/reviews.js';
import { getSubmission } from '#shared/routes/submissions.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, stoppagesRows, workbook } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, named, offContract, okBody, type Answer, type CallOptions, type RouteBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';

/**
 * The reviews queue and the reports table (list-submissions), each decision's
 * transition and refusal (wrong role, wrong organisation, wrong state, two decisions at once), assignment
 * to a PMEC admin, bulk decisions and the 60-second file link, against the twin's real handlers.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();
Object.assign(process.env, twin.env);
const { auditOfSubject } = await import('#data/audit/log.js');

const decide = (token: string, id: string, decision: ReviewDecision, note?: string) =>
  call(twin, decideSubmission, { params: { id }, body: { decision, note }, caller: token });
const assign = (token: string, id: string, pmec_email: string) => call(twin, assignSubmission, { params: { id }, body: { pmec_email }, caller: token });
const list = (token: string, query: CallOptions<typeof listSubmissions>['query']) => call(twin, listSubmissions, { query, caller: token });
const statusOf = async (id: string) => okBody(await call(twin, getSubmission, { params: { id }, caller: reviewer.token })).status;

async function person(org: SeededOrg | null, roles: Role[]) {
  const user = await createUser(twin, roles);
  const { idToken } = await signIn(twin, user.email, user.password);
  if (org) await seedMembership(twin, org, subOf(idToken), 'approved', roles[0]);
  return { ...user, token: idToken, sub: subOf(idToken) };
}
type Person = Awaited<ReturnType<typeof person>>;

let n = 0;
const base = 300_000 + Math.floor(Math.random() * 200_000);
/** A validated and submitted upload: a pending submission of `org`. */
async function submitted(by: Person, org: SeededOrg, kind: 'inputs' | 'stoppages' = 'inputs'): Promise<string> {
  const nrcs = [nrcOf(++n, base)];
  const data = workbook(kind === 'inputs' ? inputsRows(month, org.payeeKey, nrcs) : stoppagesRows(month, org.payeeKey, nrcs));
  return api.submitWorkbook(by.token, { kind, month, payeeKey: org.payeeKey, fileName: `${kind} ${n}.xlsx` }, data);
}

let orgA: SeededOrg;
let orgB: SeededOrg;
let fiA: Person;
let fiB: Person;
let dataUserA: Person;
let reviewer: Person;
let secondReviewer: Person;
let pmec: Person;
let sys: Person;
/** A's three submissions (oldest first) and B's one, for the list tests. */
let listA: string[];
let listB: string;

/** In both organisations' names, so that one search finds this file's submissions and no others. */
const tag = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([
    seedOrganisation(twin, uniquePayeeKey(), `Reviewed Alpha ${tag}`),
    seedOrganisation(twin, uniquePayeeKey(), `Reviewed Beta ${tag}`),
  ]);
  [fiA, fiB, dataUserA, reviewer, secondReviewer, pmec, sys] = await Promise.all([
    person(orgA, ['fi_admin']),
    person(orgB, ['fi_admin']),
    person(orgA, ['data_user']),
    person(null, ['compliance']),
    person(null, ['compliance']),
    person(null, ['pmec_admin']),
    person(null, ['sys_admin']),
  ]);
  listA = [await submitted(fiA, orgA, 'inputs'), await submitted(fiA, orgA, 'stoppages'), await submitted(dataUserA, orgA, 'inputs')];
  listB = await submitted(fiB, orgB, 'inputs');
});

describe('the review path: pending → approved → assigned → completed', () => {
  it('walks one submission through, recording each step and who took it', async () => {
    const id = await submitted(fiA, orgA);
    expect(await statusOf(id)).toBe('pending');

    const approved = await decide(reviewer.token, id, 'approve', 'Totals match the payroll.');
    expectStatus(approved, 200);
    expect(approved.body.item).toMatchObject({ id, status: 'fi_approved', reviewed_by_email: reviewer.email });
    expect(approved.body.message).toBe('Submission approved: now COMPLIANCE APPROVED.');

    const pmecs = okBody(await call(twin, listPmecAdmins, { caller: reviewer.token }));
    expect(pmecs.items.map((i) => i.email)).toContain(pmec.email.toLowerCase());

    const assigned = await assign(reviewer.token, id, pmec.email.toUpperCase());
    expectStatus(assigned, 200);
    expect(assigned.body.item).toMatchObject({ status: 'fi_approved', assigned_to_email: pmec.email.toLowerCase() });
    expect(assigned.body.message).toBe(`Assigned to ${pmec.email.toLowerCase()}.`);

    const completed = await decide(pmec.token, id, 'complete');
    expectStatus(completed, 200);
    expect(completed.body.item).toMatchObject({ status: 'approved', completed_by_email: pmec.email, assigned_to_email: pmec.email.toLowerCase() });
    expect(completed.body.message).toBe('Submission completed: now COMPLETED.');
    expect(await statusOf(id)).toBe('approved');

    const trail = (await auditOfSubject(auditSubject.submission(id))).filter((e) => e.action.startsWith('submission.'));
    expect(trail.map((e: any) => [e.action, e.actor_email, e.details?.before?.status, e.details?.after?.status])).toEqual([
      ['submission.create', fiA.email, undefined, undefined],
      ['submission.approve', reviewer.email, 'pending', 'fi_approved'],
      ['submission.assign', reviewer.email, 'fi_approved', 'fi_approved'],
      ['submission.complete', pmec.email, 'fi_approved', 'approved'],
    ]);
  });

  it('rejects with the reason kept, and refuses a rejection without one', async () => {
    const id = await submitted(fiA, orgA);
    for (const note of [undefined, '', '   ']) {
      expect(await decide(reviewer.token, id, 'reject', note)).toEqual({
        status: 400,
        body: { error: 'reason_required', message: 'Rejection requires a reason.' },
      });
    }
    expect(await statusOf(id)).toBe('pending');
    const rejected = await decide(sys.token, id, 'reject', 'Wrong month: these deductions start next month.');
    expectStatus(rejected, 200);
    expect(rejected.body.item).toMatchObject({
      status: 'rejected',
      decision_reason: 'Wrong month: these deductions start next month.',
      reviewed_by_email: sys.email,
    });
  });
});

describe('refusals', () => {
  it('refuses each decision on a submission in the wrong state, with what it is now', async () => {
    const id = await submitted(fiA, orgA);
    expect(await decide(pmec.token, id, 'complete')).toEqual({
      status: 409,
      body: { error: 'wrong_state', message: REVIEW_MESSAGES.wrongState('complete', 'pending') },
    });
    expect(await assign(reviewer.token, id, pmec.email)).toEqual({
      status: 409,
      body: { error: 'wrong_state', message: REVIEW_MESSAGES.notAssignable('pending') },
    });
    expect((await decide(reviewer.token, id, 'approve')).status).toBe(200);
    expect(await decide(reviewer.token, id, 'approve')).toEqual({
      status: 409,
      body: { error: 'wrong_state', message: REVIEW_MESSAGES.wrongState('approve', 'fi_approved') },
    });
    expect((await decide(reviewer.token, id, 'reject', 'too late')).status).toBe(409);
    expect((await decide(pmec.token, id, 'complete')).status).toBe(200);
    for (const decision of ['approve', 'complete'] as const) {
      expect((await decide(sys.token, id, decision)).body).toMatchObject({
        error: 'wrong_state',
        message: expect.stringContaining('This submission is COMPLETED'),
      });
    }
    expect((await assign(reviewer.token, id, pmec.email)).status).toBe(409);
    expect(await statusOf(id)).toBe('approved');
  });

  it('refuses a decision the role may not take, and changes nothing', async () => {
    const id = await submitted(fiA, orgA);
    // Compliance approves and rejects but does not complete; a PMEC admin completes but does not approve.
    expect(await decide(pmec.token, id, 'approve')).toEqual({ status: 403, body: { error: 'not_allowed', message: REVIEW_MESSAGES.notAllowed('approve') } });
    expect(await decide(pmec.token, id, 'reject', 'no')).toEqual({
      status: 403,
      body: { error: 'not_allowed', message: REVIEW_MESSAGES.notAllowed('reject') },
    });
    expect((await decide(reviewer.token, id, 'approve')).status).toBe(200);
    expect(await decide(reviewer.token, id, 'complete')).toEqual({
      status: 403,
      body: { error: 'not_allowed', message: REVIEW_MESSAGES.notAllowed('complete') },
    });
    // The organisation's own admins and members are not reviewers, whatever the submission.
    for (const who of [fiA, dataUserA, fiB]) {
      expect((await decide(who.token, id, 'complete')).status).toBe(403);
      expect((await assign(who.token, id, pmec.email)).status).toBe(403);
      expect((await call(twin, decideSubmissions, { body: { ids: [id], decision: 'complete' }, caller: who.token })).status).toBe(403);
      expect((await call(twin, listPmecAdmins, { caller: who.token })).status).toBe(403);
    }
    expect((await decide('', id, 'complete')).status).toBe(401);
    expect(await statusOf(id)).toBe('fi_approved');
  });

  it('refuses assigning to someone who is not a PMEC admin, or to no one', async () => {
    const id = await submitted(fiA, orgA);
    expect((await decide(reviewer.token, id, 'approve')).status).toBe(200);
    expect(await assign(reviewer.token, id, '  ')).toEqual({
      status: 400,
      body: { error: 'pmec_email_required', message: 'Select or type a PMEC admin email.' },
    });
    expect(await assign(reviewer.token, id, 'not an email')).toEqual({
      status: 400,
      body: { error: 'invalid_email', message: 'Please enter a valid email address.' },
    });
    expect(await assign(reviewer.token, id, fiA.email)).toEqual({
      status: 400,
      body: { error: 'not_pmec_admin', message: REVIEW_MESSAGES.notPmecAdmin(fiA.email.toLowerCase()) },
    });
    expect(await assign(reviewer.token, id, 'nobody-here@example.com')).toMatchObject({ status: 400, body: { error: 'not_pmec_admin' } });
    // The submission itself does not name an assignee: the reviews list does.
    const queued = okBody(await list(reviewer.token, { scope: 'reviews', q: orgA.orgName })).items.find((item) => item.id === id);
    expect(queued).toMatchObject({ status: 'fi_approved', assigned_to_email: null });
  });

  it('answers an unknown or malformed id with 404, and a bad body with 400', async () => {
    expect(await decide(reviewer.token, '00000000-0000-4000-8000-000000000000', 'approve')).toMatchObject({
      status: 404,
      body: { error: 'submission_not_found' },
    });
    // An id that would climb out of its path, sent encoded as the browser sends it (..%2F..%2Fetc).
    expect(await decide(reviewer.token, '../../etc', 'approve')).toMatchObject({ status: 404 });
    expect((await decide(reviewer.token, listB, offContract('delete'))).status).toBe(400);
    expect((await decide(reviewer.token, listB, 'approve', 'x'.repeat(2001))).status).toBe(400);
    expect(await statusOf(listB)).toBe('pending');
  });
});

describe('two reviewers at once', () => {
  it('lets exactly one of two concurrent decisions win, every time', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => submitted(fiB, orgB)));
    for (const id of ids) {
      const [approve, reject] = await Promise.all([decide(reviewer.token, id, 'approve'), decide(secondReviewer.token, id, 'reject', 'Duplicate file.')]);
      expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      const winner = approve.status === 200 ? 'fi_approved' : 'rejected';
      expect(await statusOf(id)).toBe(winner);
      const decisions = (await auditOfSubject(auditSubject.submission(id))).filter(
        (e) => e.action === 'submission.approve' || e.action === 'submission.reject',
      );
      expect(decisions.filter((e) => e.outcome === 'ok')).toHaveLength(1);
    }
  });

  it('lets one of two concurrent completions win', async () => {
    const id = await submitted(fiB, orgB);
    expect((await decide(reviewer.token, id, 'approve')).status).toBe(200);
    const answers = await Promise.all([decide(pmec.token, id, 'complete'), decide(sys.token, id, 'complete')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe('bulk decisions', () => {
  it("decides each selected submission on its own and answers 'Bulk {decision}: N succeeded, M failed.'", async () => {
    const pending = await Promise.all([1, 2, 3].map(() => submitted(fiA, orgA)));
    const already = await submitted(fiA, orgA);
    expect((await decide(reviewer.token, already, 'approve')).status).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const res = await call(twin, decideSubmissions, { body: { decision: 'approve', ids: [...pending, already, unknown] }, caller: reviewer.token });
    expectStatus(res, 200);
    expect(res.body.message).toBe('Bulk approve: 3 succeeded, 2 failed.');
    expect([...res.body.succeeded].sort()).toEqual([...pending].sort());
    expect(res.body.failed).toEqual(
      expect.arrayContaining([
        // A failure names its file as it stands now (the row may have left the reviewer's list): organisation, kind, month, status.
        {
          id: already,
          error: 'wrong_state',
          message: REVIEW_MESSAGES.wrongState('approve', 'fi_approved'),
          file: { org_name: orgA.orgName, payee_key: orgA.payeeKey, doc_kind: 'inputs', upload_month: month, status: 'fi_approved' },
        },
        { id: unknown, error: 'submission_not_found', message: 'No such submission.', file: null },
      ]),
    );
    for (const id of pending) expect(await statusOf(id)).toBe('fi_approved');

    const completed = await call(twin, decideSubmissions, { body: { decision: 'complete', ids: [...pending, already] }, caller: pmec.token });
    expect(completed.body.message).toBe('Bulk complete: 4 succeeded, 0 failed.');
  });

  it('refuses a bulk reject without a reason before touching any row, and an empty selection', async () => {
    const id = await submitted(fiA, orgA);
    expect(await call(twin, decideSubmissions, { body: { decision: 'reject', ids: [id] }, caller: reviewer.token })).toEqual({
      status: 400,
      body: { error: 'reason_required', message: 'Rejection requires a reason.' },
    });
    expect((await call(twin, decideSubmissions, { body: { decision: 'approve', ids: [] }, caller: reviewer.token })).body).toMatchObject({
      error: 'validation_failed',
      message: 'ids: Select at least one submission.',
    });
    expect(await statusOf(id)).toBe('pending');
  });
});

describe(named(listSubmissions), () => {
  const ofThese = (res: Answer<RouteBody<typeof listSubmissions>>, ids: readonly string[]) =>
    okBody(res)
      .items.filter((i) => ids.includes(i.id))
      .map((i) => i.id);

  it('gives reviewers every organisation’s submissions, newest first, searchable by organisation', async () => {
    const res = await list(reviewer.token, { scope: 'reviews', q: orgA.orgName });
    expectStatus(res, 200);
    const ids = res.body.items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining(listA));
    expect(ids).not.toContain(listB);
    const times = res.body.items.map((i) => i.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(res.body.items.find((i) => i.id === listA[0])).toMatchObject({
      org_id: orgA.orgId,
      org_name: orgA.orgName,
      payee_key: orgA.payeeKey,
      upload_month: month,
      doc_kind: 'inputs',
      row_count: 1,
    });
    // Search by payee key, by organisation id, with the characters the spec strips.
    expect(ofThese(await list(reviewer.token, { q: orgB.payeeKey }), [listB])).toEqual([listB]);
    expect(ofThese(await list(reviewer.token, { q: `*${orgB.orgId},%` }), [listB])).toEqual([listB]);
  });

  it('filters by kind and by status', async () => {
    const q = orgA.orgName;
    expect(ofThese(await list(reviewer.token, { q, kind: 'stoppages' }), listA)).toEqual([listA[1]]);
    const pendingOnly = await list(reviewer.token, { q, status: 'pending' });
    expect(okBody(pendingOnly).items.every((i) => i.status === 'pending')).toBe(true);
    expect(ofThese(pendingOnly, listA)).toEqual([...listA].reverse());
    expect(ofThese(await list(reviewer.token, { q, status: 'approved' }), listA)).toEqual([]);
  });

  it('pages with a cursor: no row twice, none skipped', async () => {
    const q = orgA.orgName;
    const all = okBody(await list(reviewer.token, { q })).items.map((i) => i.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: RouteBody<typeof listSubmissions> = okBody(await list(reviewer.token, { q, limit: '2', cursor: cursor ?? undefined }));
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('refuses bad filters with a message a person can act on', async () => {
    expect(await list(reviewer.token, { q: 'a' })).toEqual({
      status: 400,
      body: { error: 'search_too_short', message: 'Type at least 2 characters to search.' },
    });
    expect((await list(reviewer.token, { q: '*,%' })).status).toBe(200);
    expect((await list(reviewer.token, { status: 'done' })).body).toMatchObject({ error: 'invalid_status' });
    expect((await list(reviewer.token, { kind: 'loans' })).body).toMatchObject({ error: 'invalid_kind' });
    expect((await list(reviewer.token, { limit: '500' })).body).toMatchObject({ error: 'invalid_limit' });
    expect((await list(reviewer.token, { cursor: 'not-a-cursor' })).body).toMatchObject({ error: 'invalid_cursor' });
    // A cursor pointing into another organisation's partition is refused, not followed.
    const forged = Buffer.from(JSON.stringify({ [`gsi2:ORG#${orgB.orgId}`]: null })).toString('base64url');
    expect((await list(fiA.token, { scope: 'reports', cursor: forged })).status).toBe(200);
    expect(ofThese(await list(fiA.token, { scope: 'reports', cursor: forged }), [listB])).toEqual([]);
  });

  it('gives organisation admins only their own organisation’s reports, and platform admins everyone’s', async () => {
    const reportsA = await list(fiA.token, { scope: 'reports' });
    expectStatus(reportsA, 200);
    expect(reportsA.body.items.every((i) => i.org_id === orgA.orgId)).toBe(true);
    expect(ofThese(reportsA, [...listA, listB])).toEqual([...listA].reverse());
    // Without a scope an FI admin gets the reports list.
    expect(ofThese(await list(fiA.token, {}), [listB])).toEqual([]);
    const reportsB = await list(fiB.token, { scope: 'reports' });
    expect(okBody(reportsB).items.every((i) => i.org_id === orgB.orgId)).toBe(true);
    const everyone = await list(sys.token, { scope: 'reports', q: tag });
    expect(ofThese(everyone, [...listA, listB]).sort()).toEqual([...listA, listB].sort());
  });

  it('refuses the reviews list to organisation admins and every list to other roles', async () => {
    expect(await list(fiA.token, { scope: 'reviews' })).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await list(dataUserA.token, { scope: 'reports' })).status).toBe(403);
    expect((await list(reviewer.token, { scope: 'reports' })).status).toBe(403);
    expect((await list(fiA.token, { scope: 'everything' })).status).toBe(400);
    expect((await call(twin, listSubmissions)).status).toBe(401);
  });
});

describe(named(getSubmissionFile), () => {
  it('hands a reviewer a 60-second link to the submitted workbook, and records it', async () => {
    const res = await call(twin, getSubmissionFile, { params: { id: listB }, caller: reviewer.token });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ file_name: expect.stringMatching(/\.xlsx$/), expires_in: 60 });
    expect(new URL(res.body.url).searchParams.get('X-Amz-Expires')).toBe('60');
    const file = await fetch(res.body.url);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    const opened = (await auditOfSubject(auditSubject.submission(listB))).filter((e) => e.action === 'submission.file_open');
    expect(opened.at(-1)).toMatchObject({ actor_email: reviewer.email, outcome: 'ok' });
  });

  it('gives an organisation admin their own organisation’s file only', async () => {
    expect((await call(twin, getSubmissionFile, { params: { id: listB }, caller: fiB.token })).status).toBe(200);
    expect(await call(twin, getSubmissionFile, { params: { id: listB }, caller: fiA.token })).toMatchObject({
      status: 403,
      body: { message: 'This submission belongs to another organisation, or your role there does not allow this.' },
    });
    expect((await call(twin, getSubmissionFile, { params: { id: listA[0]! }, caller: dataUserA.token })).status).toBe(403);
  });
});
