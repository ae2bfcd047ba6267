import { expect, type Page } from '@playwright/test';
import type { ScreenPath } from '#shared/navigation.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { prepareSubmitter, uploadScreen } from '../fixtures/submissions/ui.js';
import { inputsRows, nrcOf, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { requestAccess } from '../integration/admin-support.js';
import { createUser, signIn, type TestTwinInfo } from '../support/cognito.js';
import { fillReportForm } from './fraud-support.js';

/** What the states below find on screen: one lender's submitted file, its borrowers, a report, a request. */
export interface ScreenData {
  /** The lender: an FI admin of an organisation that has submitted a file. */
  lender: { email: string; password: string };
  payeeKey: string;
  nrc: string;
  reportedNrc: string;
  requestEmail: string;
  /** A pending request for the lender's payee key: its organisation exists, so approving asks to join it. */
  joinEmail: string;
  /** An NRC whose deduction by the lender has an open dispute. */
  disputedNrc: string;
}

/** Seeds what makes the screens show rows instead of their empty states. */
export async function seedScreenData(twin: TestTwinInfo): Promise<ScreenData> {
  const lender = await prepareSubmitter(twin);
  const { idToken } = await signIn(twin, lender.email, lender.password);
  const api = submissionsApi(twin);
  const month = currentMonth();
  const base = 300_000 + Math.floor(Math.random() * 100_000);
  const nrcs = [nrcOf(1, base), nrcOf(2, base)];
  const data = workbook(inputsRows(month, lender.org.payeeKey, nrcs));
  const request = { doc_kind: 'inputs', month, payee_key: lender.org.payeeKey, file_name: 'inputs.xlsx', size: data.length, content_type: XLSX_MIME } as const;
  const upload = await api.upload(idToken, request, data);
  if ((await api.submit(idToken, upload.id)).status !== 200) throw new Error('The seeded submission was refused.');
  await api.waitForIngestion(idToken, upload.id);
  const report = {
    fi_name: lender.org.orgName,
    type: 'Identity theft',
    nrc: nrcs[1],
    person_name: 'Mwila Banda',
    report_month: month,
    payee_key: lender.org.payeeKey,
    description: 'Used a forged payslip.',
  };
  const filed = await api.call(idToken, '/api/fraud-reports', { method: 'POST', body: report });
  if (filed.status !== 200) throw new Error(`The seeded fraud report was refused: ${JSON.stringify(filed.body)}`);
  const access = await requestAccess(twin, 'fi', { prefix: 'a11y' });
  const joining = await requestAccess(twin, 'fi', { prefix: 'a11y-join', payeeKey: lender.org.payeeKey });
  const compliance = await createUser(twin, ['compliance']);
  const complianceToken = (await signIn(twin, compliance.email, compliance.password)).idToken;
  const dispute = await api.call(complianceToken, '/api/disputes', {
    method: 'POST',
    body: { nrc: nrcs[0], payee_key: lender.org.payeeKey, month, reason: 'The employee never took this loan.' },
  });
  if (dispute.status !== 201) throw new Error(`The seeded dispute was refused: ${JSON.stringify(dispute.body)}`);
  return {
    lender: { email: lender.email, password: lender.password },
    payeeKey: lender.org.payeeKey,
    nrc: nrcs[0]!,
    reportedNrc: nrcs[1]!,
    requestEmail: access.email,
    joinEmail: joining.email,
    disputedNrc: nrcs[0]!,
  };
}

/** A state a screen shows besides the one it opens in: reached as a person reaches it. */
export interface ScreenState {
  name: string;
  /** Who reaches it: the seeded lender, or (the default) a super admin, who may open every screen. */
  as?: 'lender';
  reach(page: Page, data: ScreenData): Promise<void>;
}

const click = (page: Page, name: string | RegExp, exact = true) => page.getByRole('button', { name, exact }).first().click();
const dialog = (page: Page) => page.getByRole('dialog');
/** A drawer or modal done with its opening transition: axe measures colours blended while it fades in. */
const settled = (page: Page) => expect(dialog(page)).toHaveCSS('opacity', '1');

/**
 * Every screen's other states: errors shown, rows loaded, dialogs open. A screen missing here is
 * still checked as it opens, for every role; its states are added here with it.
 */
export const SCREEN_STATES: Partial<Record<ScreenPath, ScreenState[]>> = {
  '/signin': [
    {
      name: 'a refused sign-in',
      reach: async (page) => {
        await page.getByLabel('Email').fill('nobody@example.com');
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-Passw0rd');
        await click(page, 'Sign in');
        await expect(page.getByRole('alert').first()).toBeVisible();
      },
    },
  ],
  '/signup': [
    {
      name: 'every field refused',
      reach: async (page) => {
        await click(page, 'Request Access');
        await expect(page.locator('.mantine-InputWrapper-error').first()).toBeVisible();
      },
    },
  ],
  '/forgot': [
    {
      name: 'an empty email refused',
      reach: async (page) => {
        await click(page, 'Send reset link');
        await expect(page.locator('.mantine-InputWrapper-error').first()).toBeVisible();
      },
    },
  ],
  '/upload': [
    {
      name: 'a validated file with its preview and results',
      as: 'lender',
      reach: async (page, data) => {
        const screen = uploadScreen(page);
        await screen.payeeKey().fill(data.payeeKey);
        await screen.chooseFile('inputs.xlsx', workbook(inputsRows(currentMonth(), data.payeeKey, [data.nrc, data.reportedNrc, 'not an nrc'])));
        await screen.validate();
      },
    },
  ],
  '/fraud-report': [
    {
      name: 'a report refused',
      reach: async (page) => {
        await fillReportForm(page, '', { nrc: '12345/6', payeeKey: 'x' });
        await click(page, 'Submit report');
        await expect(page.getByText(/NRC format should be like/)).toBeVisible();
      },
    },
  ],
  '/fraud-list': [
    {
      name: 'search results',
      reach: async (page, data) => {
        await page.getByRole('textbox', { name: 'NRCs to search' }).fill(`${data.reportedNrc} 999999/99/1`);
        await click(page, 'Extract & Search');
        await expect(page.getByText(data.reportedNrc).first()).toBeVisible();
      },
    },
    {
      name: 'the withdraw dialog, a reason refused',
      reach: async (page, data) => {
        await page.getByRole('textbox', { name: 'NRCs to search' }).fill(data.reportedNrc);
        await click(page, 'Extract & Search');
        await page
          .getByRole('button', { name: `Withdraw the report on ${data.reportedNrc}` })
          .first()
          .click();
        await dialog(page).getByRole('button', { name: 'Withdraw', exact: true }).click();
        await expect(dialog(page).getByText(/Give the reason for withdrawing/)).toBeVisible();
      },
    },
  ],
  '/admin': [
    {
      name: 'a platform setting refused',
      reach: async (page) => {
        const card = page.getByRole('form', { name: 'Submission window' });
        await card.getByRole('textbox', { name: 'Opens on day' }).fill('0');
        await card.getByRole('button', { name: 'Save window' }).click();
        await expect(card.getByText(/The window opens on a day/)).toBeVisible();
      },
    },
  ],
  '/history': [
    {
      name: 'a refused NRC',
      reach: async (page) => {
        await page.getByRole('textbox', { name: 'NRC' }).fill('12345');
        await click(page, 'Look up');
        await expect(page.getByText('Enter a valid NRC (at least 6 digits).')).toBeVisible();
      },
    },
    {
      name: 'a borrower found',
      reach: async (page, data) => {
        await page.getByRole('textbox', { name: 'NRC' }).fill(data.nrc);
        await click(page, 'Look up');
        await expect(page.getByTestId('history-row').first()).toBeVisible();
      },
    },
  ],
  '/reviews': [
    {
      name: 'the reject dialog',
      reach: async (page, data) => {
        const row = page.getByTestId('review-row').filter({ hasText: data.payeeKey });
        await row.getByRole('button', { name: /^Reject / }).click();
        await dialog(page).getByRole('button', { name: 'Reject', exact: true }).click();
        await expect(dialog(page).getByText('Rejection requires a reason.')).toBeVisible();
      },
    },
    {
      name: 'the signals drawer',
      reach: async (page, data) => {
        const row = page.getByTestId('review-row').filter({ hasText: data.payeeKey });
        await row.getByTestId('open-signals').click();
        await expect(page.getByRole('dialog', { name: 'Signals' }).getByTestId('signals-view')).toBeVisible();
        await expect(page.getByRole('dialog', { name: 'Signals' }).getByRole('table')).toBeVisible();
      },
    },
  ],
  '/disputes': [
    {
      name: 'the open form refused',
      reach: async (page) => {
        await click(page, 'Open a dispute');
        await dialog(page).getByRole('button', { name: 'Open dispute', exact: true }).click();
        await expect(dialog(page).getByText(/Enter the NRC as/)).toBeVisible();
      },
    },
    {
      name: 'a dispute to decide, its note refused',
      reach: async (page, data) => {
        await page
          .getByRole('button', { name: `Decide the dispute on ${data.disputedNrc}` })
          .first()
          .click();
        await dialog(page).getByRole('button', { name: 'Uphold dispute' }).click();
        await expect(dialog(page).getByText(/A decision needs a note/)).toBeVisible();
        await settled(page);
      },
    },
    {
      name: 'a dispute to answer',
      as: 'lender',
      reach: async (page, data) => {
        await page
          .getByRole('button', { name: `Respond to the dispute on ${data.disputedNrc}` })
          .first()
          .click();
        await expect(dialog(page).getByRole('button', { name: 'Send response' })).toBeVisible();
        await settled(page);
      },
    },
  ],
  '/team': [
    {
      name: 'the add-member form refused',
      as: 'lender',
      reach: async (page) => {
        const form = page.getByRole('region', { name: 'Add member' });
        await form.getByRole('button', { name: 'Add member' }).click();
        await expect(form.getByRole('alert')).toBeVisible();
      },
    },
  ],
  '/admin/requests': [
    {
      name: 'the approve dialog',
      reach: async (page, data) => {
        await page.getByRole('textbox', { name: 'Search' }).fill(data.requestEmail);
        await page.getByRole('button', { name: `Approve ${data.requestEmail}` }).click();
        await expect(dialog(page)).toContainText('Approve access');
      },
    },
    {
      name: 'the approve dialog for an existing organisation, joining',
      reach: async (page, data) => {
        await page.getByRole('textbox', { name: 'Search' }).fill(data.joinEmail);
        await page.getByRole('button', { name: `Approve ${data.joinEmail}` }).click();
        await expect(dialog(page)).toContainText('This organisation already exists');
        await dialog(page)
          .getByRole('radio', { name: /^Join / })
          .check();
        await expect(dialog(page).getByRole('combobox', { name: 'Role in the organisation' })).toBeVisible();
      },
    },
  ],
};
