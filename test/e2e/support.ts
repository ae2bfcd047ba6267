import { expect, type Page } from '@playwright/test';
import { createUser, type TestTwinInfo } from '../support/cognito.js';

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

/** The password input (its label carries Mantine's required asterisk). */
export const passwordField = (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true });

/** Logs out through the menu, as a person does. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin/);
}
