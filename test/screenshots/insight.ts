// Borrower History and the dashboard for `npm run screenshots`: a borrower with deductions at
// two lenders and a stoppage at a third, an organisation on a billing plan, the platform admin's view;
// a borrower with two loans at one lender, a row filed without an NRC and a rejected file.
import type { Page } from '@playwright/test';
import { currentMonth, lastDayOfMonth } from '#shared/rules/dates.js';
import { signInAt } from '../e2e/support.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, type SeededOrg } from '../fixtures/submissions/directory.js';
import { HEADER, inputsRows, nrcOf, stoppagesRows, workbook, XLSX_MIME, type Row } from '../fixtures/submissions/workbooks.js';
import { createUser, signIn } from '../support/cognito.js';
import type { Shot, Twin } from './core.js';

const BORROWER = nrcOf(7, 480_000);
/** Two loans at Delta, a row Delta filed under employee number EMP-4077 without an NRC (Echo ties it), a file Foxtrot had rejected. */
const MIXED = nrcOf(8, 480_000);

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

let mixed: Promise<Awaited<ReturnType<typeof lender>>> | null = null;

function seedMixed(twin: Twin) {
  mixed ??= (async () => {
    const api = submissionsApi(twin);
    const month = currentMonth();
    const file = (org: SeededOrg, rows: [string, string | null, number][]) =>
      workbook([HEADER, ...rows.map(([employeeNo, nrc, amount]): Row => [employeeNo, nrc, `${month}-01`, lastDayOfMonth(month), amount, org.payeeKey, 'Mary', 'Banda'])]);
    const send = async (who: Awaited<ReturnType<typeof lender>>, rows: [string, string | null, number][]) => {
      const id = await api.submitWorkbook(who.token, { kind: 'inputs', month, payeeKey: who.org.payeeKey, fileName: 'inputs.xlsx' }, file(who.org, rows));
      await api.waitForIngestion(who.token, id);
      return id;
    };
    const delta = await lender(twin, 'D404', 'Delta Loans');
    const echo = await lender(twin, 'E505', 'Echo Finance');
    const foxtrot = await lender(twin, 'F606', 'Foxtrot Capital');
    await send(delta, [['EMP-4001', MIXED, 300], ['EMP-4001', MIXED, 200], ['EMP-4077', null, 120]]);
    await send(echo, [['EMP-4077', MIXED, 150]]);
    const rejected = await send(foxtrot, [['EMP-4090', MIXED, 149]]);
    const reviewer = await createUser(twin, ['compliance']);
    const { idToken } = await signIn(twin, reviewer.email, reviewer.password);
    await api.call(idToken, `/api/submissions/${rejected}/decision`, { method: 'POST', body: { decision: 'reject', note: 'Wrong file' } });
    return delta;
  })();
  return mixed;
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
    ['history-rows', async (page) => {
      const delta = await seedMixed(twin);
      await signInAt(page, delta.user.email, delta.user.password);
      await page.goto(`${twin.url}/history`);
      await page.getByRole('textbox', { name: 'NRC' }).fill(MIXED);
      await page.getByRole('button', { name: 'Look up' }).click();
      await page.getByTestId('history-rejected').waitFor();
      await page.getByTestId('history-without-nrc').waitFor();
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
