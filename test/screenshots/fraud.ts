// The fraud screens for `npm run screenshots` (spec part 1 §2 "Fraud Report" and "Fraud Search").
import type { Page } from '@playwright/test';
import type { Role } from '#shared/roles.js';
import { PDF_BYTES, PNG_1X1, fileReportThroughUi, fillReportForm, prepareReporter, searchByPasting, uniqueNrc } from '../e2e/fraud-support.js';
import { signInAt } from '../e2e/support.js';
import type { TestTwinInfo } from '../support/cognito.js';
import type { Shot } from './core.js';

/** Signs in someone who files reports for two lenders: Zanaco Bank (the form's default) and Atlas Mara Zambia. */
async function asAnalyst(page: Page, twin: TestTwinInfo, roles: Role[] = ['compliance']) {
  const user = await prepareReporter(twin, roles, ['Zanaco Bank', 'Atlas Mara Zambia']);
  await signInAt(page, user.email, user.password);
  return user.orgs;
}

const files = [
  { name: 'forged-payslip-march.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
  { name: 'branch-cctv-still.png', mimeType: 'image/png', buffer: PNG_1X1 },
];

/** Files two reports on one NRC (and one on another) and returns a paste that finds them. */
async function seed(page: Page, twin: TestTwinInfo, atlasKey: string): Promise<string> {
  const [a, b] = [uniqueNrc(), uniqueNrc()];
  await fileReportThroughUi(page, twin.url, { nrc: a, files });
  await fileReportThroughUi(page, twin.url, {
    nrc: a,
    type: 'Loan stacking',
    payeeKey: atlasKey,
    description: 'Took four payroll loans from four lenders within ten days, each application omitting the others. The deductions now exceed the statutory limit of the net pay. Lenders were alerted after the March PMEC run. Further detail in the attached file.',
  });
  await fileReportThroughUi(page, twin.url, { nrc: b, person: 'Chanda Phiri', type: 'Ghost employee', files: files.slice(1) });
  return `Borrowers flagged by branch:\nMwila Banda NRC ${a}\nChanda Phiri ${b.replace(/\//g, '')}\nunrelated 12/34 and 999`;
}

export function fraudShots(twin: TestTwinInfo): Shot[] {
  return [
    ['fraud-report-empty', async (page) => { await asAnalyst(page, twin); await page.goto(`${twin.url}/fraud-report`); await page.getByRole('button', { name: 'Submit report' }).waitFor(); }],
    ['fraud-report-filled', async (page) => {
      await asAnalyst(page, twin);
      await fillReportForm(page, twin.url, { nrc: uniqueNrc(), files });
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Add files' }).click();
      await (await chooser).setFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    }],
    ['fraud-report-errors', async (page) => {
      await asAnalyst(page, twin);
      await fillReportForm(page, twin.url, { nrc: '12345/6', payeeKey: 'x' });
      await page.getByRole('button', { name: 'Submit report' }).click();
    }],
    ['fraud-report-success', async (page) => { await asAnalyst(page, twin); await fileReportThroughUi(page, twin.url, { nrc: uniqueNrc(), files }); }],
    ['fraud-search-empty', async (page) => { await asAnalyst(page, twin); await page.goto(`${twin.url}/fraud-list`); await page.getByText('No results yet').waitFor(); }],
    ['fraud-search-loading', async (page) => {
      await asAnalyst(page, twin);
      await page.route('**/api/fraud-reports/search', async (route) => { await new Promise((r) => setTimeout(r, 8000)); await route.continue(); });
      await searchByPasting(page, twin.url, `${uniqueNrc()} ${uniqueNrc()}`);
      await page.getByText('Loading…').waitFor();
    }],
    ['fraud-search-results', async (page) => {
      const [, atlas] = await asAnalyst(page, twin);
      const paste = await seed(page, twin, atlas!.payeeKey);
      await searchByPasting(page, twin.url, paste);
      await page.getByTestId('fraud-results').waitFor();
    }],
    ['fraud-search-no-match', async (page) => {
      await asAnalyst(page, twin);
      await searchByPasting(page, twin.url, `Checked today: ${uniqueNrc()}`);
      await page.getByText('No matches found.').waitFor();
    }],
    ['fraud-search-refused', async (page) => {
      const nrc = uniqueNrc();
      await asAnalyst(page, twin);
      await fileReportThroughUi(page, twin.url, { nrc });
      await searchByPasting(page, twin.url, nrc);
      await page.getByTestId('fraud-results').waitFor();
      await searchByPasting(page, twin.url, 'Mwila Banda, no NRC given');
      await page.getByText('No results yet').waitFor();
    }],
    ['fraud-search-binary-file', async (page) => {
      await asAnalyst(page, twin);
      await page.goto(`${twin.url}/fraud-list`);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload .txt or .csv' }).click();
      await (await chooser).setFiles({ name: 'borrowers.txt', mimeType: 'text/plain', buffer: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200)]) });
      await page.getByRole('alert').waitFor();
    }],
    ['fraud-withdraw-dialog', async (page) => {
      await asAnalyst(page, twin, ['super_admin']);
      const nrc = uniqueNrc();
      await fileReportThroughUi(page, twin.url, { nrc, files });
      await searchByPasting(page, twin.url, nrc);
      await page.getByRole('button', { name: `Withdraw the report on ${nrc}` }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill('Filed against the wrong NRC: the borrower’s brother holds this loan.');
    }],
    ['fraud-search-withdrawn', async (page) => {
      const [, atlas] = await asAnalyst(page, twin, ['super_admin']);
      const paste = await seed(page, twin, atlas!.payeeKey);
      await searchByPasting(page, twin.url, paste);
      await page.getByRole('button', { name: /^Withdraw the report on / }).first().click();
      await page.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill('Filed against the wrong NRC: the borrower’s brother holds this loan.');
      await page.getByRole('dialog').getByRole('button', { name: 'Withdraw', exact: true }).click();
      await page.getByTestId('report-status').waitFor();
    }],
    ['fraud-search-latest', async (page) => {
      await asAnalyst(page, twin);
      for (let i = 0; i < 11; i++) await fileReportThroughUi(page, twin.url, { nrc: uniqueNrc(), person: `Borrower ${i + 1}` });
      await page.goto(`${twin.url}/fraud-list`);
      await page.getByRole('button', { name: /Load latest/ }).click();
      await page.getByTestId('page-label').waitFor();
    }],
  ];
}
