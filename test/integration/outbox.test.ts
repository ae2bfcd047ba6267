import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { describe, expect, inject, it } from 'vitest';
import { outbox, uniqueEmail } from '../support/accounts.js';

/**
 * The outbox lists links a developer follows on the twin's origin, where the SPA keeps its tokens:
 * only the twin's own shims may add to it, and only web links become links.
 */
const twin = inject('twin');
const ses = new SESv2Client({
  endpoint: twin.env.AWS_ENDPOINT_URL_SESV2,
  region: twin.env.AWS_REGION,
  credentials: { accessKeyId: twin.env.AWS_ACCESS_KEY_ID!, secretAccessKey: twin.env.AWS_SECRET_ACCESS_KEY! },
});
const message = (to: string) => JSON.stringify({ to, subject: 'Reset your password', html: '<a href="javascript:alert(document.cookie)">Reset</a>' });

describe('who may write to the outbox', () => {
  it('refuses a message posted without the twin’s key, and keeps nothing', async () => {
    const to = uniqueEmail('outbox-open');
    const res = await fetch(`${twin.url}/_local/outbox`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: message(to) });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toContain('SES');
    expect(await outbox(twin, to)).toEqual([]);
  });

  it('refuses a cross-site form post (text/plain, no headers of its own)', async () => {
    const to = uniqueEmail('outbox-form');
    const res = await fetch(`${twin.url}/_local/outbox`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      body: message(to),
    });
    expect(res.status).toBe(403);
    expect(await outbox(twin, to)).toEqual([]);
  });

  it('refuses an unsigned SES SendEmail, and keeps nothing', async () => {
    const to = uniqueEmail('outbox-ses');
    const body = {
      FromEmailAddress: 'x@example.com',
      Destination: { ToAddresses: [to] },
      Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
    };
    const res = await fetch(`${twin.url}/_local/ses/v2/email/outbound-emails`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(403);
    expect(await outbox(twin, to)).toEqual([]);
  });
});

describe('the outbox page', () => {
  it('links only http(s) addresses; any other scheme is shown as text', async () => {
    const to = uniqueEmail('outbox-links');
    const html =
      '<a href="javascript:alert(document.cookie)">Run</a> <a href="data:text/html,hi">Data</a> <a href="https://example.com/reset?a=1&amp;b=2">Reset</a>';
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'notifications@payroll.local',
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: 'Links' }, Body: { Html: { Data: html } } } },
      }),
    );
    const page = await (await fetch(`${twin.url}/_local/outbox`)).text();
    const article = page.slice(page.indexOf(`to ${to}`));
    expect(article).toContain('<a href="https://example.com/reset?a=1&amp;b=2">');
    expect(article).not.toMatch(/href="(javascript|data):/i);
    expect(article).toContain('<code>javascript:alert(document.cookie)</code>');
  });
});
