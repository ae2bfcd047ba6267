import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReviewDecision } from '#shared/api/reviews.js';
import type { Role } from '#shared/roles.js';
import { assignSubmission, decideSubmission, decideSubmissions } from '#shared/routes/reviews.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook } from '../fixtures/submissions/workbooks.js';
import { call, okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { outbox } from './notify-support.js';

/**
 * Email notifications for submissions, through the twin's real handlers and its outbox: each decision and
 * assignment emails its recipients once, with the right subject and a link into the SPA; refused decisions
 * queue nothing; a repeated event gives one message. (Replays, failing sends and the other events:
 * notifications-delivery.test.ts, notifications-admin.test.ts.)
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const mail = outbox(twin);
const month = currentMonth();
Object.assign(process.env, twin.env);
const { dynamo, tableName } = await import('#adapters/aws-clients.js');
const { outboxKey } = await import('#data/notifications/outbox.js');
type NotificationEvent = Parameters<typeof outboxKey>[0];

const decide = (token: string, id: string, decision: ReviewDecision, note?: string) =>
  call(twin, decideSubmission, { params: { id }, body: { decision, note }, caller: token });
const jobQueued = async (event: NotificationEvent) =>
  Boolean((await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: outboxKey(event) }))).Item);

async function person(org: SeededOrg | null, roles: Role[], status = 'approved') {
  const user = await createUser(twin, roles);
  const { idToken } = await signIn(twin, user.email, user.password);
  if (org) await seedMembership(twin, org, subOf(idToken), status, roles[0], user.email);
  return { email: user.email.toLowerCase(), token: idToken };
}
type Person = Awaited<ReturnType<typeof person>>;

let n = 0;
const base = 600_000 + Math.floor(Math.random() * 200_000);
async function submitted(by: Person, org: SeededOrg): Promise<string> {
  const data = workbook(inputsRows(month, org.payeeKey, [nrcOf(++n, base)]));
  return api.submitWorkbook(by.token, { kind: 'inputs', month, payeeKey: org.payeeKey, fileName: `notified ${n}.xlsx` }, data);
}

let org: SeededOrg;
let adminA: Person;
let adminB: Person;
let pendingAdmin: Person;
let submitter: Person;
let otherMember: Person;
let outsider: Person;
let reviewer: Person;
let pmec: Person;

beforeAll(async () => {
  org = await seedOrganisation(twin, uniquePayeeKey(), 'Notified Bank');
  const other = await seedOrganisation(twin, uniquePayeeKey(), 'Other Bank');
  [adminA, adminB, pendingAdmin, submitter, otherMember, outsider, reviewer, pmec] = await Promise.all([
    person(org, ['fi_admin']),
    person(org, ['fi_admin']),
    person(org, ['fi_admin'], 'pending'),
    person(org, ['data_user']),
    person(org, ['data_user']),
    person(other, ['fi_admin']),
    person(null, ['compliance']),
    person(null, ['pmec_admin']),
  ]);
});

describe('a submission decided', () => {
  it('a rejection: once to the submitter and each approved admin of its organisation, with the reason and a link to it', async () => {
    const id = await submitted(submitter, org);
    expect((await decide(reviewer.token, id, 'reject', 'Wrong <b>payee</b> key')).status).toBe(200);

    const messages = await mail.exactlyOne([submitter.email, adminA.email, adminB.email], id);
    for (const message of messages) {
      expect(message.subject).toMatch(/^Submission rejected: notified \d+\.xlsx$/);
      expect(message.text).toContain('Reason given: Wrong <b>payee</b> key');
      expect(message.html).toContain('Wrong &lt;b&gt;payee&lt;/b&gt; key');
      expect(message.links).toContain(`${twin.url}/reports?id=${id}`);
      expect(message.from).toBe(twin.env.SENDER_EMAIL);
    }
    for (const nobody of [pendingAdmin, otherMember, outsider, reviewer]) expect(await mail.about(nobody.email, id), nobody.email).toEqual([]);
  });

  it('approve, assign, complete: each step once, the assignment to the PMEC admin with a link to the review', async () => {
    const id = await submitted(submitter, org);
    expect((await decide(reviewer.token, id, 'approve')).status).toBe(200);
    expect((await mail.exactlyOne([submitter.email, adminA.email], id))[0]!.subject).toMatch(/^Submission approved by compliance: /);

    expect((await call(twin, assignSubmission, { params: { id }, body: { pmec_email: pmec.email }, caller: reviewer.token })).status).toBe(200);
    const [assigned] = await mail.exactlyOne([pmec.email], id);
    expect(assigned!.subject).toMatch(/^A submission was assigned to you: notified \d+\.xlsx$/);
    expect(assigned!.links).toContain(`${twin.url}/reviews?id=${id}`);

    expect((await decide(pmec.token, id, 'complete')).status).toBe(200);
    const after = await mail.settled(submitter.email, id, 2);
    expect(after.map((m) => m.subject.split(':')[0]).sort()).toEqual(['Submission approved by compliance', 'Submission completed']);
  });
});

describe('refused decisions send nothing', () => {
  it('a wrong role (403) and a wrong state (409) queue no job', async () => {
    const id = await submitted(submitter, org);
    expect((await decide(adminA.token, id, 'approve')).status).toBe(403);
    expect(await jobQueued({ kind: 'submission.decided', submission_id: id, status: 'fi_approved' })).toBe(false);

    expect((await decide(reviewer.token, id, 'approve')).status).toBe(200);
    expect((await decide(reviewer.token, id, 'reject', 'Too late')).status).toBe(409);
    expect(await jobQueued({ kind: 'submission.decided', submission_id: id, status: 'rejected' })).toBe(false);
    expect(await jobQueued({ kind: 'submission.decided', submission_id: id, status: 'fi_approved' })).toBe(true);
    const [only] = await mail.exactlyOne([submitter.email], id);
    expect(only!.subject).toMatch(/^Submission approved by compliance/);
  });

  it('two decisions at once: the one that wins is emailed once, the one refused not at all', async () => {
    const id = await submitted(submitter, org);
    const answers = await Promise.all([decide(reviewer.token, id, 'reject', 'First'), decide(reviewer.token, id, 'reject', 'Second')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [message] = await mail.exactlyOne([submitter.email], id);
    expect(message!.text).toContain(`Reason given: ${answers[0]!.status === 200 ? 'First' : 'Second'}`);
  });

  it('a bulk decision emails each submission it decided once', async () => {
    const ids = [await submitted(submitter, org), await submitted(submitter, org)];
    const res = await call(twin, decideSubmissions, { body: { ids: [...ids, ids[0]!], decision: 'approve' }, caller: reviewer.token });
    expect(okBody(res).succeeded).toHaveLength(2);
    for (const id of ids) await mail.exactlyOne([submitter.email], id);
  });
});
