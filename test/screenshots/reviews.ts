// Submission Reviews and Reports for `npm run screenshots`: two lenders' submissions in every
// state, seen by a compliance reviewer, a PMEC admin and an FI admin.
import type { Page } from '@playwright/test';
import { currentMonth } from '#shared/rules/dates.js';
import { signInAt } from '../e2e/support.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seedMembership, seedOrganisation, subOf, type SeededOrg, uniquePayeeKey } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, stoppagesRows, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { okBody } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import type { Shot, Twin } from './core.js';

async function person(twin: Twin, roles: Parameters<typeof createUser>[1], org?: SeededOrg) {
  const user = await createUser(twin, roles);
  const { idToken } = await signIn(twin, user.email, user.password);
  if (org) await seedMembership(twin, org, subOf(idToken));
  return { ...user, token: idToken };
}

async function post(twin: Twin, token: string, path: string, body: unknown) {
  const res = await fetch(`${twin.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
}

let seeded: Promise<{ reviewer: Awaited<ReturnType<typeof person>>; pmec: Awaited<ReturnType<typeof person>>; lender: Awaited<ReturnType<typeof person>> }> | null = null;

/** Seven submissions from two lenders: pending, approved and assigned, completed, rejected. */
function seed(twin: Twin) {
  seeded ??= (async () => {
    const api = submissionsApi(twin);
    const month = currentMonth();
    // Fresh payee keys: a worker restarted after a failed shot seeds again on the same twin.
    const alpha = await seedOrganisation(twin, uniquePayeeKey(), 'Zambezi Credit Union');
    const beta = await seedOrganisation(twin, uniquePayeeKey(), 'Kafue Microfinance Ltd');
    const [lender, other, reviewer, pmec] = [await person(twin, ['fi_admin'], alpha), await person(twin, ['fi_admin'], beta), await person(twin, ['compliance']), await person(twin, ['pmec_admin'])];
    const ids: string[] = [];
    let n = 0;
    for (const [who, org, kind, rows] of [
      [lender, alpha, 'inputs', 120],
      [lender, alpha, 'stoppages', 14],
      [other, beta, 'inputs', 310],
      [other, beta, 'stoppages', 9],
      [lender, alpha, 'inputs', 42],
      [other, beta, 'inputs', 77],
      [lender, alpha, 'inputs', 5],
    ] as const) {
      const nrcs = Array.from({ length: rows }, () => nrcOf(++n, 520_000));
      const data = workbook(kind === 'inputs' ? inputsRows(month, org.payeeKey, nrcs) : stoppagesRows(month, org.payeeKey, nrcs));
      const upload = await api.upload(who.token, { doc_kind: kind, month, payee_key: org.payeeKey, file_name: `${org.payeeKey} ${kind} ${month}.xlsx`, size: data.length, content_type: XLSX_MIME }, data);
      const res = await api.submit(who.token, upload.id);
      ids.push(String(okBody(res).submission_id));
    }
    await post(twin, reviewer.token, `/api/submissions/${ids[0]}/decision`, { decision: 'approve' });
    await post(twin, reviewer.token, `/api/submissions/${ids[0]}/assign`, { pmec_email: pmec.email });
    await post(twin, reviewer.token, `/api/submissions/${ids[2]}/decision`, { decision: 'approve' });
    await post(twin, reviewer.token, `/api/submissions/${ids[2]}/assign`, { pmec_email: pmec.email });
    await post(twin, pmec.token, `/api/submissions/${ids[2]}/decision`, { decision: 'complete' });
    await post(twin, reviewer.token, `/api/submissions/${ids[3]}/decision`, { decision: 'reject', note: 'The stoppage month is before the deductions started. Resubmit for the right month.' });
    await post(twin, reviewer.token, `/api/submissions/${ids[5]}/decision`, { decision: 'approve' });
    return { reviewer, pmec, lender };
  })();
  return seeded;
}

const withRows = (page: Page) => page.getByTestId('review-row').first().waitFor();

export function reviewShots(twin: Twin): Shot[] {
  return [
    ['reviews-compliance', async (page) => {
      const { reviewer } = await seed(twin);
      await signInAt(page, reviewer.email, reviewer.password, '/reviews');
      await withRows(page);
      await page.getByRole('checkbox', { name: /^Select Zambezi/ }).first().check();
    }],
    ['reviews-signals-drawer', async (page) => {
      const { reviewer } = await seed(twin);
      await signInAt(page, reviewer.email, reviewer.password, '/reviews');
      await withRows(page);
      await page.getByTestId('open-signals').first().click();
      await page.getByRole('dialog', { name: 'Signals' }).getByRole('table').waitFor();
    }],
    ['reviews-all-sorted', async (page) => {
      const { reviewer } = await seed(twin);
      await signInAt(page, reviewer.email, reviewer.password, '/reviews');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'All statuses' }).click();
      await withRows(page);
      await page.getByRole('button', { name: 'Organisation' }).click();
    }],
    ['reviews-reject', async (page) => {
      const { reviewer } = await seed(twin);
      await signInAt(page, reviewer.email, reviewer.password, '/reviews');
      await withRows(page);
      await page.getByRole('button', { name: /^Reject (Zambezi|Kafue)/ }).first().click();
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
    }],
    ['reviews-assign', async (page) => {
      const { reviewer } = await seed(twin);
      await signInAt(page, reviewer.email, reviewer.password, '/reviews');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'COMPLIANCE APPROVED' }).click();
      await withRows(page);
      await page.getByRole('button', { name: /^Assign (Zambezi|Kafue)/ }).first().click();
      await page.getByRole('combobox', { name: 'PMEC admin email' }).click();
      await page.getByRole('option').first().waitFor();
    }],
    ['reviews-pmec', async (page) => {
      const { pmec } = await seed(twin);
      await signInAt(page, pmec.email, pmec.password, '/reviews');
      await withRows(page);
    }],
    ['reviews-empty', async (page) => {
      const { reviewer } = await seed(twin);
      await signInAt(page, reviewer.email, reviewer.password, '/reviews');
      await page.getByRole('textbox', { name: 'Search' }).fill('no such lender');
      await page.getByTestId('reviews-empty').waitFor();
    }],
    ['reviews-bulk-failed', async (page) => {
      // Two files of a lender of their own; another reviewer approves one while both are selected.
      const org = await seedOrganisation(twin, uniquePayeeKey(), 'Lusaka Teachers Savings');
      const [lender, reviewer, other] = [await person(twin, ['fi_admin'], org), await person(twin, ['compliance']), await person(twin, ['compliance'])];
      const api = submissionsApi(twin);
      const ids: string[] = [];
      for (const n of [1, 2]) {
        const data = workbook(inputsRows(currentMonth(), org.payeeKey, [nrcOf(n, 530_000 + Math.floor(Math.random() * 9_000))]));
        ids.push(await api.submitWorkbook(lender.token, { kind: 'inputs', month: currentMonth(), payeeKey: org.payeeKey, fileName: `batch ${n}.xlsx` }, data));
      }
      await signInAt(page, reviewer.email, reviewer.password, '/reviews');
      await page.getByRole('textbox', { name: 'Search' }).fill('Lusaka Teachers');
      await page.getByTestId('review-row').filter({ hasText: org.payeeKey }).nth(1).waitFor();
      await page.getByRole('checkbox', { name: 'Select all shown submissions' }).check();
      await post(twin, other.token, `/api/submissions/${ids[0]}/decision`, { decision: 'approve' });
      await page.getByRole('button', { name: 'Approve selected' }).click();
      await page.getByTestId('bulk-result').getByText('no longer in this list').waitFor();
    }],
    ['reports-fi', async (page) => {
      const { lender } = await seed(twin);
      await signInAt(page, lender.email, lender.password, '/reports');
      await page.getByTestId('report-row').first().waitFor();
    }],
    ['reports-admin', async (page) => {
      await seed(twin);
      await signInAt(page, twin.admin.email, twin.admin.password, '/reports');
      await page.getByTestId('report-row').first().waitFor();
    }],
  ];
}
