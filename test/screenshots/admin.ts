// The administration screens for `npm run screenshots` (spec part 2 §2: Team Management,
// Administration, Access Requests with the User Inspector, Platform Admins).
import type { Page } from '@playwright/test';
import { signInAt } from '../e2e/support.js';
import { apiCaller, approvedOrgAdmin, requestAccess } from '../integration/admin-support.js';
import { pdfBytes, postToS3, uniqueEmail } from '../support/accounts.js';
import { createUser, signIn } from '../support/cognito.js';
import type { Shot, Twin } from './core.js';

const asAdmin = (page: Page, twin: Twin) => signInAt(page, twin.admin.email, twin.admin.password);
const adminToken = (twin: Twin) => signIn(twin, twin.admin.email, twin.admin.password).then((t) => t.idToken);

/** A few requests in several states, so the table reads as it does on a working day. */
async function seedRequests(twin: Twin) {
  const token = await adminToken(twin);
  const api = apiCaller(twin);
  const fi = await requestAccess(twin, 'fi', { prefix: 'finance.officer' });
  for (const doc of ['tpin', 'pacra', 'application']) await postToS3(fi.uploads[doc]!, pdfBytes(4096));
  await requestAccess(twin, 'pmec', { orgName: 'Ministry of Finance Payroll', prefix: 'payroll.lead' });
  const rejected = await requestAccess(twin, 'fi', { prefix: 'unknown.lender' });
  await api(token, 'POST', `/api/admin/access-requests/${rejected.id}/decision`, { decision: 'reject', note: 'Payee key not registered with PMEC.' });
  return fi;
}

/** A bank with an admin, and a second request for its payee key: one document false, one never sent. */
async function seedJoinRequest(twin: Twin) {
  const token = await adminToken(twin);
  const bank = await requestAccess(twin, 'fi', { prefix: 'head.of.credit' });
  await apiCaller(twin)(token, 'POST', `/api/admin/access-requests/${bank.id}/decision`, { decision: 'approve', role: 'fi_admin', org_name: 'Bank of Kasama' });
  const second = await requestAccess(twin, 'fi', { prefix: 'loans.officer', payeeKey: bank.payeeKey! });
  await postToS3(second.uploads.tpin!, pdfBytes(4096));
  await postToS3(second.uploads.pacra!, Buffer.from('PK\u0003\u0004 a spreadsheet, not a PDF'));
  // The bucket's events mark the documents as they land.
  for (let i = 0; i < 50; i++) {
    const listed = await apiCaller(twin)(token, 'GET', `/api/admin/access-requests?q=${encodeURIComponent(second.email)}`);
    if (listed.json.items[0]?.missing_documents?.length === 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return second;
}

/** An FI organisation with an admin, an active member and an invitee. */
async function seedTeam(twin: Twin) {
  const admin = await approvedOrgAdmin(twin, await adminToken(twin), 'fi');
  const api = apiCaller(twin);
  const member = await createUser(twin, []);
  await api(admin.token, 'POST', '/api/team/members', { email: member.email, role: 'compliance' });
  await api(admin.token, 'POST', '/api/team/members', { email: uniqueEmail('new.analyst'), role: 'data_user' });
  return admin;
}

export function adminShots(twin: Twin): Shot[] {
  return [
    ['admin-dashboard', async (page) => {
      await seedRequests(twin);
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/admin`);
      await page.getByTestId('admin-updated').getByText('Updated').waitFor();
    }],
    ['admin-requests', async (page) => {
      await seedRequests(twin);
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/admin/requests`);
      await page.getByTestId('request-row').first().waitFor();
    }],
    ['admin-requests-approve', async (page) => {
      const fi = await seedRequests(twin);
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/admin/requests`);
      await page.getByRole('button', { name: `Approve ${fi.email}` }).click();
      await page.getByRole('dialog').waitFor();
    }],
    ['admin-requests-join', async (page) => {
      const second = await seedJoinRequest(twin);
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/admin/requests`);
      await page.getByRole('textbox', { name: 'Search' }).fill(second.email);
      await page.getByRole('button', { name: `Approve ${second.email}` }).click();
      await page.getByRole('dialog').getByRole('radio', { name: /^Join / }).check();
    }],
    ['admin-requests-false-document', async (page) => {
      const second = await seedJoinRequest(twin);
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/admin/requests`);
      await page.getByRole('textbox', { name: 'Search' }).fill(second.email);
      await page.getByRole('button', { name: `Preview the documents of ${second.email}` }).click();
      await page.getByText('Not a PDF: the file uploaded').waitFor();
    }],
    ['admin-requests-reject-reason', async (page) => {
      const fi = await seedRequests(twin);
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/admin/requests`);
      await page.getByRole('button', { name: `Reject ${fi.email}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
      await page.getByText('Enter a reason to reject or remove this request.').waitFor();
    }],
    ['admin-requests-documents', async (page) => {
      const fi = await seedRequests(twin);
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/admin/requests`);
      await page.getByRole('button', { name: `Preview the documents of ${fi.email}` }).click();
      await page.getByRole('link', { name: 'Open PDF' }).first().waitFor();
    }],
    ['admin-user-inspector', async (page) => {
      const fi = await seedRequests(twin);
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/admin/requests`);
      await signIn(twin, fi.email, fi.password);
      await page.getByRole('button', { name: `Inspect ${fi.email}` }).click();
      await page.getByText('Access requests (1)').waitFor();
    }],
    ['admin-users', async (page) => {
      await createUser(twin, ['sys_admin'], uniqueEmail('ops.sysadmin'));
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/admin/users`);
      await page.getByTestId('platform-admin-row').first().waitFor();
    }],
    ['admin-users-remove', async (page) => {
      const sys = await createUser(twin, ['sys_admin'], uniqueEmail('ops.sysadmin'));
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/admin/users`);
      await page.getByRole('button', { name: `Remove SYS_ADMIN from ${sys.email}` }).click();
      await page.getByRole('dialog').waitFor();
    }],
    ['team-fi-admin', async (page) => {
      const admin = await seedTeam(twin);
      await signInAt(page, admin.email, admin.password);
      await page.goto(`${twin.url}/team`);
      await page.getByTestId('member-row').nth(2).waitFor();
    }],
    ['team-fi-admin-error', async (page) => {
      const admin = await seedTeam(twin);
      await signInAt(page, admin.email, admin.password);
      await page.goto(`${twin.url}/team`);
      await page.getByRole('button', { name: 'Add member' }).click();
      await page.getByText('Please enter an email and select a role.').waitFor();
    }],
    ['team-platform-admin', async (page) => {
      const admin = await seedTeam(twin);
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/team`);
      await page.getByLabel('Org ID').fill(admin.orgId);
      await page.getByRole('button', { name: 'Load' }).click();
      await page.getByTestId('member-row').first().waitFor();
      await page.getByRole('button', { name: /Platform Admins/ }).click();
      await page.getByRole('button', { name: /Effective Roles/ }).click();
    }],
    ['team-platform-admin-empty', async (page) => {
      await asAdmin(page, twin);
      await page.goto(`${twin.url}/team`);
      await page.getByLabel('Org ID').fill('not-an-id');
      await page.getByRole('button', { name: 'Load' }).click();
    }],
  ];
}
