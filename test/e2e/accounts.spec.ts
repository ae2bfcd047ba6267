import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { decideAccessRequest } from '#shared/routes/admin.js';
import { requestAccess } from '../integration/admin-support.js';
import { latestMessage, outbox, uniqueEmail } from '../support/accounts.js';
import { call } from '../support/api.js';
import { createUser, signIn } from '../support/cognito.js';
import { expectNoSeriousViolations, settled } from './accessibility-support.js';
import { accessRequestsOf, attach, expectPending, field, fillAccount, fillFiForm, pdf, putMembership } from './accounts-support.js';
import { signInThroughUi, twinInfo } from './support.js';

const twin = twinInfo();
const SHOTS = process.env.E2E_SHOTS_DIR;
const payeeKey = () => `f${randomUUID().slice(0, 5)}`;

test.describe('Request Access (sign up)', () => {
  test('an FI requests access, verifies the email from the outbox and waits for approval', async ({ page }) => {
    const email = uniqueEmail('fi-signup');
    const key = payeeKey();
    await page.goto('/request-access');
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Request Access' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /FI/ })).toBeChecked();

    await page.getByLabel('Payee Key / Deduction Code').fill(key);
    await expect(page.getByLabel('Payee Key / Deduction Code')).toHaveValue(key.toUpperCase());
    await fillAccount(page, email);
    await page.getByLabel('Full name').fill('Mwila Zulu');
    await attach(page, 'TPIN', pdf('tpin.pdf'));
    await attach(page, 'PACRA', pdf('pacra.pdf'));
    await attach(page, 'Application Letter', pdf('application.pdf'));
    await page.getByRole('button', { name: 'Request Access' }).click();

    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();
    await expect(page.getByText('Admin action required')).toHaveCount(0);
    const [request] = await accessRequestsOf(email);
    expect(request).toMatchObject({ status: 'pending', client_type: 'fi', payee_key: key.toUpperCase(), full_name: 'Mwila Zulu' });

    // Signing in before verifying is refused with the spec's words.
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await field(page, 'Password').fill('Request-Passw0rd');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please verify your email before signing in.')).toBeVisible();

    const message = await latestMessage(twin, email, 'Verify your email');
    await page.goto(message.links[0]!);
    await expect(page.getByText('Your email is verified. Please sign in.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await field(page, 'Password').fill('Request-Passw0rd');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPending(page, email);
    await page.getByRole('button', { name: 'Refresh status' }).click();
    await expect(page.getByText('Still pending review')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request Access' })).toBeVisible();
  });

  test('PMEC asks for the organisation name and its own two documents; the name is derived when left empty', async ({ page }) => {
    const email = uniqueEmail('pmec-signup');
    await page.goto('/sign-up');
    await page.getByRole('radio', { name: 'PMEC' }).check();
    await expect(page.getByLabel('Payee Key / Deduction Code')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'TPIN', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('Organisation name is required.')).toBeVisible();
    await expect(page.getByText('Attach Introductory Letter and NRC.')).toBeVisible();

    await page.getByLabel('Organisation name').fill('Ministry of Finance');
    await expect(page.getByText('If left empty: “Ministry of Finance Admin”.')).toBeVisible();
    await fillAccount(page, email);
    await attach(page, 'Introductory Letter', pdf('intro.pdf'));
    await attach(page, 'NRC', pdf('nrc.pdf'));
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const [request] = await accessRequestsOf(email);
    expect(request).toMatchObject({
      client_type: 'pmec',
      org_name: 'Ministry of Finance',
      full_name: 'Ministry of Finance Admin',
      requested_role: 'pmec_admin',
    });
    expect(Object.keys(request!.documents).sort()).toEqual(['intro_letter', 'nrc']);
  });

  test('the form refuses missing fields, a weak password, a mismatch, a file that is not a PDF and one over 10 MB', async ({ page }) => {
    const email = uniqueEmail('refused');
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Payee Key / Deduction Code is required.')).toBeVisible();
    await expect(page.getByText('Attach TPIN, PACRA and Application Letter.')).toBeVisible();

    await page.getByLabel('Payee Key / Deduction Code').fill(payeeKey());
    await fillAccount(page, email, 'short', 'short');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await fillAccount(page, email, 'Long-enough-1', 'Long-enough-2');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();

    await attach(page, 'TPIN', { name: 'tpin.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a pdf') });
    await expect(page.getByText('TPIN must be a PDF.')).toBeVisible();
    await attach(page, 'PACRA', { name: 'pacra.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
    await expect(page.getByText('PACRA must be a PDF.')).toBeVisible();
    await attach(page, 'Application Letter', pdf('big.pdf', 10 * 1024 * 1024 + 1));
    await expect(page.getByText('Application Letter is too large (max 10MB).')).toBeVisible();

    await fillAccount(page, email, 'Long-enough-1', 'Long-enough-1');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('TPIN must be a PDF.')).toBeVisible();
    expect(await outbox(twin, email)).toHaveLength(0);
    expect(await accessRequestsOf(email)).toHaveLength(0);
  });

  test('an email already in use is refused on leaving the field and on sending', async ({ page }) => {
    const existing = await createUser(twin, []);
    await page.goto('/signup');
    await page.getByLabel('Email').fill(existing.email.toUpperCase());
    await page.getByLabel('Full name').focus();
    const inUse = page.getByText('This email is already in use. Please Sign In or click Forgot Password.');
    await expect(inUse).toBeVisible();
    // The message names Forgot Password: the link is beside it, and leads there.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot$/);
    await page.goBack();

    // Sent without leaving the field first (Enter): Cognito's answer gives the same message.
    await page.reload();
    await page.getByLabel('Payee Key / Deduction Code').fill(payeeKey());
    await attach(page, 'TPIN', pdf('tpin.pdf'));
    await attach(page, 'PACRA', pdf('pacra.pdf'));
    await attach(page, 'Application Letter', pdf('application.pdf'));
    await field(page, 'Password').fill('Request-Passw0rd');
    await field(page, 'Confirm password').fill('Request-Passw0rd');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Email').press('Enter');
    await expect(inUse).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toHaveCount(0);
  });

  test('a new verification link can be sent; the replaced one is refused', async ({ page }) => {
    const email = uniqueEmail('resend');
    await page.goto('/signup');
    await page.getByRole('radio', { name: 'PMEC' }).check();
    await page.getByLabel('Organisation name').fill('Resend Department');
    await fillAccount(page, email);
    await attach(page, 'Introductory Letter', pdf('intro.pdf'));
    await attach(page, 'NRC', pdf('nrc.pdf'));
    await page.getByRole('button', { name: 'Request Access' }).click();
    const first = await latestMessage(twin, email, 'Verify your email');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText(`A new verification link is on its way to ${email}.`)).toBeVisible();
    const second = await latestMessage(twin, email, 'Verify your email', 1);
    expect(second.code).not.toBe(first.code);

    await page.goto(first.links[0]!);
    await expect(page.getByText('Verification link invalid or expired')).toBeVisible();
    await page.goto(second.links[0]!);
    await expect(page.getByText('Your email is verified. Please sign in.')).toBeVisible();
  });
});

test.describe('Request Access when uploads or the API fail (spec part 2 §8)', () => {
  test('storage refusing the upload (403) skips the documents and says admin action is required', async ({ page }) => {
    const email = uniqueEmail('upload-403');
    await page.route('**/_local/s3/**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/xml', body: '<Error><Code>AccessDenied</Code></Error>' }),
    );
    await page.goto('/signup');
    await fillFiForm(page, email, payeeKey());
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText('Admin action required')).toBeVisible();
    expect(await accessRequestsOf(email)).toHaveLength(1);
  });

  test('any other upload failure aborts; sending again finishes the same request', async ({ page }) => {
    const email = uniqueEmail('upload-500');
    await page.route('**/_local/s3/**', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/signup');
    await fillFiForm(page, email, payeeKey());
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('TPIN could not be uploaded: Storage answered HTTP 500. Please try again.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toHaveCount(0);

    await page.unroute('**/_local/s3/**');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText('Admin action required')).toHaveCount(0);
    expect(await accessRequestsOf(email)).toHaveLength(1);
  });

  test('a rate-limited request shows the spec message', async ({ page }) => {
    await page.route('**/api/access-requests', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'rate_limited', message: 'Slow down.' }) }),
    );
    await page.goto('/signup');
    await fillFiForm(page, uniqueEmail('limited'), payeeKey());
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('Signup temporarily rate-limited. Please try again shortly or Sign In if you already have an account.')).toBeVisible();
  });
});

test.describe('an applicant who lost the verification email', () => {
  test('gets a new one from sign-in ("Send the code again") or by signing up again, which resumes the account', async ({ page }) => {
    const email = uniqueEmail('lost-email');
    await page.goto('/signup');
    await fillFiForm(page, email, payeeKey());
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    await page.goto(`/signin?email=${encodeURIComponent(email)}`);
    await field(page, 'Password').fill('Request-Passw0rd');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please verify your email before signing in.')).toBeVisible();
    await page.getByRole('button', { name: 'Send the code again' }).click();
    await expect(page.getByText(`A new verification link is on its way to ${email}.`)).toBeVisible();
    await latestMessage(twin, email, 'Verify your email', 1);
    await settled(page);
    await expectNoSeriousViolations(page, 'sign-in of an unverified account');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sign-in-unverified.png`, fullPage: true });

    // Signing up again with the same email and password resumes the account: no "already in use".
    await page.goto('/signup');
    await fillFiForm(page, email, payeeKey());
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('This email already has an account that was never verified')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sign-up-resumed.png`, fullPage: true });
    const third = await latestMessage(twin, email, 'Verify your email', 2);
    await page.goto(third.links[0]!);
    await expect(page.getByText('Your email is verified. Please sign in.')).toBeVisible();
    await field(page, 'Password').fill('Request-Passw0rd');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPending(page, email);
  });
});

test.describe('the pending screen', () => {
  test('a rejected applicant sees the note and files a new request; approved and removed accounts see their own state', async ({ page }) => {
    const { idToken: adminToken } = await signIn(twin, twin.admin.email, twin.admin.password);
    const decide = (id: string, body: { decision: 'approve' | 'reject' | 'remove'; note?: string; role?: string }) =>
      call(twin, decideAccessRequest, { params: { id }, body, caller: adminToken });
    const request = await requestAccess(twin, 'fi');
    await decide(request.id, { decision: 'reject', note: 'The TPIN certificate is unreadable.' });
    await page.goto('/signin');
    await signInThroughUi(page, request.email, request.password);
    await expect(page.getByRole('heading', { name: 'Your access request was rejected' })).toBeVisible();
    await expect(page.getByTestId('rejection-note')).toContainText('The TPIN certificate is unreadable.');
    await expect(page.getByLabel('Payee Key / Deduction Code')).toHaveValue(request.payeeKey!);
    await settled(page);
    await expectNoSeriousViolations(page, '/pending after a rejection');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pending-rejected.png`, fullPage: true });
    await attach(page, 'TPIN', pdf('tpin.pdf'));
    await attach(page, 'PACRA', pdf('pacra.pdf'));
    await attach(page, 'Application Letter', pdf('application.pdf'));
    await page.getByRole('button', { name: 'Send the new request' }).click();
    await expectPending(page, request.email);
    const requests = await accessRequestsOf(request.email);
    expect(requests.map((r) => r.status).sort()).toEqual(['pending', 'rejected']);
    const renewed = requests.find((r) => r.status === 'pending');
    expect(renewed).toMatchObject({ payee_key: request.payeeKey });

    // Approved, then opening /pending directly: told so, never "waiting".
    await decide(renewed!.id, { decision: 'approve', role: 'fi_admin' });
    await page.getByRole('button', { name: 'Refresh status' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await page.goto('/pending');
    await expect(page.getByRole('heading', { name: 'Your access is approved' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue to the platform' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pending-approved.png`, fullPage: true });

    // Removed: where and when.
    await decide(renewed!.id, { decision: 'remove', note: 'Left the bank.' });
    await page.goto('/pending');
    await expect(page.getByRole('heading', { name: 'Your access was removed' })).toBeVisible();
    await expect(page.getByTestId('removed-notice')).toContainText(/You were removed from \S+ on \d{1,2} \w+ \d{4}\./);
    await settled(page);
    await expectNoSeriousViolations(page, '/pending of a removed member');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pending-removed.png`, fullPage: true });
  });

  test('lets the user through once a membership is approved', async ({ page }) => {
    const user = await createUser(twin, []);
    await page.goto('/signin');
    await signInThroughUi(page, user.email, user.password);
    await expectPending(page, user.email, 'No access request yet');
    await putMembership(user.username, 'approved');
    await page.getByRole('button', { name: 'Refresh status' }).click();
    await expect(page).toHaveURL(/\/app$/);
  });
});
