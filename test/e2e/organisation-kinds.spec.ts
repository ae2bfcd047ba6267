import { expect, type Page, test } from '@playwright/test';
import { seedMembership, seedOrganisation, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { requestAccess } from '../integration/admin-support.js';
import { createUser } from '../support/cognito.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInThroughUi, twinInfo } from './support.js';

/**
 * Roles fit the organisation's kind, on the screens: the Role to Grant of a lender's request offers no PMEC
 * Admin, /team offers only its kind's roles, and /admin lists the memberships that break the rule.
 */
const twin = twinInfo();
const SHOTS = process.env.E2E_SHOTS_DIR;

async function signInAsAdmin(page: Page) {
  await page.goto('/signin');
  await signInThroughUi(page, twin.admin.email, twin.admin.password);
  await expect(page).toHaveURL(/\/app$/);
}

async function optionsOf(page: Page, name: string, scope: Pick<Page, 'getByRole'> = page): Promise<string[]> {
  const listbox = page.getByRole('listbox');
  // A list that refreshes under the pointer closes the dropdown (its options leave before the box does): open it
  // again until it stays open with its options in it.
  let options: string[] = [];
  await expect(async () => {
    if (!(await listbox.isVisible())) await scope.getByRole('combobox', { name, exact: true }).click();
    await expect(listbox.getByRole('option').first()).toBeVisible({ timeout: 1_000 });
    options = await listbox.getByRole('option').allInnerTexts();
    expect(options.length).toBeGreaterThan(0);
  }).toPass();
  await page.keyboard.press('Escape');
  return options.map((o) => o.trim());
}

test('the Role to Grant of an FI request offers FI Admin only; a PMEC request PMEC Admin only', async ({ page }) => {
  const fi = await requestAccess(twin, 'fi', { prefix: 'kinds-fi' });
  const pmec = await requestAccess(twin, 'pmec', { prefix: 'kinds-pmec', orgName: 'Kinds Payroll Office' });
  await signInAsAdmin(page);
  await page.goto('/admin/requests');
  await page.getByRole('textbox', { name: 'Search' }).fill('kinds-');
  await expect(page.getByTestId('request-row').filter({ hasText: fi.email })).toHaveCount(1);
  await expect(page.getByTestId('request-row').filter({ hasText: pmec.email })).toHaveCount(1);
  await settled(page);
  expect(await optionsOf(page, `Role to grant to ${fi.email}`)).toEqual(['FI Admin']);
  expect(await optionsOf(page, `Role to grant to ${pmec.email}`)).toEqual(['PMEC Admin']);
  await settled(page);
  await expectNoSeriousViolations(page, '/admin/requests with an FI and a PMEC request');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-requests-role-to-grant.png`, fullPage: true });
});

test('/admin lists a lender member holding PMEC Admin, with the way to fix it; /team offers the FI roles only', async ({ page }) => {
  const org = await seedOrganisation(twin, uniquePayeeKey(), 'Lender Holding PMEC Admin');
  const person = await createUser(twin, [], `kinds-mismatch-${Date.now()}@example.com`);
  await seedMembership(twin, org, person.username, 'approved', 'pmec_admin', person.email);
  await signInAsAdmin(page);
  await page.goto('/admin');
  const card = page.getByRole('region', { name: 'Roles that do not fit their organisation' });
  const row = card.getByTestId('role-mismatch-row').filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Lender Holding PMEC Admin');
  await expect(row).toContainText('FI');
  await expect(row).toContainText('PMEC Admin');
  await expect(row).toContainText('An FI organisation holds FI Admin, Compliance or Data User.');
  await settled(page);
  await expectNoSeriousViolations(page, '/admin with a role mismatch listed');
  if (SHOTS) await row.scrollIntoViewIfNeeded();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-role-mismatches.png`, fullPage: true });

  await row.getByRole('link', { name: /Open the team of Lender Holding PMEC Admin/ }).click();
  await expect(page).toHaveURL(new RegExp(`/team\\?org_id=${org.orgId}$`));
  await expect(page.getByRole('row').filter({ hasText: person.email })).toHaveCount(1);
  expect(await optionsOf(page, 'Role', page.getByRole('region', { name: 'Add member' }))).toEqual(['FI Admin', 'Compliance', 'Data User']);
});
