import { describe, expect, it } from 'vitest';
import type { NotificationEvent } from '#data/notifications/outbox.js';
import { idempotencyKey, outboxKey } from '#data/notifications/outbox.js';
import { renderNotification, type SubmissionFacts } from '../../lambdas/events/notification-templates.js';

const APP = 'https://app.example.test';
const HOSTILE = `<script>alert("x")</script> & 'quoted' <img src=x onerror=alert(1)>`;
const submission: SubmissionFacts = { id: 'sub-1', file_name: `March <b>inputs</b>.xlsx`, payee_key: 'F001', upload_month: '2026-03', doc_kind: 'inputs' };

const EVENTS: [NotificationEvent, string][] = [
  [{ kind: 'submission.decided', submission_id: 'sub-1', status: 'rejected', reason: HOSTILE }, '/reports?id=sub-1'],
  [{ kind: 'submission.decided', submission_id: 'sub-1', status: 'fi_approved' }, '/reports?id=sub-1'],
  [{ kind: 'submission.assigned', submission_id: 'sub-1', assignee_email: 'pmec@example.test', assigned_at: '2026-03-05T10:00:00.000Z' }, '/reviews?id=sub-1'],
  [{ kind: 'dispute.opened', dispute_id: 'd 1', org_id: 'o1', payee_key: 'F001', month: '2026-03', nrc: '123456/10/1', reason: HOSTILE }, '/disputes?id=d%201'],
  [
    { kind: 'dispute.decided', dispute_id: 'd1', org_id: 'o1', payee_key: 'F001', month: '2026-03', nrc: '123456/10/1', decision: 'upheld', note: HOSTILE },
    '/disputes?id=d1',
  ],
  [{ kind: 'access_request.decided', request_id: 'r1', decision: 'approved' }, '/signin'],
  [{ kind: 'access_request.decided', request_id: 'r1', decision: 'rejected', note: HOSTILE }, '/signup'],
  [{ kind: 'fraud_report.withdrawn', report_id: 'rep-1', reason: HOSTILE, by_email: 'admin@bank.test' }, '/fraud-list?report=rep-1'],
  [
    {
      kind: 'payroll_authority.changed',
      previous: { org_id: 'o1', org_name: HOSTILE },
      current: { org_id: 'o2', org_name: `PMEC ${HOSTILE}` },
      by_email: 'super@platform.test',
      changed_at: '2026-03-01T08:00:00.000Z',
    },
    '/app',
  ],
];

describe('renderNotification', () => {
  it.each(EVENTS)('%o: a subject, HTML and text, both linking into the SPA', (event, path) => {
    const email = renderNotification(event, { appUrl: APP, submission });
    expect(email.link).toBe(`${APP}${path}`);
    expect(email.html).toContain(`href="${APP}${path}"`);
    expect(email.text).toContain(`${APP}${path}`);
    expect(email.subject.length).toBeGreaterThan(10);
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it.each(EVENTS)('%o: escapes every value from a user in the HTML, keeps it readable in the text', (event) => {
    const email = renderNotification(event, { appUrl: APP, submission });
    expect(email.html).not.toMatch(/<script|<img|<b>|onerror="|"x"\)/);
    if (JSON.stringify(event).includes('<script>')) {
      expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;');
      expect(email.text).toContain(HOSTILE);
    }
  });

  it('names the file without the characters that would disguise it', () => {
    const email = renderNotification(EVENTS[1]![0], { appUrl: APP, submission: { ...submission, file_name: 'march\u202Excod\u0000.xlsx' } });
    for (const part of [email.subject, email.html, email.text]) {
      expect(part).toContain('marchxcod.xlsx');
      expect(part.includes('\u202E') || part.includes('\u0000')).toBe(false);
    }
  });

  it('gives a rejection its reason, and the submission its file, payee key and month', () => {
    const email = renderNotification(
      { kind: 'submission.decided', submission_id: 'sub-1', status: 'rejected', reason: 'Wrong month' },
      { appUrl: APP, submission },
    );
    expect(email.subject).toBe('Submission rejected: March <b>inputs</b>.xlsx');
    expect(email.text).toContain('Reason given: Wrong month');
    expect(email.text).toContain('Payee key: F001');
    expect(email.text).toContain('Month: 2026-03');
    expect(email.html).toContain('March &lt;b&gt;inputs&lt;/b&gt;.xlsx');
  });

  it('keeps line breaks out of the subject', () => {
    const event: NotificationEvent = {
      kind: 'dispute.opened',
      dispute_id: 'd1',
      org_id: 'o1',
      payee_key: 'F0\r\nBcc: x@evil.test',
      month: '2026-03',
      nrc: '1',
      reason: 'r',
    };
    expect(renderNotification(event, { appUrl: APP }).subject).toBe('A deduction was disputed: payee key F0 Bcc: x@evil.test, 2026-03');
  });

  it('puts no NRC in an email', () => {
    const event: NotificationEvent = {
      kind: 'dispute.decided',
      dispute_id: 'd1',
      org_id: 'o1',
      payee_key: 'F001',
      month: '2026-03',
      nrc: '987654/32/1',
      decision: 'dismissed',
      note: 'n',
    };
    const email = renderNotification(event, { appUrl: APP });
    expect(`${email.subject}${email.html}${email.text}`).not.toContain('987654');
  });
});

describe('idempotencyKey', () => {
  it('is the same for the same change and differs between changes', () => {
    const decided = (status: 'fi_approved' | 'rejected') => idempotencyKey({ kind: 'submission.decided', submission_id: 's1', status });
    expect(decided('rejected')).toBe('submission.decided#s1#rejected');
    expect(decided('rejected')).not.toBe(decided('fi_approved'));
    const rejected = { kind: 'submission.decided', submission_id: 's1', status: 'rejected' } as const;
    expect(outboxKey(rejected)).toEqual(outboxKey({ ...rejected, reason: 'Another note' }));
    expect(outboxKey(rejected).pk).toMatch(/^OUTBOX#[0-9a-f]{64}$/);
  });
});
