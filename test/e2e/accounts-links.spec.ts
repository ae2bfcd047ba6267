import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, test } from '@playwright/test';
import { ACCOUNT_MESSAGES, LINK_MESSAGES } from '#shared/api/accounts.js';
import { latestMessage, temporaryPassword, temporaryPasswordIn, uniqueEmail } from '../support/accounts.js';
import { cognitoClient, createUser } from '../support/cognito.js';
import { expectPending, field, putMembership } from './accounts-support.js';
import { expectSignInScreen, signInAs, signInThroughUi, twinInfo } from './support.js';

const twin = twinInfo();

test.describe('forgot and reset password', () => {
  test('forgot sends a link; reset refuses a weak password and a mismatch, saves, and the new password signs in', async ({ page }) => {
    const user = await createUser(twin, []);
    await page.goto('/forgot-password');
    await expect(page).toHaveURL(/\/forgot$/);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Enter your email.')).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${user.email}, we have sent it a link to set a new password.`)).toBeVisible();

    const message = await latestMessage(twin, user.email, 'Reset your');
    await page.goto(message.links[0]!);
    await expect(page.getByRole('heading', { name: 'Create a new password' })).toBeVisible();
    // The one-time code is read once and leaves the address bar (history, referrers).
    await expect(page).toHaveURL(`/reset?email=${encodeURIComponent(user.email)}`);
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
    await field(page, 'New password').fill('short');
    await field(page, 'Confirm password').fill('short');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await field(page, 'New password').fill('Brand-new-pass1');
    await field(page, 'Confirm password').fill('Brand-new-pass2');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await field(page, 'Confirm password').fill('Brand-new-pass1');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('heading', { name: 'Password saved' })).toBeVisible();

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await signInThroughUi(page, user.email, 'Brand-new-pass1');
    await expectPending(page, user.email, 'No access request yet');
  });

  test('the same neutral answer for an unknown email', async ({ page }) => {
    const email = uniqueEmail('nobody');
    await page.goto('/forgot');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${email}, we have sent it a link to set a new password.`)).toBeVisible();
  });

  test('a used, wrong or incomplete link shows "Reset link invalid or expired" with a way to ask for a new one', async ({ page }) => {
    const user = await createUser(twin, []);
    await page.goto(`/reset?email=${encodeURIComponent(user.email)}&code=000000`);
    await field(page, 'New password').fill('Brand-new-pass1');
    await field(page, 'Confirm password').fill('Brand-new-pass1');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('heading', { name: 'Reset link invalid or expired' })).toBeVisible();
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await expect(page).toHaveURL(/\/forgot$/);

    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Reset link invalid or expired' })).toBeVisible();
    await expect(page.getByText('Reset link is missing or invalid.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  });

  test('a reset link opened while someone is signed in says who was signed out', async ({ page }) => {
    const admin = await signInAs(page, ['super_admin']);
    const other = await createUser(twin, []);
    await page.goto(`/reset?email=${encodeURIComponent(other.email)}&code=123456`);
    await expect(page.getByRole('heading', { name: 'Create a new password' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: LINK_MESSAGES.signedOut(admin.email) })).toBeVisible();
  });

  test('a sign-up type link has its own heading', async ({ page }) => {
    await page.goto(`/reset?type=signup&email=${encodeURIComponent(uniqueEmail('finish'))}&code=123456`);
    await expect(page.getByRole('heading', { name: 'Set your password to finish creating your account' })).toBeVisible();
  });
});

test.describe('accepting an invite', () => {
  async function invite(email: string) {
    const code = temporaryPassword();
    const created = await cognitoClient(twin).send(
      new AdminCreateUserCommand({
        UserPoolId: twin.env.USER_POOL_ID,
        Username: email,
        TemporaryPassword: code,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    return { code, username: created.User!.Username! };
  }

  test('the invite link leads to "Invite Accepted", a new password, and the platform', async ({ page }) => {
    const email = uniqueEmail('invitee');
    const { username } = await invite(email);
    await putMembership(username, 'invited', 'data_user');
    const message = await latestMessage(twin, email, 'invited');
    const temporary = temporaryPasswordIn(message);
    expect(message.links.some((link) => link.includes(temporary))).toBe(false);

    // The link names the person; the temporary password is typed from the email.
    await page.goto(message.links[0]!);
    await expect(page.getByRole('heading', { name: 'Type your temporary password' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.temporaryPasswordMissing)).toBeVisible();
    await field(page, 'Temporary password').fill('not-the-codeA1!');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.temporaryPasswordWrong)).toBeVisible();
    await field(page, 'Temporary password').fill(temporary);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Invite Accepted' })).toBeVisible();
    expect(page.url()).not.toContain(temporary);
    await expect(page.getByRole('heading', { name: 'Create your password' })).toBeVisible();
    await field(page, 'New password').fill('seven77');
    await field(page, 'Confirm password').fill('seven77');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await field(page, 'New password').fill('Invited-pass-1');
    await field(page, 'Confirm password').fill('Invited-pass-2');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await field(page, 'Confirm password').fill('Invited-pass-1');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible();
    await page.getByRole('link', { name: 'Continue to the platform' }).click();
    await expect(page.getByTestId('role-badge')).toHaveText(['Data User']);

    // The invitation is spent: its temporary password no longer signs in.
    await page.goto(message.links[0]!);
    await field(page, 'Temporary password').fill(temporary);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.temporaryPasswordWrong)).toBeVisible();
    await page.goto('/signin');
    await expectSignInScreen(page);
    await signInThroughUi(page, email, 'Invited-pass-1');
    await expect(page).toHaveURL(/\/app$/);
  });

  test('opened signed in without an invite, it says there is none and accepts nothing', async ({ page }) => {
    const admin = await signInAs(page, ['super_admin']);
    await page.goto('/invite-accept');
    await expect(page.getByRole('heading', { name: 'No invite to accept' })).toBeVisible();
    await expect(page.getByText(LINK_MESSAGES.noInvite(admin.email))).toBeVisible();
    await expect(page.getByText(/invite is accepted/)).toHaveCount(0);
  });

  test("an old link's code leaves the address unused; a next link waits for a click", async ({ page }) => {
    const email = uniqueEmail('old-link');
    const { code } = await invite(email);
    await page.goto(`/invite?email=${encodeURIComponent(email)}&code=${code}`);
    await expect(page.getByRole('heading', { name: 'Type your temporary password' })).toBeVisible();
    await expect(page).toHaveURL(/\/invite(-accept)?\?email=[^&]+$/);

    await page.goto('/invite-accept?next=%2Fsignin');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectSignInScreen(page);
  });
});
