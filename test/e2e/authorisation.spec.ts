import { expect, test } from '@playwright/test';
import { INVITATION_VALID_DAYS } from '#shared/api/team.js';
import { declineTeamInvite } from '#shared/routes/accounts.js';
import { addTeamMember } from '#shared/routes/team.js';
import { approvedOrgAdmin } from '../integration/admin-support.js';
import { call } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { backdateMembership } from './accounts-support.js';
import { signInAt, signInThroughUi, twinInfo } from './support.js';

/**
 * Roles in the browser: an approved person opening a screen their roles do not reach is told which
 * roles may open it (not sent to the pending screen); an existing account joins another organisation
 * only by accepting an invitation on its home page; a removed member leaves the team list.
 */
const twin = twinInfo();
const SHOTS = process.env.E2E_SHOTS_DIR;

test('an approved user opening a screen their role does not reach sees who may, and the way home', async ({ page }) => {
  const user = await createUser(twin, ['data_user']);
  await signInAt(page, user.email, user.password, '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  const card = page.getByTestId('not-authorised');
  await expect(card.getByRole('heading', { name: "You don't have access to this screen" })).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText(['Super Admin', 'System Admin']);
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the not-authorised card');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/not-authorised.png`, fullPage: true });
  await card.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByTestId('dashboard-title')).toBeVisible();
});

test('an existing account invited to a team joins only when it accepts, on its home page', async ({ page, browser }) => {
  test.setTimeout(150_000); // two people, two browsers, an invitation, a role change and a removal
  const { idToken } = await signIn(twin, twin.admin.email, twin.admin.password);
  const lender = await approvedOrgAdmin(twin, idToken, 'fi');
  const person = await createUser(twin, ['data_user']);

  await signInAt(page, lender.email, lender.password, '/team');
  const form = page.getByRole('region', { name: 'Add member' });
  await form.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Compliance' }).click();
  await form.getByRole('button', { name: 'Add member' }).click();
  await expect(form.getByRole('status')).toContainText('they were invited');

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto('/signin');
  await signInThroughUi(invitee, person.email, person.password);
  const card = invitee.getByTestId('invitations-card');
  await expect(card).toContainText(`${lender.payeeKey} (FI, payee key ${lender.payeeKey}) invites you to join as Compliance`);
  await expect(invitee.getByTestId('role-badge')).toHaveText(['Data User']);
  await settled(invitee);
  await expectNoSeriousViolations(invitee, 'the invitation card');
  if (SHOTS) await invitee.screenshot({ path: `${SHOTS}/invitation-card.png`, fullPage: true });
  await card.getByRole('button', { name: /^Accept the invitation/ }).click();
  await expect(invitee.getByTestId('invitations-card')).toHaveCount(0);
  // A member of two organisations now: they choose the one they act for, and hold its role only.
  await expect(invitee.getByRole('heading', { level: 1, name: 'Which organisation are you acting for?' })).toBeVisible();
  await invitee.getByRole('button', { name: new RegExp(`^${lender.payeeKey}`) }).click();
  await expect(invitee.getByTestId('role-badge')).toHaveText(['Compliance']);
  await invitee.context().close();

  // Back on /team the lender removes them: they leave the list.
  await page.reload();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members).toContainText(person.email);
  // The lender changes their role, within what an FI admin may grant.
  const roleOf = members.getByRole('combobox', { name: `Role of ${person.email}` });
  await expect(roleOf).toHaveValue('compliance');
  await roleOf.selectOption('data_user');
  await expect(members.getByRole('status')).toHaveText(`${person.email} is now Data User in this organisation.`);
  await expect(roleOf).toHaveValue('data_user');
  await settled(page);
  await expectNoSeriousViolations(page, 'the team after a role change');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/team-role-changed.png`, fullPage: true });
  await members.getByRole('button', { name: new RegExp(`Remove ${person.email}`) }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(members).not.toContainText(person.email);

  // Another person declines: the lender sees the answer. A third invitation is withdrawn before any answer.
  // A fourth was invited more than INVITATION_VALID_DAYS ago and never answered: listed as expired.
  const decliner = await createUser(twin, ['data_user']);
  const pendingOne = await createUser(twin, ['data_user']);
  const late = await createUser(twin, ['data_user']);
  for (const who of [decliner, pendingOne, late]) {
    expect((await call(twin, addTeamMember, { body: { email: who.email, role: 'compliance' }, caller: lender.token })).status).toBe(200);
  }
  await backdateMembership(lender.orgId, late.username, INVITATION_VALID_DAYS + 1);
  const declinerToken = (await signIn(twin, decliner.email, decliner.password)).idToken;
  expect((await call(twin, declineTeamInvite, { body: { org_id: lender.orgId }, caller: declinerToken })).status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('declined-invitations')).toContainText(`${decliner.email} declined to join as Compliance`);
  await expect(page.getByTestId('expired-invitations')).toContainText(`${late.email} was invited as Compliance`);
  await expect(members.getByTestId('member-row').filter({ hasText: late.email })).toHaveCount(0);
  await members.getByRole('button', { name: `Withdraw the invitation of ${pendingOne.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw the invitation' }).click();
  await expect(members.getByTestId('member-row').filter({ hasText: pendingOne.email })).toHaveCount(0);
  await settled(page);
  await expectNoSeriousViolations(page, 'the team with a declined and an expired invitation');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/team-after-removal.png`, fullPage: true });
  // The expired invitation is withdrawn from beside it, so that the person may be invited again.
  await page.getByRole('button', { name: `Withdraw the expired invitation of ${late.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw the invitation' }).click();
  await expect(page.getByTestId('expired-invitations')).toHaveCount(0);
});
