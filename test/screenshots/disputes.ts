// Disputes for `npm run screenshots`: a lender's deductions disputed in every state, seen by
// compliance and by the lender's admin, and the upheld mark on Borrower History.
import type { Page } from '@playwright/test';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { signInAt } from '../e2e/support.js';
import { disputesApi } from '../fixtures/disputes.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { nrcOf, TINY_PDF } from '../fixtures/submissions/workbooks.js';
import { createUser, signIn } from '../support/cognito.js';
import type { Shot, Twin } from './core.js';

interface Seeded {
  reviewer: { email: string; password: string };
  lender: { email: string; password: string };
  nrcs: string[];
}
let seeded: Promise<Seeded> | null = null;

function seed(twin: Twin): Promise<Seeded> {
  seeded ??= (async () => {
    const api = disputesApi(twin);
    const month = shiftMonth(currentMonth(), -1);
    const org = await seedOrganisation(twin, uniquePayeeKey(), 'Zambezi Credit Union');
    const [lender, reviewer] = [await createUser(twin, ['fi_admin']), await createUser(twin, ['compliance'])];
    const lenderToken = (await signIn(twin, lender.email, lender.password)).idToken;
    const reviewerToken = (await signIn(twin, reviewer.email, reviewer.password)).idToken;
    await seedMembership(twin, org, subOf(lenderToken));
    const base = 600_000 + Math.floor(Math.random() * 300_000);
    const nrcs = [1, 2, 3, 4].map((n) => nrcOf(n, base));
    await api.deduct(lenderToken, org, month, nrcs);
    const reasons = ['The employee says she never applied for a loan.', 'Payslip shows a deduction after the loan was repaid in full.', 'Employee reports an unknown lender on his payslip.', 'Loan taken out in the name of a deceased officer.'];
    const ids: string[] = [];
    for (const [i, nrc] of nrcs.entries()) ids.push(api.dispute(await api.open(reviewerToken, { nrc, payee_key: org.payeeKey, month, reason: reasons[i]! })).id);
    const grant = await api.evidence(reviewerToken, ids[0]!, { file_name: 'payslip-october.pdf', size: TINY_PDF.length, content_type: 'application/pdf' });
    await api.postFile((grant.body as { upload: { url: string; fields: Record<string, string> } }).upload, TINY_PDF, 'payslip-october.pdf');
    await api.respond(lenderToken, ids[1]!, { message: 'The loan was settled in August; the stoppage was sent late. We will refund September.' });
    await api.respond(lenderToken, ids[2]!, { message: 'We hold a signed agreement dated 3 March; attached.' });
    await api.decide(reviewerToken, ids[2]!, { decision: 'dismissed', note: 'The signed agreement matches the employee’s signature.' });
    const report = { fi_name: 'Zambezi Credit Union', type: 'Other', nrc: nrcs[3], person_name: 'Joseph Phiri', report_month: month, payee_key: org.payeeKey, description: 'Stopped paying after the first installment.' };
    await api.call(lenderToken, '/api/fraud-reports', { method: 'POST', body: report });
    await api.decide(reviewerToken, ids[3]!, { decision: 'upheld', note: 'The officer died in January; the lender has no agreement.' });
    return { reviewer, lender, nrcs };
  })();
  return seeded;
}

const withRows = (page: Page) => page.getByTestId('dispute-row').first().waitFor();

export function disputeShots(twin: Twin): Shot[] {
  return [
    ['disputes-compliance', async (page) => {
      const { reviewer } = await seed(twin);
      await signInAt(page, reviewer.email, reviewer.password, '/disputes');
      await withRows(page);
    }],
    ['disputes-open-form', async (page) => {
      const { reviewer } = await seed(twin);
      await signInAt(page, reviewer.email, reviewer.password, '/disputes');
      await page.getByRole('button', { name: 'Open a dispute' }).click();
      await page.getByRole('button', { name: 'Open dispute', exact: true }).click();
    }],
    ['disputes-decide', async (page) => {
      const { reviewer, nrcs } = await seed(twin);
      await signInAt(page, reviewer.email, reviewer.password, '/disputes?status=answered');
      await page.getByRole('button', { name: `Decide the dispute on ${nrcs[1]}` }).click();
      await page.getByRole('dialog', { name: 'Dispute' }).getByText('Lender’s response').waitFor();
    }],
    ['disputes-lender', async (page) => {
      const { lender, nrcs } = await seed(twin);
      await signInAt(page, lender.email, lender.password, '/disputes');
      await page.getByRole('button', { name: `Respond to the dispute on ${nrcs[0]}` }).click();
      await page.getByRole('link', { name: 'payslip-october.pdf' }).waitFor();
    }],
    ['disputes-empty', async (page) => {
      const u = await createUser(twin, ['fi_admin']);
      await signInAt(page, u.email, u.password, '/disputes');
      await page.getByText('No disputes').waitFor();
    }],
    ['fraud-search-disputed', async (page) => {
      const { reviewer, nrcs } = await seed(twin);
      await signInAt(page, reviewer.email, reviewer.password, '/fraud-list');
      await page.getByRole('textbox', { name: 'NRCs to search' }).fill(nrcs[3]!);
      await page.getByRole('button', { name: 'Extract & Search' }).click();
      await page.getByTestId('report-disputed').first().waitFor();
    }],
    ['history-disputed', async (page) => {
      const { lender, nrcs } = await seed(twin);
      await signInAt(page, lender.email, lender.password, '/history');
      await page.getByRole('textbox', { name: 'NRC' }).fill(nrcs[3]!);
      await page.getByRole('button', { name: 'Look up', exact: true }).click();
      await page.getByTestId('history-disputed').waitFor();
    }],
  ];
}
