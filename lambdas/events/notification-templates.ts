import type { NotificationEvent } from '#data/notifications/outbox.js';
import { escapeHtml } from '#lib/html.js';
import { ROLE_LABELS, type Role } from '#shared/roles.js';
import { displayFileName, displayText } from '#shared/rules/display-name.js';
import { maskNrc } from '#shared/rules/nrc.js';

/**
 * The one template module of the notification emails: subject, HTML and plain text of
 * each event, every value from a user escaped, and a link into the SPA. Emails carry no whole NRC: the
 * link shows it to a signed-in user who may see it; a disputed deduction's lender gets the employee's
 * name and the NRC masked, enough to find the loan.
 */
const PRODUCT = 'Payroll Deductions Platform';

/** What the sender read about a submission, for the submission events. */
export interface SubmissionFacts {
  id: string;
  file_name: string;
  payee_key: string;
  upload_month: string;
  doc_kind: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  link: string;
}

interface Message {
  subject: string;
  heading: string;
  /** Plain text paragraphs; escaped when written as HTML. */
  lines: string[];
  /** Labelled facts, shown as a small table. */
  facts: [string, string][];
  action: string;
  path: string;
}

const STATUS_WORDS: Record<string, string> = { fi_approved: 'approved by compliance', approved: 'completed', rejected: 'rejected' };
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

function submissionFacts(s: SubmissionFacts): [string, string][] {
  return [
    ['File', s.file_name && displayFileName(s.file_name)],
    ['Kind', s.doc_kind],
    ['Payee key', s.payee_key],
    ['Month', s.upload_month],
  ];
}

function message(event: NotificationEvent, submission: SubmissionFacts | undefined): Message {
  switch (event.kind) {
    case 'submission.decided': {
      const words = STATUS_WORDS[event.status] ?? event.status;
      const s = submission ?? { id: event.submission_id, file_name: '', payee_key: '', upload_month: '', doc_kind: '' };
      return {
        subject: `Submission ${words}: ${oneLine(s.file_name ? displayFileName(s.file_name) : s.id)}`,
        heading: `A submission was ${words}`,
        lines: event.status === 'rejected' ? [`Reason given: ${event.reason ?? ''}`] : [],
        facts: submissionFacts(s),
        action: 'Open the submission',
        path: `/reports?id=${encodeURIComponent(event.submission_id)}`,
      };
    }
    case 'submission.assigned': {
      const s = submission ?? { id: event.submission_id, file_name: '', payee_key: '', upload_month: '', doc_kind: '' };
      return {
        subject: `A submission was assigned to you: ${oneLine(s.file_name ? displayFileName(s.file_name) : s.id)}`,
        heading: 'A submission awaits you',
        lines: ['A compliance-approved submission was assigned to you to mark completed.'],
        facts: submissionFacts(s),
        action: 'Open the review',
        path: `/reviews?id=${encodeURIComponent(event.submission_id)}`,
      };
    }
    case 'dispute.opened':
      return {
        subject: `A deduction was disputed: payee key ${oneLine(event.payee_key)}, ${oneLine(event.month)}`,
        heading: 'A deduction was disputed',
        lines: [
          'An employee says a deduction on their payslip is for a loan they never took. Please answer with your evidence.',
          `Reason given: ${displayText(event.reason)}`,
        ],
        facts: [
          ['Employee', event.employee_name ?? 'Not on the payroll register'],
          ['NRC', maskNrc(event.nrc)],
          ['Payee key', event.payee_key],
          ['Month', event.month],
        ],
        action: 'Answer the dispute',
        path: `/disputes?id=${encodeURIComponent(event.dispute_id)}`,
      };
    case 'dispute.decided':
      return {
        subject: `Dispute ${event.decision}: payee key ${oneLine(event.payee_key)}, ${oneLine(event.month)}`,
        heading: `A dispute was ${event.decision}`,
        lines: [`Note: ${displayText(event.note)}`],
        facts: [
          ['Payee key', event.payee_key],
          ['Month', event.month],
        ],
        action: 'Open the dispute',
        path: `/disputes?id=${encodeURIComponent(event.dispute_id)}`,
      };
    case 'access_request.decided':
      return event.decision === 'approved'
        ? {
            subject: `Your access to the ${PRODUCT} was approved`,
            heading: 'Your access was approved',
            lines: ['You can now sign in.'],
            facts: [],
            action: 'Sign in',
            path: '/signin',
          }
        : {
            subject: `Your request for access to the ${PRODUCT} was not approved`,
            heading: 'Your access request was not approved',
            lines: event.note ? [`Reason given: ${event.note}`] : [],
            facts: [],
            action: 'Request access again',
            path: '/signup',
          };
    case 'fraud_report.withdrawn':
      return {
        subject: 'A fraud report was withdrawn',
        heading: 'A fraud report was withdrawn',
        lines: [`${event.by_email} withdrew a fraud report; it no longer flags.`, `Reason given: ${event.reason}`],
        facts: [['Report', event.report_id]],
        action: 'Open the registry',
        path: `/fraud-list?report=${encodeURIComponent(event.report_id)}`,
      };
    case 'membership.invited':
      return {
        subject: `You are invited to join ${oneLine(event.org_name)} on the ${PRODUCT}`,
        heading: `You are invited to join ${event.org_name}`,
        lines: ['Nothing changes for you until you accept. Sign in and accept or decline the invitation on your home page.'],
        facts: [
          ['Organisation', event.org_name],
          ['Role', ROLE_LABELS[event.role as Role] ?? event.role],
        ],
        action: 'Open the invitation',
        path: '/app',
      };
    case 'payroll_authority.changed':
      return {
        subject: `The payroll authority is now ${oneLine(event.current.org_name)}`,
        heading: 'The payroll authority changed',
        lines: [
          `${event.by_email} designated ${event.current.org_name} as the payroll authority${event.previous ? `, in place of ${event.previous.org_name}` : ''}.`,
          'From now on only its PMEC admins upload and submit the payroll register. If you did not expect this change, tell a super admin at once.',
        ],
        facts: [
          ['Payroll authority', event.current.org_name],
          ['Before', event.previous?.org_name ?? 'None designated'],
          ['Changed by', event.by_email],
        ],
        action: 'Open the platform',
        path: '/app',
      };
  }
}

function html(m: Message, link: string): string {
  const facts = m.facts.length
    ? `<table style="border-collapse:collapse;margin:8px 0">${m.facts
        .map(([k, v]) => `<tr><td style="color:#868e96;padding:2px 12px 2px 0">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`)
        .join('')}</table>`
    : '';
  return [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e;max-width:560px">',
    `<h2 style="font-size:20px;margin:0 0 16px">${escapeHtml(m.heading)}</h2>`,
    ...m.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    facts,
    `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1c7ed6;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(m.action)}</a></p>`,
    `<p style="color:#868e96;font-size:13px">If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>`,
    `<p style="color:#868e96;font-size:13px">${PRODUCT}</p>`,
    '</div>',
  ].join('\n');
}

function text(m: Message, link: string): string {
  return [m.heading, '', ...m.lines, ...m.facts.map(([k, v]) => `${k}: ${v}`), '', `${m.action}: ${link}`, '', PRODUCT].join('\n');
}

/** The email of one event for any of its recipients; `appUrl` is the SPA's base URL without a trailing slash. */
export function renderNotification(event: NotificationEvent, ctx: { appUrl: string; submission?: SubmissionFacts }): RenderedEmail {
  const m = message(event, ctx.submission);
  const link = `${ctx.appUrl}${m.path}`;
  // A subject is one header line: no line breaks from user text.
  return { subject: oneLine(m.subject), html: html(m, link), text: text(m, link), link };
}
