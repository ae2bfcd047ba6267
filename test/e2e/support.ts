import { expect, type Page } from '@playwright/test';
import { send } from '../support/api.js';
import { createUser, type TestTwinInfo } from '../support/cognito.js';
import { latestCode, registerMobile, textsTo, uniqueAddress } from '../support/employee.js';

export function twinInfo(): TestTwinInfo & { admin: { email: string; password: string } } {
  const raw = process.env.E2E_TWIN;
  if (!raw) throw new Error('E2E_TWIN is not set: run the tests through `playwright test` (global setup starts the twin).');
  return JSON.parse(raw);
}

/** Signs in through the sign-in screen as a person would. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the sign-in screen, signs in, waits until the app has left it, then opens `then` if given. */
export async function signInAt(page: Page, email: string, password: string, then?: string) {
  await page.goto('/signin');
  await signInThroughUi(page, email, password);
  await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
  if (then) await page.goto(then);
}

/** A new user with these roles, signed in through the sign-in screen; returns the user. */
export async function signInAs(page: Page, roles: Parameters<typeof createUser>[1]) {
  const user = await createUser(twinInfo(), roles);
  await page.goto('/signin');
  await signInThroughUi(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/signin/);
  return user;
}

export async function expectSignInScreen(page: Page) {
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

/**
 * Types into the review queue's Search box and waits for the queue's answer to that search: the box asks
 * 300 ms after the last key, and until then the list shown is the one before (rows about to go).
 */
export async function searchQueue(page: Page, text: string) {
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/submissions' && url.searchParams.get('q') === text;
  });
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await answered;
}

/** The password input (its label carries Mantine's required asterisk). */
export const passwordField = (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true });

/** Logs out through the menu, as a person does. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin/);
}

/**
 * Each employee asks for their code from a phone of their own: the browser's requests all come from one
 * address here, which the code route's per-address limit (5 an hour) would soon refuse. The page's code
 * requests are sent on from a loopback address of this employee's own, their answer handed back as is.
 */
async function askCodesFromOwnAddress(page: Page, twin: TestTwinInfo) {
  const from = uniqueAddress();
  await page.route('**/api/employee/code', async (route) => {
    const request = route.request();
    const answer = await send(twin, {
      method: 'POST',
      path: new URL(request.url()).pathname,
      rawBody: request.postData() ?? '',
      headers: { 'content-type': 'application/json' },
      from,
    });
    await route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.text });
  });
}

/**
 * Signs an employee in through /employee as they would: their NRC and employee number, then the code the
 * twin texted to the register's mobile (read from the outbox). Ends on the portal's home.
 */
export async function signInAsEmployee(page: Page, who: { nrc: string; employeeNumber: string }) {
  const twin = twinInfo();
  // The register's mobile is read through lambdas/data, as the handlers read it.
  Object.assign(process.env, twin.env);
  const mobile = await registerMobile(who.nrc);
  const sent = (await textsTo(twin, mobile)).length;
  await askCodesFromOwnAddress(page, twin);
  await page.goto('/employee');
  await page.getByRole('textbox', { name: 'NRC' }).fill(who.nrc);
  await page.getByRole('textbox', { name: 'Employee number' }).fill(who.employeeNumber);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('textbox', { name: 'Code' })).toBeVisible();
  await expect.poll(async () => (await textsTo(twin, mobile)).length).toBeGreaterThan(sent);
  await page.getByRole('textbox', { name: 'Code' }).fill(await latestCode(twin, mobile));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}
