import { randomBytes, randomUUID } from 'node:crypto';
import type { TestTwinInfo } from './cognito.js';

/** A message of the twin's outbox, as /_local/outbox.json lists it (newest first). */
export interface OutboxMessage {
  to: string;
  subject: string;
  html: string;
  code?: string;
  links: string[];
}

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** A URL-safe temporary password that meets any policy, as the invite tests use. */
export const temporaryPassword = () => `${randomBytes(9).toString('base64url')}aA1!`;

/** A small but well-formed PDF; `size` pads it (with a comment) to exactly that many bytes. */
export function pdfBytes(size = 0): Buffer {
  const body = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  const pad = Math.max(0, size - body.length);
  return Buffer.concat([Buffer.from(body), Buffer.alloc(pad, 0x25)]);
}

/** Calls the twin's Cognito front exactly as the browser's Amplify does. */
export async function cognitoFront(twin: TestTwinInfo, operation: string, body: Record<string, unknown>) {
  const res = await fetch(`${twin.url}/_local/cognito`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify({ ClientId: twin.env.USER_POOL_CLIENT_ID, ...body }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

/** Self sign-up through the Cognito front; answers the new user's sub. */
export async function signUp(twin: TestTwinInfo, email: string, password = 'Sign-up-Passw0rd', name?: string): Promise<string> {
  const UserAttributes = [{ Name: 'email', Value: email }, ...(name ? [{ Name: 'name', Value: name }] : [])];
  const { status, json } = await cognitoFront(twin, 'SignUp', { Username: email, Password: password, UserAttributes });
  if (status !== 200) throw new Error(`SignUp failed: ${JSON.stringify(json)}`);
  return String(json.UserSub);
}

export async function outbox(twin: TestTwinInfo, email: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${twin.url}/_local/outbox.json?to=${encodeURIComponent(email)}`);
  return (await res.json()) as OutboxMessage[];
}

/** The newest outbox message to `email` whose subject contains `subject`; waits a little for delivery. */
export async function latestMessage(twin: TestTwinInfo, email: string, subject: string, after = 0): Promise<OutboxMessage> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const matching = (await outbox(twin, email)).filter((m) => m.subject.includes(subject));
    if (matching.length > after) return matching[0]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No message "${subject}" to ${email} in the outbox`);
}

/** The temporary password an invite email shows beside its label, read as a person reads it (the link carries none). */
export function temporaryPasswordIn(message: OutboxMessage): string {
  const shown = /Temporary password: <strong>([^<]+)<\/strong>/.exec(message.html)?.[1];
  if (!shown) throw new Error(`No temporary password in "${message.subject}"`);
  return shown.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
}

/** Posts a file to a presigned POST as a browser form does. */
export async function postToS3(upload: { url: string; fields: Record<string, string> }, file: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...upload.fields, ...fields })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'doc.pdf');
  const res = await fetch(upload.url, { method: 'POST', body: form });
  return { status: res.status, text: await res.text() };
}
