// Borrower History and the dashboard for `npm run screenshots` (issue 7): a borrower with deductions at
// two lenders and a stoppage at a third, an organisation on a billing plan, the platform admin's view.
import type { Page } from '@playwright/test';
import { currentMonth } from '../../shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, stoppagesRows, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { createUser, signIn } from '../support/cognito.js';
import { signInAt } from '../e2e/support.js';
import type { Shot, Twin } from './core.js';

const BORROWER = nrcOf(7, 480_000);

async function lender(twin: Twin, payeeKey: string, name: string) {
  const org = await seedOrganisation(twin, payeeKey, name);
  const user = await createUser(twin, ['fi_admin']);
  const { idToken } = await signIn(twin, user.email, user.password);
  await seedMembership(twin, org, subOf(idToken));
  return { org, user, token: idToken };
}

async function submit(twin: Twin, token: string, org: SeededOrg, kind: 'inputs' | 'stoppages', nrcs: string[], amount = 250) {
  const api = submissionsApi(twin);
  const month = currentMonth();
  const data = workbook(kind === 'inputs' ? inputsRows(month, org.payeeKey, nrcs, amount) : stoppagesRows(month, org.payeeKey, nrcs));
  const upload = await api.upload(token, { doc_kind: kind, month, payee_key: org.payeeKey, file_name: `${kind}.xlsx`, size: data.length, content_type: XLSX_MIME }, data);
  await api.submit(token, upload.id);
  await api.waitForIngestion(token, upload.id);
}

let seeded: Promise<Awaited<ReturnType<typeof lender>>> | null = null;

/** Three lenders (once per run): two deduct from the borrower, the third has stopped; the first is on a plan. */
function seed(twin: Twin) {
  seeded ??= (async () => {
    const alpha = await lender(twin, 'A101', 'Alpha Lending Ltd');
    const beta = await lender(twin, 'B202', 'Beta Microfinance');
    const gamma = await lender(twin, 'F303', 'Gamma Credit');
    const others = Array.from({ length: 40 }, (_, i) => nrcOf(i + 10, 480_000));
    await submit(twin, alpha.token, alpha.org, 'inputs', [BORROWER, ...others], 1250);
    await submit(twin, beta.token, beta.org, 'inputs', [BORROWER, ...others.slice(0, 12)], 800.5);
    await submit(twin, gamma.token, gamma.org, 'inputs', [BORROWER], 400);
    await submit(twin, gamma.token, gamma.org, 'stoppages', [BORROWER]);
    const admin = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
    await fetch(`${twin.url}/api/admin/billing/${alpha.org.orgId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan_name: 'Standard', pricing: 'per_upload', price_per_upload: 12.5 }),
    });
    return alpha;
  })();
  return seeded;
}

export function insightShots(twin: Twin): Shot[] {
  const lookUp = async (page: Page, nrc: string) => {
    const alpha = await seed(twin);
    await signInAt(page, alpha.user.email, alpha.user.password);
    await page.goto(`${twin.url}/history`);
    await page.getByRole('textbox', { name: 'NRC' }).fill(nrc);
    await page.getByRole('button', { name: 'Look up' }).click();
  };
  return [
    ['history', async (page) => {
      await lookUp(page, BORROWER);
      await page.getByTestId('history-row').first().waitFor();
    }],
    ['history-empty', async (page) => {
      await lookUp(page, '999999/99/1');
      await page.getByTestId('history-empty').waitFor();
    }],
    ['history-invalid', async (page) => {
      await lookUp(page, '1234');
      await page.getByText('Enter a valid NRC (at least 6 digits).').waitFor();
    }],
    ['dashboard', async (page) => {
      const alpha = await seed(twin);
      await signInAt(page, alpha.user.email, alpha.user.password);
      await page.getByTestId('billing-amount-due').getByText('ZMW').waitFor();
    }],
    ['dashboard-platform', async (page) => {
      await seed(twin);
      await signInAt(page, twin.admin.email, twin.admin.password);
      await page.getByTestId('billing-amount-due').getByText('ZMW').waitFor();
      await page.getByLabel('Payee key or organisation ID').fill('B202');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByTestId('billing-editor-org').waitFor();
      // Typing scrolled the page; the full-page picture starts at the top, where the sticky bar belongs.
      await page.evaluate(() => window.scrollTo(0, 0));
    }],
  ];
}
