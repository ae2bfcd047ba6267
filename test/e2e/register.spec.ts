import { expect, test } from '@playwright/test';
import { currentMonth } from '#shared/rules/dates.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { HEADER, workbook, type Row } from '../fixtures/submissions/workbooks.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { registerEntry, registerWorkbook } from '../support/register.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { signInAt, signOut, twinInfo } from './support.js';

/**
 * The payroll register in Chromium: one admin of the payroll authority uploads it on /upload (mobiles masked
 * in the preview), sees what it changes and proposes it; a second approves it on the same screen and it is
 * current; what a later register would remove and change is shown with its warning; a lender's file with one
 * NRC on it and one not shows NOT_ON_PAYROLL on the second, and where its
 * employee number and name differ from the register's, says so without the register's values.
 */
const twin = twinInfo();
const M = currentMonth();
const SHOTS = process.env.E2E_SHOTS_DIR;

test('one authority admin proposes a register, seeing what it changes; a second approves it; a lender sees NOT_ON_PAYROLL on the NRC it lacks, and IDENTITY without the register’s values', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const onRegister = registerEntry({ first_name: 'Mary', last_name: 'Banda', mobile: '+260971234567' });
  // Mobiles of their own: a random one could mask to Mary's (the same network and last two digits).
  const colleagues = [
    registerEntry({ first_name: 'John', last_name: 'Phiri', mobile: '+260971234501' }),
    registerEntry({ first_name: 'Ruth', last_name: 'Mwale', mobile: '+260971234502' }),
  ];
  const ghost = registerEntry();
  const [proposer, approver] = [await payrollAuthorityAdmin(twin), await payrollAuthorityAdmin(twin)];

  // The first admin validates the register: the difference from the current one shows before Submit.
  await signInAt(page, proposer.email, proposer.password, '/upload');
  const screen = uploadScreen(page);
  // A PMEC admin of the authority opens /upload on the register's kind.
  await expect(page.getByRole('combobox', { name: 'File type' })).toHaveValue('Payroll register (.xlsx)');
  await screen.chooseType('Payroll register (.xlsx)');
  await expect(screen.payeeKey()).toBeHidden();
  await screen.chooseFile('PMEC register.xlsx', registerWorkbook([onRegister, ...colleagues]));
  await expect(screen.button('Submit')).toBeDisabled();
  await screen.validate();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('+260 97 ••• ••67')).toBeVisible();
  await expect(preview.getByText('097 123 4567')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'What this register changes' }).getByTestId('register-difference')).toBeVisible();
  // Only the panels a register has: no fraud flags, no signals.
  await expect(screen.list('fraud')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Signals' })).toHaveCount(0);
  await settled(page);
  await expectNoSeriousViolations(page, '/upload with a register validated');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/register-validated.png`, fullPage: true });
  await screen.button('Submit').click();
  await screen.expectMessage('Register proposed: its 3 employees replace the current register once a second admin of the payroll authority approves it.');
  const proposal = page.getByRole('region', { name: 'Proposed payroll register' });
  await expect(proposal.getByTestId('proposal-own')).toBeVisible();
  await expect(proposal.getByRole('button', { name: 'Approve register' })).toHaveCount(0);
  await signOut(page);

  // The second admin sees the same proposal and difference, and approves it.
  await signInAt(page, approver.email, approver.password, '/upload');
  await expect(proposal.getByTestId('proposal-summary')).toContainText(`proposed by ${proposer.email}`);
  await expect(proposal.getByTestId('difference-added-count')).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page, '/upload with a register proposed');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/register-proposal.png`, fullPage: true });
  await proposal.getByRole('textbox', { name: /Note/ }).fill('Checked against the payroll run.');
  await proposal.getByRole('button', { name: 'Approve register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this register?' });
  await expectNoSeriousViolations(page, '/upload with the approval dialog open');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByTestId('decision-outcome')).toHaveText('The approved register is now the current payroll register.', { timeout: 60_000 });
  await expect(proposal).toHaveCount(0);
  await screen.chooseType('Payroll register (.xlsx)');
  const current = page.getByRole('region', { name: 'Current payroll register' });
  await expect(current.getByTestId('register-employees')).toHaveText('3');
  await expect(current.getByTestId('register-uploaded-by')).toHaveText(proposer.email);

  // A register that drops one of the three and gives another a new mobile: counted, listed, and warned of.
  const moved = { ...colleagues[1]!, mobile: '+260961111112' };
  await screen.chooseFile('PMEC register May.xlsx', registerWorkbook([onRegister, moved]));
  await screen.validate();
  const changes = page.getByRole('region', { name: 'What this register changes' });
  await expect(changes.getByTestId('difference-removed-count')).toHaveText('1');
  await expect(changes.getByTestId('difference-changed-count')).toHaveText('1');
  await expect(changes.getByTestId('difference-mobile-count')).toHaveText('1');
  await expect(changes.getByTestId('difference-warning')).toContainText(
    '1 employee would be removed and 1 would get another mobile: 66.7% of the 3 on the current register.',
  );
  await expect(changes.getByTestId('difference-removed')).toContainText(colleagues[0]!.nrc);
  await expect(changes.getByTestId('difference-changed')).toContainText('+260 96 ••• ••12');
  await settled(page);
  await expectNoSeriousViolations(page, '/upload with a register difference warned of');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/register-difference.png`, fullPage: true });
  await signOut(page);

  // A lender: the register's kind is not offered; one borrower on the register, one not.
  const lender = await prepareSubmitter(twin);
  await signInAt(page, lender.email, lender.password, '/upload');
  await page.getByRole('combobox', { name: 'File type' }).click();
  await expect(page.getByRole('option', { name: 'Payroll register (.xlsx)' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await screen.payeeKey().fill(lender.org.payeeKey);
  const guessed = { ...colleagues[0]!, employee_number: 'X0', first_name: 'Guess', last_name: 'Name' };
  const rows: Row[] = [
    HEADER,
    ...[onRegister, ghost, guessed].map((e) => [e.employee_number, e.nrc, `${M}-01`, '2030-12-31', 150, lender.org.payeeKey, e.first_name, e.last_name]),
  ];
  await screen.chooseFile('inputs.xlsx', workbook(rows));
  await screen.validate();
  const panel = page.getByRole('region', { name: 'Signals' });
  await expect(panel.getByTestId('signal-count-NOT_ON_PAYROLL')).toHaveText('Not on the payroll register: 1');
  await panel.getByRole('button', { name: /Not on the payroll register/ }).click();
  await expect(panel.getByText(`${ghost.nrc} is not on the payroll register of ${M}: a ghost employee, or one who has left or retired.`)).toBeVisible();
  await expect(panel.getByText(`${onRegister.nrc} is not on the payroll register`)).toHaveCount(0);
  // The register's employee number and name for the guessed row: that they differ, never what they are.
  await panel.getByRole('button', { name: /Identity mismatches/ }).click();
  const identity = panel.getByTestId('signals-IDENTITY');
  await expect(identity.getByText("The employee number differs from the payroll register's.")).toBeVisible();
  await expect(identity.getByText("The name differs from the payroll register's.")).toBeVisible();
  for (const value of [colleagues[0]!.employee_number, 'Phiri']) await expect(panel.getByText(value, { exact: false })).toHaveCount(0);
  await expect(panel.getByTestId('signal-on-record')).toHaveCount(0);
  await settled(page);
  await expectNoSeriousViolations(page, '/upload with register signals');
  if (SHOTS) await panel.screenshot({ path: `${SHOTS}/register-signals.png` });
});

test('a platform admin sets the affordability share on /admin, a wrong value refused in place, and turns it off again', async ({ page }) => {
  const admin = twin.admin;
  await signInAt(page, admin.email, admin.password, '/admin');
  const card = page.getByRole('form', { name: 'Affordability' });
  const share = card.getByRole('textbox', { name: 'Share of basic pay (%)' });
  await share.fill('120');
  await card.getByRole('button', { name: 'Save affordability' }).click();
  await expect(card.getByText('The share of basic pay must be a whole percentage from 1 to 100, or empty for no affordability check.')).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page, '/admin with an affordability share refused');
  await share.fill('40');
  await card.getByRole('button', { name: 'Save affordability' }).click();
  await expect(page.getByText('Settings saved.').first()).toBeVisible();
  await expect(card.getByTestId('settings-updated')).toContainText(admin.email);
  // The message's close button is named like every icon-only button (the theme's Notification default).
  await expect(page.getByRole('button', { name: 'Close the message' }).first()).toBeVisible();
  await expectNoSeriousViolations(page, '/admin with its Settings saved. message');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-affordability.png`, fullPage: true });
  await share.fill('');
  await card.getByRole('button', { name: 'Save affordability' }).click();
  await expect(share).toHaveValue('');
});

test('a platform admin sets the validation limit on /admin, a wrong value refused in place', async ({ page }) => {
  const admin = twin.admin;
  await signInAt(page, admin.email, admin.password, '/admin');
  const card = page.getByRole('form', { name: 'Validations' });
  const perDay = card.getByRole('textbox', { name: 'Files a day per organisation' });
  await expect(perDay).toHaveValue('50');
  await perDay.fill('0');
  await card.getByRole('button', { name: 'Save validation limit' }).click();
  await expect(card.getByText('The validation limit must be a whole number of files a day from 1 to 10,000.')).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page, '/admin with a validation limit refused');
  if (SHOTS) await card.screenshot({ path: `${SHOTS}/admin-validations-refused.png` });
  await perDay.fill('30');
  await card.getByRole('button', { name: 'Save validation limit' }).click();
  await expect(page.getByText('Settings saved.').first()).toBeVisible();
  await expect(card.getByTestId('settings-updated')).toContainText(admin.email);
  if (SHOTS) await card.screenshot({ path: `${SHOTS}/admin-validations.png` });
  await perDay.fill('50');
  await card.getByRole('button', { name: 'Save validation limit' }).click();
  await expect(card.getByTestId('settings-updated')).toContainText(admin.email);
  await expect(perDay).toHaveValue('50');
});
