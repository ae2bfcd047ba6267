import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Page, expect } from '@playwright/test';
import { type OutboxMessage, pdfBytes, temporaryPasswordIn } from '../support/accounts.js';
import { twinInfo } from './support.js';

const twin = twinInfo();
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB,
    region: twin.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);

export interface FileSpec {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const pdf = (name: string, size = 0): FileSpec => ({ name, mimeType: 'application/pdf', buffer: pdfBytes(size) });

/** Chooses a file for a labelled file field through the browser's file chooser, as a person does. */
export async function attach(page: Page, label: string, file: FileSpec) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(file);
}

/** Password fields by exact label (their show/hide buttons carry similar names). */
export const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Opens an invite email's link and types the temporary password the email shows, as the invitee does. */
export async function openInvite(page: Page, message: OutboxMessage) {
  await page.goto(message.links[0]!);
  await field(page, 'Temporary password').fill(temporaryPasswordIn(message));
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function fillAccount(page: Page, email: string, password = 'Request-Passw0rd', confirm = password) {
  await page.getByLabel('Email').fill(email);
  await field(page, 'Password').fill(password);
  await field(page, 'Confirm password').fill(confirm);
}

/** Fills the whole FI form with valid values (three small PDFs). */
export async function fillFiForm(page: Page, email: string, payeeKey: string) {
  await page.getByLabel('Payee Key / Deduction Code').fill(payeeKey);
  await fillAccount(page, email);
  await attach(page, 'TPIN', pdf('tpin.pdf'));
  await attach(page, 'PACRA', pdf('pacra.pdf'));
  await attach(page, 'Application Letter', pdf('application.pdf'));
}

/** The access requests stored for an email (directory table, gsi1 EMAIL#{email}). */
export async function accessRequestsOf(email: string): Promise<Record<string, any>[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: twin.env.TABLE_DIRECTORY,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `EMAIL#${email}` },
    }),
  );
  return out.Items ?? [];
}

/** Moves a membership's time `days` back, as if it had been made then (an invitation that has since expired). */
export async function backdateMembership(orgId: string, userId: string, days: number) {
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  await db.send(
    new UpdateCommand({
      TableName: twin.env.TABLE_DIRECTORY,
      Key: { pk: `ORG#${orgId}`, sk: `MEMBER#${userId}` },
      UpdateExpression: 'SET created_at = :at',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

/** A membership of the user in a new organisation, as the team and admin screens write them. */
export async function putMembership(userId: string, status: 'invited' | 'approved', role = 'data_user') {
  const orgId = randomUUID();
  await db.send(
    new PutCommand({
      TableName: twin.env.TABLE_DIRECTORY,
      Item: {
        pk: `ORG#${orgId}`,
        sk: `MEMBER#${userId}`,
        gsi1pk: `USER#${userId}`,
        gsi1sk: `MEMBER#${orgId}`,
        org_id: orgId,
        org_name: 'E2E Bank',
        client_type: 'fi',
        payee_key: null,
        role,
        status,
        user_id: userId,
      },
    }),
  );
  return orgId;
}

/** On /pending with the state it names: waiting for an access request's review, or no request at all. */
export async function expectPending(page: Page, email: string, heading: 'Waiting for approval' | 'No access request yet' = 'Waiting for approval') {
  await expect(page).toHaveURL(/\/pending$/);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
}
