import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { decideAccessRequest } from '#shared/routes/admin.js';
import { createFraudReport, withdrawFraudReport } from '#shared/routes/fraud.js';
import type { OutboxMessage } from '../../infra/local/outbox.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { call, expectStatus, type RouteRequest } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { requestAccess } from './admin-support.js';
import { outbox } from './notify-support.js';

/**
 * Email notifications for administration and the registry, through the twin's real handlers: an access
 * request approved or rejected emails its applicant once (a retried approval too); a fraud report
 * withdrawn emails the platform admins once; refused actions send nothing.
 */
const twin = inject('twin');
const mail = outbox(twin);
Object.assign(process.env, twin.env);
const { ensurePlatformAdminRecord } = await import('#data/directory/platform-admins.js');

let adminToken = '';
beforeAll(async () => {
  adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
});

const decide = (id: string, body: RouteRequest<typeof decideAccessRequest>) => call(twin, decideAccessRequest, { params: { id }, body, caller: adminToken });
const subject = (pattern: RegExp) => (m: OutboxMessage) => pattern.test(m.subject);
const APPROVED = /^Your access to the .* was approved$/;
const REJECTED = /^Your request for access to the .* was not approved$/;

describe('an access request decided', () => {
  it('approved: once to the applicant, linking to sign-in, even when the approval is retried', async () => {
    const request = await requestAccess(twin, 'fi', { prefix: 'notify-approve' });
    expect((await decide(request.id, { decision: 'approve', role: 'fi_admin' })).status).toBe(200);
    expect((await decide(request.id, { decision: 'approve', role: 'fi_admin' })).status).toBe(200);

    const [message] = await mail.exactlyOne([request.email], subject(APPROVED));
    expect(message!.links).toContain(`${twin.url}/signin`);
    expect(message!.text).toContain('You can now sign in.');
    // Refused after the approval (409): no rejection goes out.
    expect((await decide(request.id, { decision: 'reject', note: 'late' })).status).toBe(409);
    expect(await mail.afterAWhile(request.email, subject(REJECTED))).toEqual([]);
  });

  it('rejected: once to the applicant, with the reason, escaped in the HTML', async () => {
    const request = await requestAccess(twin, 'fi', { prefix: 'notify-reject' });
    expect((await decide(request.id, { decision: 'reject', note: 'No PACRA <certificate>' })).status).toBe(200);
    const [message] = await mail.exactlyOne([request.email], subject(REJECTED));
    expect(message!.text).toContain('Reason given: No PACRA <certificate>');
    expect(message!.html).toContain('No PACRA &lt;certificate&gt;');
    expect(message!.links).toContain(`${twin.url}/signup`);
  });

  it('refused for another role (403): nothing sent', async () => {
    const request = await requestAccess(twin, 'fi', { prefix: 'notify-refused' });
    const compliance = await createUser(twin, ['compliance']).then((u) => signIn(twin, u.email, u.password));
    const res = await call(twin, decideAccessRequest, { params: { id: request.id }, body: { decision: 'reject', note: 'x' }, caller: compliance.idToken });
    expectStatus(res, 403);
    expect(await mail.afterAWhile(request.email, subject(/approved/))).toEqual([]);
  });
});

describe('a fraud report withdrawn', () => {
  it('once to each platform admin, with the reason and a link to the report; refused withdrawals send nothing', async () => {
    const orgs = await Promise.all([seedOrganisation(twin, uniquePayeeKey()), seedOrganisation(twin, uniquePayeeKey())]);
    const [filer, stranger] = await Promise.all(
      orgs.map(async (org) => {
        const user = await createUser(twin, ['fi_admin']);
        const { idToken } = await signIn(twin, user.email, user.password);
        await seedMembership(twin, org, subOf(idToken), 'approved', 'fi_admin', user.email);
        return idToken;
      }),
    );
    const platform = await createUser(twin, ['sys_admin'], `platform-${randomUUID().slice(0, 8)}@example.com`);
    await ensurePlatformAdminRecord({ user_id: platform.username, email: platform.email, role: 'sys_admin', created_by: null });

    const nrc = `${300000 + Math.floor(Math.random() * 600000)}/11/1`;
    const filed = await call(twin, createFraudReport, {
      body: { type: 'Identity theft', nrc, person_name: 'Mutale Phiri', report_month: '2026-03', payee_key: orgs[0]!.payeeKey, description: 'Forged payslip.' },
      caller: filer,
    });
    expectStatus(filed, 200);
    const id = filed.body.id;
    const withdraw = (token: string) => call(twin, withdrawFraudReport, { params: { id }, body: { reason: 'Filed against the <wrong> NRC' }, caller: token });

    expect((await withdraw(stranger!)).status).toBe(403);
    expect(await mail.afterAWhile(platform.email, id)).toEqual([]);
    expect((await withdraw(filer!)).status).toBe(200);
    expect((await withdraw(filer!)).status).toBe(409);

    const [toPlatform, toFirstAdmin] = await mail.exactlyOne([platform.email, twin.admin.email], id);
    for (const message of [toPlatform!, toFirstAdmin!]) {
      expect(message.subject).toBe('A fraud report was withdrawn');
      expect(message.text).toContain('Reason given: Filed against the <wrong> NRC');
      expect(message.html).not.toContain('<wrong>');
      expect(message.links).toContain(`${twin.url}/fraud-list?report=${id}`);
      expect(`${message.html}${message.text}`).not.toContain(nrc);
    }
  });
});
