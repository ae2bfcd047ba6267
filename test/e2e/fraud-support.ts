import { expect, type Page } from '@playwright/test';
import type { Role } from '#shared/roles.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { createUser, signIn, type TestTwinInfo } from '../support/cognito.js';

/** A real 1×1 PNG, so an opened attachment renders as an image. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A fresh valid NRC (6 digits / 2 / 1), so runs never see each other's reports. */
let counter = 0;
export function uniqueNrc(): string {
  const n = (Math.floor(Date.now() / 7) + counter++ * 7919) % 900000;
  return `${100000 + n}/${String(10 + Math.floor(Math.random() * 89))}/${Math.floor(Math.random() * 10)}`;
}

/**
 * A person who may file fraud reports: a report is filed as the organisation holding its payee key, so
 * the person is an approved member of each organisation named (the first one's key is the form's default).
 */
export async function prepareReporter(twin: TestTwinInfo, roles: Role[], orgNames: readonly string[] = ['Zanaco Bank']) {
  const user = await createUser(twin, roles);
  const { idToken } = await signIn(twin, user.email, user.password);
  const orgs: SeededOrg[] = [];
  for (const name of orgNames) orgs.push(await seedOrganisation(twin, uniquePayeeKey(), name));
  for (const org of orgs) await seedMembership(twin, org, subOf(idToken), 'approved', roles.includes('fi_admin') ? 'fi_admin' : 'data_user', user.email);
  return { ...user, orgs };
}

export interface ReportInput {
  nrc: string;
  person?: string;
  type?: string;
  /** Left as the form sets it (the person's organisation's key) when not given. */
  payeeKey?: string;
  description?: string;
  files?: { name: string; mimeType: string; buffer: Buffer }[];
}

/** Fills the Fraud Report form as a person would, attaching files and waiting for their uploads; does not submit. */
export async function fillReportForm(page: Page, baseUrl: string, input: ReportInput) {
  await page.goto(`${baseUrl}/fraud-report`);
  await page.getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: input.type ?? 'Identity theft' }).click();
  await page.getByRole('textbox', { name: 'NRC', exact: true }).fill(input.nrc);
  await page.getByRole('textbox', { name: "Person's Full Name", exact: true }).fill(input.person ?? 'Mwila Banda');
  await page.getByRole('button', { name: 'Report Month' }).click();
  await page.getByRole('button', { name: 'Jan', exact: true }).click();
  if (input.payeeKey !== undefined) await page.getByRole('textbox', { name: 'Payee Key', exact: true }).fill(input.payeeKey);
  await page
    .getByRole('textbox', { name: 'Description/Comments' })
    .fill(input.description ?? 'Presented a forged payslip and an altered NRC card at two branches in the same week.');
  if (input.files?.length) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add files' }).click();
    await (await chooser).setFiles(input.files);
    await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(input.files.length, { timeout: 20_000 });
  }
}

/** Files a report through the form and waits for the success message. */
export async function fileReportThroughUi(page: Page, baseUrl: string, input: ReportInput) {
  await fillReportForm(page, baseUrl, input);
  await page.getByRole('button', { name: 'Submit report' }).click();
  await expect(page.getByText('Fraud report submitted.')).toBeVisible({ timeout: 20_000 });
}

/** Pastes text into the Fraud Search box and runs 'Extract & Search'. */
export async function searchByPasting(page: Page, baseUrl: string, text: string) {
  if (!page.url().endsWith('/fraud-list')) await page.goto(`${baseUrl}/fraud-list`);
  await page.getByRole('textbox', { name: 'NRCs to search' }).fill(text);
  await page.getByRole('button', { name: 'Extract & Search' }).click();
}
