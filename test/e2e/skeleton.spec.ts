import { expect, test } from '@playwright/test';
import { getHistory } from '#shared/routes/history.js';
import { createUser } from '../support/cognito.js';
import { expectNoSeriousViolations } from './accessibility-support.js';
import { expectSignInScreen, passwordField, signInThroughUi, twinInfo } from './support.js';

const twin = twinInfo();

test.describe('sign in and the dashboard', () => {
  test('the seeded super admin signs in and sees the admin dashboard', async ({ page }) => {
    await page.goto('/');
    await expectSignInScreen(page);
    await signInThroughUi(page, twin.admin.email, twin.admin.password);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByTestId('dashboard-title')).toHaveText('Admin Dashboard');
    await expect(page.getByTestId('user-email').first()).toContainText(twin.admin.email);
    await expect(page.getByTestId('role-badge')).toHaveText(['Super Admin']);
    await expect(page.getByRole('link', { name: /Platform admins/ }).first()).toBeVisible();
  });

  test('a protected route opened while signed out comes back after sign-in', async ({ page }) => {
    await page.goto('/reports');
    await expect(page).toHaveURL(/\/signin/);
    await signInThroughUi(page, twin.admin.email, twin.admin.password);
    await expect(page).toHaveURL(/\/reports$/);
  });

  test('signing out returns to sign-in and closes the protected routes', async ({ page }) => {
    await page.goto('/signin');
    await signInThroughUi(page, twin.admin.email, twin.admin.password);
    await expect(page.getByTestId('dashboard-title')).toBeVisible();
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectSignInScreen(page);
    await page.goto('/app');
    await expectSignInScreen(page);
  });

  test('wrong password and empty fields show the spec messages', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email and password are required.')).toBeVisible();
    await signInThroughUi(page, twin.admin.email, 'not-the-password');
    await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/signin');
    const password = passwordField(page);
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('the carousel has four slides with clickable dots', async ({ page }) => {
    await page.goto('/signin');
    const dots = page.getByRole('button', { name: /^Show slide \d$/ });
    await expect(dots).toHaveCount(4);
    await dots.nth(2).click();
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
  });
});

test.describe('session gating', () => {
  test('a signed-in user without approval is sent to the pending screen', async ({ page }) => {
    const user = await createUser(twin, []);
    await page.goto('/signin');
    await signInThroughUi(page, user.email, user.password);
    await expect(page).toHaveURL(/\/pending$/);
    // An account that never filed a request is told so, never that one waits.
    await expect(page.getByRole('heading', { name: 'No access request yet' })).toBeVisible();
    await expect(page.getByText(user.email).first()).toBeVisible();
    await page.getByRole('button', { name: 'Refresh status' }).click();
    await expect(page.getByRole('heading', { name: 'No access request yet' })).toBeVisible();
    await expect(page.getByText('Still pending review')).toHaveCount(0);
  });

  test('a data user sees the menu of their role and is told an admin screen is not theirs', async ({ page }) => {
    const user = await createUser(twin, ['data_user']);
    await page.goto('/signin');
    await signInThroughUi(page, user.email, user.password);
    await expect(page.getByTestId('dashboard-title')).toHaveText('Dashboard');
    await expect(page.getByTestId('role-badge')).toHaveText(['Data User']);
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('menuitem', { name: 'Fraud Search' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Team Management' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: "You don't have access to this screen" })).toBeVisible();
  });

  test('unknown paths show Not found and /fraud goes to /fraud-report', async ({ page }) => {
    await page.goto('/signin');
    await signInThroughUi(page, twin.admin.email, twin.admin.password);
    await expect(page.getByTestId('dashboard-title')).toBeVisible();
    await page.goto('/no-such-screen');
    await expect(page.getByText('Not found')).toBeVisible();
    await page.goto('/fraud');
    await expect(page).toHaveURL(/\/fraud-report$/);
  });

  test('public paths need no session and / goes to sign-in when signed out', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin$/);
    await page.goto('/request-access');
    await expect(page).toHaveURL(/\/signup$/);
    await page.goto('/FORGOT/');
    await expect(page).not.toHaveURL(/\/signin/);
  });

  test('the API reference opens without a session and shows the routes of the contract', async ({ page }) => {
    await page.goto('/developers');
    await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
    // Redoc lays out some 80 operations and axe reads them all: hang guards sized for a loaded machine, not waits
    // (four minutes were not enough beside four shards and other work on two cores).
    test.setTimeout(360_000);
    const reference = page.getByTestId('api-reference');
    await expect(reference.getByRole('heading', { name: getHistory.summary })).toBeAttached({ timeout: 150_000 });
    await reference.getByText('history', { exact: true }).first().click();
    await expect(reference.getByRole('heading', { name: getHistory.summary })).toBeInViewport();
    await expectNoSeriousViolations(page, '/developers, the reference rendered');
    await expect(page.getByRole('link', { name: 'openapi.json' })).toHaveAttribute('href', '/api/openapi.json');
    if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/developers.png`, fullPage: false });
  });
});
