import { expect, type Page, test } from '@playwright/test';
import { ACCESS_DECISION_MESSAGES } from '#shared/api/admin.js';
import { listMandates } from '#shared/routes/mandates.js';
import { apiCaller, approvedOrgAdmin, requestAccess, signedInUser } from '../integration/admin-support.js';
import { latestMessage, pdfBytes, postToS3, uniqueEmail } from '../support/accounts.js';
import { requestClientToken } from '../support/api-clients.js';
import { signIn } from '../support/cognito.js';
import { startReceiver } from '../support/webhooks.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { field, openInvite } from './accounts-support.js';
import { signInThroughUi, twinInfo } from './support.js';

/**
 * Administration end to end: approve → the user gets in with the right menu; invite →
 * accepted through the outbox link; reject and remove with reasons; the last super_admin.
 */
const twin = twinInfo();
const SHOTS = process.env.E2E_SHOTS_DIR;

async function signInAsAdmin(page: Page) {
  await page.goto('/signin');
  await signInThroughUi(page, twin.admin.email, twin.admin.password);
  await expect(page).toHaveURL(/\/app$/);
}

/** The "All" side of the Pending / All switch. */
const showAll = (page: Page) => page.locator('label').filter({ hasText: /^All$/ }).click();

/** Finds a request on /admin/requests by searching its email (the list holds every test's requests). */
async function openRequest(page: Page, email: string) {
  await page.goto('/admin/requests');
  await page.getByRole('textbox', { name: 'Search' }).fill(email);
  await expect(page.getByTestId('request-row').filter({ hasText: email })).toHaveCount(1);
}

test.describe('access requests', () => {
  test('an admin approves a request with a role; the user gets past /pending with the menu of that role', async ({ page, browser }) => {
    const request = await requestAccess(twin, 'fi', { prefix: 'approve-me' });

    // The applicant signs in and waits.
    await page.goto('/signin');
    await signInThroughUi(page, request.email, request.password);
    await expect(page).toHaveURL(/\/pending$/);

    // A super admin approves with the FI admin role.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await openRequest(admin, request.email);
    await admin.getByRole('button', { name: `Approve ${request.email}` }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText('Approve access');
    // An FI request names only its payee key: the organisation's name is asked for, never taken from the key.
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog.getByText(ACCESS_DECISION_MESSAGES.orgNameRequired)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Organisation name' }).fill('Bank of Approvals');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toHaveCount(0);
    await showAll(admin);
    await expect(admin.getByTestId('request-row').filter({ hasText: request.email })).toContainText('approved');
    await adminContext.close();

    // At the next refresh the applicant is in, with an FI admin's menu.
    await page.getByRole('button', { name: 'Refresh status' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('menuitem', { name: 'Team Management' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Reports' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
  });

  test('reject and remove each need a reason, and the request shows its new status', async ({ page }) => {
    const toReject = await requestAccess(twin, 'fi', { prefix: 'reject-me' });
    const toRemove = await requestAccess(twin, 'pmec', { prefix: 'remove-me' });
    await signInAsAdmin(page);

    for (const [request, verb] of [
      [toReject, 'Reject'],
      [toRemove, 'Remove'],
    ] as const) {
      await openRequest(page, request.email);
      await page.getByRole('button', { name: `${verb} ${request.email}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: verb, exact: true }).click();
      await expect(dialog.getByText(ACCESS_DECISION_MESSAGES.reasonRequired)).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill(`Documents do not match the organisation (${verb.toLowerCase()}).`);
      await dialog.getByRole('button', { name: verb, exact: true }).click();
      await expect(dialog.getByText(`${verb === 'Reject' ? 'Reject access request' : 'Remove access request'}`)).toHaveCount(0);
    }
    // Removed: the request is gone, and so is the account, which had no other links.
    await expect(page.getByText(ACCESS_DECISION_MESSAGES.removed)).toBeVisible();
    // Rejected: still listed under All, with its status.
    await page.getByRole('textbox', { name: 'Search' }).fill(toReject.email);
    await showAll(page);
    await expect(page.getByTestId('request-row').filter({ hasText: toReject.email })).toContainText('rejected');
    await page.getByRole('textbox', { name: 'Search' }).fill(toRemove.email);
    await expect(page.getByText('No requests match your search.')).toBeVisible();
  });
});

test.describe('an existing organisation, documents, revoking', () => {
  test('a second request for a payee key joins by choice; the approver sees missing and false documents; an approval is revoked and the account deleted', async ({
    page,
  }) => {
    // Three sign-ins, two axe runs and a deletion: a minute on a loaded two-core machine.
    test.setTimeout(150_000);
    const admin = await approvedOrgAdmin(twin, (await signIn(twin, twin.admin.email, twin.admin.password)).idToken);
    const second = await requestAccess(twin, 'fi', { prefix: 'join-me', payeeKey: admin.payeeKey! });
    await postToS3(second.uploads.tpin!, pdfBytes(800));
    await postToS3(second.uploads.pacra!, Buffer.from('not a pdf at all'));
    // The bucket's events mark the documents as they land.
    const token = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
    await expect
      .poll(
        async () => (await apiCaller(twin)(token, 'GET', `/api/admin/access-requests?q=${encodeURIComponent(second.email)}`)).json.items[0]?.missing_documents,
      )
      .toEqual(['application']);
    await signInAsAdmin(page);
    await openRequest(page, second.email);
    const row = page.getByTestId('request-row').filter({ hasText: second.email });
    await expect(row).toContainText('Missing: Application Letter');
    await expect(row).toContainText('Not a PDF: PACRA');

    await page.getByRole('button', { name: `Approve ${second.email}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('This organisation already exists');
    await expect(dialog).toContainText(admin.email);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog.getByText('Choose: join the existing organisation with a role, or reject this request.')).toBeVisible();
    await dialog.getByRole('radio', { name: /^Join / }).check();
    await dialog.getByRole('combobox', { name: 'Role in the organisation' }).click();
    await page.getByRole('option', { name: 'Data User' }).click();
    await dialog.getByRole('button', { name: 'Join the organisation' }).click();
    await expect(dialog).toHaveCount(0);
    // The "Access approved." toast, held open under the pointer, passes colour contrast like the rest.
    await page.getByRole('alert').filter({ hasText: second.email }).hover();
    await expectNoSeriousViolations(page, 'the requests view with its toast');

    await showAll(page);
    // The All view says which organisation was joined and the role actually granted.
    const approved = page.getByTestId('request-row').filter({ hasText: second.email });
    await expect(approved.getByTestId('role-granted')).toHaveText('Granted: Data User');
    await expect(approved).toContainText(admin.payeeKey!);
    await settled(page);
    await expectNoSeriousViolations(page, 'the All requests view');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/requests-all.png`, fullPage: true });
    await page.getByRole('button', { name: `Revoke the access of ${second.email}` }).click();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Joined by mistake.');
    await dialog.getByRole('button', { name: 'Revoke access' }).click();
    // The inspector opens on the account kept: its rows are history now, so it may be deleted.
    const inspector = page.getByRole('dialog', { name: /User Inspector/ });
    await expect(inspector).toContainText('removed');
    // Confirmed when the applicant's sign-up was confirmed, as recorded (not "Not yet confirmed", not "Before …").
    await expect(inspector.getByTestId('auth-user-confirmed')).toHaveText(/^\d{1,2} \w{3} \d{4}/);
    await settled(page);
    await expectNoSeriousViolations(page, 'the User Inspector');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-inspector.png`, fullPage: true });
    await inspector.getByRole('button', { name: 'Delete auth user' }).click();
    await inspector.getByRole('button', { name: 'Confirm: delete permanently' }).click();
    await expect(inspector).toContainText('The account was deleted.');
  });
});

test.describe('teams', () => {
  test('an FI admin invites a member, who accepts through the emailed link and signs in with their role', async ({ page, browser }) => {
    const { idToken } = await signIn(twin, twin.admin.email, twin.admin.password);
    const orgAdmin = await approvedOrgAdmin(twin, idToken, 'fi');
    const member = uniqueEmail('invited-member');

    await page.goto('/signin');
    await signInThroughUi(page, orgAdmin.email, orgAdmin.password);
    await expect(page).toHaveURL(/\/app$/);
    await page.goto('/team');
    const form = page.getByRole('region', { name: 'Add member' });
    await form.getByRole('textbox', { name: 'Email' }).fill(member);
    await form.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Data User' }).click();
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect(form.getByRole('status')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Members' })).toContainText(member);

    // The member opens the invitation from the outbox and chooses a password.
    const invitee = await (await browser.newContext()).newPage();
    const message = await latestMessage(twin, member, 'invited');
    await openInvite(invitee, message);
    await expect(invitee.getByRole('heading', { name: 'Invite Accepted' })).toBeVisible();
    await field(invitee, 'New password').fill('Invited-Passw0rd');
    await field(invitee, 'Confirm password').fill('Invited-Passw0rd');
    await invitee.getByRole('button', { name: 'Save password' }).click();
    await invitee.getByRole('link', { name: 'Continue to the platform' }).click();
    await expect(invitee.getByTestId('role-badge')).toHaveText(['Data User']);
    await invitee.context().close();

    // Signing in again later works with the new password.
    const later = await (await browser.newContext()).newPage();
    await later.goto('/signin');
    await signInThroughUi(later, member, 'Invited-Passw0rd');
    await expect(later).toHaveURL(/\/app$/);
    await later.context().close();
  });

  test('an FI admin creates an API client for the loan system and sees its secret once, which gets a token', async ({ page }) => {
    const { idToken } = await signIn(twin, twin.admin.email, twin.admin.password);
    const orgAdmin = await approvedOrgAdmin(twin, idToken, 'fi');
    await page.goto('/signin');
    await signInThroughUi(page, orgAdmin.email, orgAdmin.password);
    await expect(page).toHaveURL(/\/app$/);
    await page.goto('/team');
    const clients = page.getByRole('region', { name: 'API clients' });
    await expect(clients).toContainText('No API clients yet');
    await clients.getByRole('textbox', { name: 'Client name' }).fill('core-banking');
    await clients.getByRole('combobox', { name: 'Acts as' }).click();
    await page.getByRole('option', { name: 'Data User' }).click();
    await clients.getByRole('button', { name: 'Create client' }).click();
    const secret = (await clients.getByTestId('api-client-client-secret').textContent()) ?? '';
    const clientId = (await clients.getByTestId('api-client-client-id').textContent()) ?? '';
    const issued = await requestClientToken(twin, clientId, secret);
    expect(issued.status).toBe(200);
    // The loan system's token passes the gateway's authorizer and lists its organisation's mandates.
    const mandates = await fetch(`${twin.url}${listMandates.path}`, { headers: { authorization: `Bearer ${String(issued.body.access_token)}` } });
    expect(mandates.status).toBe(200);
    await settled(page);
    await expectNoSeriousViolations(page, 'the API clients card with a new secret');
    if (SHOTS) await clients.screenshot({ path: `${SHOTS}/api-clients-secret.png` });
    await clients.getByRole('button', { name: 'I have stored the secret' }).click();
    await expect(clients.getByRole('row').filter({ hasText: 'core-banking' })).toContainText('Data User');
    await page.reload();
    await expect(page.getByRole('region', { name: 'API clients' }).getByRole('row').filter({ hasText: 'core-banking' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'API clients' })).not.toContainText(secret);

    // Beside it, a webhook endpoint for the same system: its secret shown once, then a delivery in its log.
    const receiver = await startReceiver();
    try {
      const hooks = page.getByRole('region', { name: 'Webhooks' });
      await hooks.getByRole('textbox', { name: 'Endpoint address' }).fill(receiver.url);
      await hooks.getByRole('checkbox', { name: 'A submission was approved or rejected' }).check();
      await hooks.getByRole('button', { name: 'Register endpoint' }).click();
      const signing = (await hooks.getByTestId('webhook-secret').textContent()) ?? '';
      expect(signing).toMatch(/^whsec_/);
      if (SHOTS) await hooks.screenshot({ path: `${SHOTS}/webhooks-secret.png` });
      await hooks.getByRole('button', { name: 'I have stored the secret' }).click();
      await expect(hooks).not.toContainText(signing);
      // An event of the organisation, as a decision on its submission emits it (lambdas/data/webhooks/events.ts).
      Object.assign(process.env, twin.env);
      const { emitWebhookEvent } = await import('#data/webhooks/events.js');
      await emitWebhookEvent(orgAdmin.orgId, 'submission.decided', { submission_id: crypto.randomUUID(), status: 'approved' });
      await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(1);
      await hooks.getByRole('button', { name: 'Deliveries' }).click();
      await expect(
        hooks
          .getByRole('table', { name: `Deliveries to ${receiver.url}` })
          .getByRole('row')
          .filter({ hasText: 'A submission was approved or rejected' }),
      ).toContainText('HTTP 200', { timeout: 30_000 });
      await settled(page);
      await expectNoSeriousViolations(page, 'the webhooks card with its delivery log');
      if (SHOTS) await hooks.screenshot({ path: `${SHOTS}/webhooks-deliveries.png` });
    } finally {
      await receiver.close();
    }
  });
});

test.describe('platform admins', () => {
  test('super admins are never offered for removal on /admin/users (the server refuses the last one too)', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/users');
    const row = page.getByTestId('platform-admin-row').filter({ hasText: twin.admin.email });
    await expect(row).toContainText('Super Admin');
    await expect(row).toContainText('Managed by super admins');
    await expect(row.getByRole('button')).toHaveCount(0);
  });

  test('an added SYS_ADMIN is a pending invitation, not counted, until accepted; it can be withdrawn', async ({ page }) => {
    const sys = await signedInUser(twin, ['sys_admin']);
    await signInAsAdmin(page);
    await page.goto('/admin/users');
    await expect(page.getByText('becomes an admin once they accept it')).toBeVisible();
    const counts = page.getByTestId('platform-admin-counts');
    await expect(counts).toBeVisible();
    const before = await counts.textContent();

    const email = uniqueEmail('new-sys-admin');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Add SYS_ADMIN' }).click();
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    const invitation = page.getByTestId('platform-invitation-row').filter({ hasText: email });
    await expect(invitation).toContainText('System Admin');
    await expect(page.getByTestId('platform-admin-row').filter({ hasText: email })).toHaveCount(0);
    await expect(counts).toHaveText(before!);
    await settled(page);
    await expectNoSeriousViolations(page, 'platform admins with a pending invitation');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/platform-admins-invitation.png`, fullPage: true });

    // Removing a sys_admin says when it takes effect.
    await page.reload();
    await page.getByRole('button', { name: `Remove SYS_ADMIN from ${sys.email}` }).click();
    await expect(page.getByRole('dialog')).toContainText('within 30 seconds');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Withdraw the invitation of ${email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw the invitation' }).click();
    await expect(page.getByText(`The invitation of ${email} to sys_admin was withdrawn.`)).toBeVisible();
    await expect(page.getByTestId('platform-invitation-row').filter({ hasText: email })).toHaveCount(0);
  });
});
