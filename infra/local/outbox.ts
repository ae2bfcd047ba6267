import { randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { escapeHtml } from '#lib/html.js';

export interface OutboxMessage {
  id: string;
  /** An email (from Cognito or SES), or an SMS (from SNS): `to` is then an E.164 number and `body` its text. */
  kind: 'email' | 'sms';
  at: string;
  to: string;
  subject: string;
  html: string;
  /** The plain-text part, when the sender gave one (notifications through the SESv2 shim). */
  text?: string;
  from?: string;
  code?: string;
  /** The text of an SMS. */
  body?: string;
  links: string[];
}

const HREF = /href\s*=\s*"([^"]+)"/gi;

/** Every message the twin would have emailed, kept on disk so it survives restarts. */
export class Outbox {
  private messages: OutboxMessage[];

  constructor(private readonly file: string) {
    // Messages kept before SMS existed carry no kind: they are emails.
    const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Omit<OutboxMessage, 'kind'>[]) : [];
    this.messages = kept.map((m) => ({ kind: 'email', ...m }));
  }

  add(input: { to: string; subject: string; html: string; text?: string; from?: string; code?: string }): OutboxMessage {
    const links = [...input.html.matchAll(HREF)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    return this.keep({ id: randomUUID(), kind: 'email', at: new Date().toISOString(), ...input, links });
  }

  /** An SMS: shown on the page as its text, listed with `kind: 'sms'`. */
  addSms(input: { to: string; body: string }): OutboxMessage {
    const html = `<pre style="white-space:pre-wrap;font:15px system-ui,sans-serif">${escapeHtml(input.body)}</pre>`;
    return this.keep({
      id: randomUUID(),
      kind: 'sms',
      at: new Date().toISOString(),
      to: input.to,
      subject: `SMS to ${input.to}`,
      html,
      body: input.body,
      links: [],
    });
  }

  private keep(message: OutboxMessage): OutboxMessage {
    this.messages.unshift(message);
    this.messages = this.messages.slice(0, 500);
    writeFileSync(this.file, JSON.stringify(this.messages, null, 2));
    return message;
  }

  list(to?: string): OutboxMessage[] {
    const wanted = to?.toLowerCase();
    return wanted ? this.messages.filter((m) => m.to.toLowerCase() === wanted) : this.messages;
  }
}

/** The header the twin's Cognito emulator sends its per-process outbox key in. */
export const OUTBOX_KEY_HEADER = 'x-twin-outbox-key';

/**
 * Whether a request to write to the outbox comes from the twin's own Cognito emulator: the page
 * lists links people follow on the SPA's origin, so no other page or process may add to it.
 */
export function isOutboxWriter(sent: string | string[] | undefined, key: string): boolean {
  if (typeof sent !== 'string') return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(key)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The fields a message must have: anything else answers 400 rather than landing in the outbox. */
export function parseOutboxMessage(raw: Buffer): { to: string; subject: string; html: string; code?: string } | null {
  try {
    const m = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    const strings = ['to', 'subject', 'html'].every((k) => typeof m[k] === 'string') && (m.code === undefined || typeof m.code === 'string');
    return strings ? { to: m.to as string, subject: m.subject as string, html: m.html as string, ...(m.code ? { code: m.code as string } : {}) } : null;
  } catch {
    return null;
  }
}

/** Only web links become links on the page: a javascript: or data: link would run on the twin's origin. */
function renderLink(link: string): string {
  return /^https?:\/\//i.test(link) ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : `<code>${escapeHtml(link)}</code>`;
}

/** The outbox as a page a person reads in the browser to follow sign-up, reset and invite links. */
export function renderOutboxPage(messages: OutboxMessage[]): string {
  const items = messages.length
    ? messages
        .map(
          (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(new Date(m.at).toLocaleString())}</span></header>
  <iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(m.html)}" title="${escapeHtml(m.subject)}"></iframe>
  ${m.links.length ? `<p>Links: ${m.links.map(renderLink).join(' ')}</p>` : ''}
</article>`,
        )
        .join('\n')
    : '<p class="empty">No messages yet. Sign-up codes, password resets, invites, notifications and text messages appear here.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1f2933}
main{max-width:860px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px} p.lead{color:#52606d;margin:0 0 20px}
article{background:#fff;border:1px solid #dde2e8;border-radius:8px;padding:16px;margin-bottom:16px}
article header{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap;margin-bottom:8px}
article header span{color:#52606d;font-size:14px}
iframe{width:100%;min-height:160px;border:1px solid #eef1f4;border-radius:6px;background:#fff}
a{color:#0b6e75;word-break:break-all} .empty{color:#52606d}
</style></head><body><main>
<h1>Local outbox</h1><p class="lead">Messages the platform would have emailed or texted. This page exists only on the local twin.</p>
${items}
</main></body></html>`;
}
