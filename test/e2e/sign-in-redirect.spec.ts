import { expect, test } from '@playwright/test';
import { createUser } from '../support/cognito.js';
import { signInThroughUi, twinInfo } from './support.js';

/**
 * /signin?redirect= takes only a clean path of this site: a tab (which browsers strip, leaving
 * '//host'), a backslash, a scheme or another host lands on /app instead of the error screen.
 */
const twin = twinInfo();
const HOSTILE = ['/%09/evil.example', '//evil.example', '/%5Cevil.example', 'javascript:alert(1)', 'https://evil.example/app', '/%0A/evil.example'];

test('a signed-in person opening a hostile redirect lands on /app', async ({ page }) => {
  const user = await createUser(twin, ['data_user']);
  await page.goto('/signin');
  await signInThroughUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app$/);
  for (const redirect of HOSTILE) {
    await page.goto(`/signin?redirect=${redirect}`);
    await expect(page, redirect).toHaveURL(/\/app$/);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  }
  await page.goto('/signin?redirect=/fraud-report');
  await expect(page).toHaveURL(/\/fraud-report$/);
});

test('signing in from a hostile redirect lands on /app', async ({ page }) => {
  const user = await createUser(twin, ['data_user']);
  await page.goto(`/signin?redirect=${HOSTILE[0]}`);
  await signInThroughUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});
