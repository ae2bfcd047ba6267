// The account screens for `npm run screenshots` (spec part 2 §2: sign up, forgot, reset, invite).
import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from '@playwright/test';
import { signInAt } from '../e2e/support.js';
import { cognitoFront, latestMessage, pdfBytes, temporaryPassword, temporaryPasswordIn, uniqueEmail } from '../support/accounts.js';
import { cognitoClient, createUser, type TestTwinInfo } from '../support/cognito.js';
import type { Shot } from './core.js';

async function attach(page: Page, label: string, name: string, buffer = pdfBytes()) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer });
}

async function fillFi(page: Page, twin: TestTwinInfo, email: string) {
  await page.goto(`${twin.url}/signup`);
  await page.getByLabel('Payee Key / Deduction Code').fill('f204');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill('Mwila Zulu');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Request-Passw0rd');
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Request-Passw0rd');
  await attach(page, 'TPIN', 'tpin-certificate.pdf');
  await attach(page, 'PACRA', 'pacra-certificate.pdf');
  await attach(page, 'Application Letter', 'application-letter.pdf');
}

async function invite(twin: TestTwinInfo, email: string) {
  await cognitoClient(twin).send(
    new AdminCreateUserCommand({
      UserPoolId: twin.env.USER_POOL_ID,
      Username: email,
      TemporaryPassword: temporaryPassword(),
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  return latestMessage(twin, email, 'invited');
}

/** Opens the invite's link and types its temporary password from the email, as the invitee does. */
async function openInvite(page: Page, twin: TestTwinInfo, email: string) {
  const message = await invite(twin, email);
  await page.goto(message.links[0]!);
  await page.getByRole('textbox', { name: 'Temporary password', exact: true }).fill(temporaryPasswordIn(message));
  await page.getByRole('button', { name: 'Continue' }).click();
}

export function accountShots(twin: TestTwinInfo & { admin: { email: string; password: string } }): Shot[] {
  return [
    ['signup-fi', async (page) => fillFi(page, twin, uniqueEmail('shot-fi'))],
    ['signup-pmec', async (page) => {
      await page.goto(`${twin.url}/signup`);
      await page.getByRole('radio', { name: 'PMEC' }).check();
      await page.getByLabel('Organisation name').fill('Ministry of Finance');
    }],
    ['signup-errors', async (page) => {
      await page.goto(`${twin.url}/signup`);
      await page.getByLabel('Email').fill(twin.admin.email);
      await page.getByLabel('Full name').focus();
      await page.getByText('This email is already in use').waitFor();
      await attach(page, 'TPIN', 'tpin.docx', Buffer.from('PK not a pdf'));
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
      await page.getByRole('button', { name: 'Request Access' }).click();
    }],
    ['signup-done', async (page) => {
      await fillFi(page, twin, uniqueEmail('shot-done'));
      await page.getByRole('button', { name: 'Request Access' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    }],
    ['verify-link', async (page) => {
      const email = uniqueEmail('shot-verify');
      await cognitoFront(twin, 'SignUp', { Username: email, Password: 'Request-Passw0rd', UserAttributes: [{ Name: 'email', Value: email }] });
      await page.goto((await latestMessage(twin, email, 'Verify your email')).links[0]!);
      await page.getByText('Your email is verified').waitFor();
    }],
    ['forgot', async (page) => { await page.goto(`${twin.url}/forgot`); }],
    ['forgot-sent', async (page) => {
      await page.goto(`${twin.url}/forgot`);
      await page.getByLabel('Email').fill('someone@institution.co.zm');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('If an account exists').waitFor();
    }],
    ['reset', async (page) => {
      const user = await createUser(twin, []);
      await cognitoFront(twin, 'ForgotPassword', { Username: user.email });
      await page.goto((await latestMessage(twin, user.email, 'Reset your')).links[0]!);
      await page.getByRole('button', { name: 'Save password' }).click();
    }],
    ['reset-signed-in', async (page) => {
      const [signedIn, user] = [await createUser(twin, ['data_user']), await createUser(twin, [])];
      await signInAt(page, signedIn.email, signedIn.password);
      await cognitoFront(twin, 'ForgotPassword', { Username: user.email });
      await page.goto((await latestMessage(twin, user.email, 'Reset your')).links[0]!);
      await page.getByText('You were signed out as').waitFor();
    }],
    ['reset-invalid', async (page) => {
      await page.goto(`${twin.url}/reset`);
      await page.getByRole('heading', { name: 'Reset link invalid or expired' }).waitFor();
    }],
    ['reset-signup', async (page) => {
      await page.goto(`${twin.url}/reset?email=someone%40institution.co.zm&code=123456&type=signup`);
      await page.getByRole('heading', { name: 'Set your password to finish creating your account' }).waitFor();
    }],
    ['invite-code', async (page) => {
      await page.goto((await invite(twin, uniqueEmail('shot-invite-code'))).links[0]!);
      await page.getByRole('textbox', { name: 'Temporary password', exact: true }).fill('not-the-one');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('That is not the temporary password').waitFor();
    }],
    ['invite-accept', async (page) => {
      await openInvite(page, twin, uniqueEmail('shot-invite'));
      await page.getByRole('heading', { name: 'Create your password' }).waitFor();
    }],
    ['invite-done', async (page) => {
      await openInvite(page, twin, uniqueEmail('shot-invite-done'));
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Invited-pass-1');
      await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Invited-pass-1');
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByRole('heading', { name: "You're all set" }).waitFor();
    }],
    ['invite-none', async (page) => {
      await signInAt(page, twin.admin.email, twin.admin.password);
      await page.goto(`${twin.url}/invite-accept`);
      await page.getByRole('heading', { name: 'No invite to accept' }).waitFor();
    }],
    ['invite-error', async (page) => {
      await page.goto(`${twin.url}/invite-accept`);
      await page.getByText('Invite link is invalid or expired').waitFor();
    }],
  ];
}
