import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { appUrl } from '#lib/app-url.js';
import { createEventHandler } from '#lib/event-handler.js';
import { escapeHtml } from '#lib/html.js';
import { logger } from '#lib/powertools.js';

const PRODUCT = 'Payroll Deductions Platform';

/** The values a message is built from. `code` and `username` are Cognito's placeholders, kept literal. */
export interface MessageInput {
  appUrl: string;
  email: string;
  name?: string;
  code: string;
  username: string;
}

interface Message {
  subject: string;
  heading: string;
  lead: string;
  action: string;
  link: string;
  /** Shown under the button, for when the link cannot be opened. HTML, already escaped. */
  fallback: string;
}

/**
 * The links into the SPA. The email is URL-encoded; the code placeholder is appended last and
 * unencoded, since Cognito substitutes it after this function returns. The invite's link carries no
 * code: its temporary password is a password, shown apart in the email and typed by the person.
 */
export const LINKS = {
  verify: ({ appUrl, email, code }: MessageInput) => `${appUrl}/signin?verify=1&email=${encodeURIComponent(email)}&code=${code}`,
  reset: ({ appUrl, email, code }: MessageInput) => `${appUrl}/reset?email=${encodeURIComponent(email)}&code=${code}`,
  invite: ({ appUrl, email }: MessageInput) => `${appUrl}/invite-accept?email=${encodeURIComponent(email)}`,
};

const MESSAGES: Partial<Record<CustomMessageTriggerEvent['triggerSource'], (input: MessageInput) => Message>> = {
  CustomMessage_SignUp: verification,
  CustomMessage_ResendCode: verification,
  CustomMessage_ForgotPassword: (input) => ({
    subject: `Reset your ${PRODUCT} password`,
    heading: 'Reset your password',
    lead: `We received a request to reset the password for ${escapeHtml(input.email)}. The link expires in one hour. If you did not ask for this, you can ignore this email.`,
    action: 'Set a new password',
    link: LINKS.reset(input),
    fallback: `Your reset code is <strong>${escapeHtml(input.code)}</strong>.`,
  }),
  CustomMessage_AdminCreateUser: (input) => ({
    subject: `You have been invited to the ${PRODUCT}`,
    heading: 'You have been invited',
    lead: `An administrator created an account for ${escapeHtml(input.email)}. Accept the invite within 7 days: the page asks for the temporary password below, then for the password you choose.`,
    action: 'Accept the invite',
    link: LINKS.invite(input),
    // People sign in with their email; the pool's user name is an id Cognito requires the invite to carry.
    fallback: `Sign in with: <strong>${escapeHtml(input.email)}</strong><br>Temporary password: <strong>${escapeHtml(input.code)}</strong><br><span style="color:#868e96;font-size:13px">Account reference: ${escapeHtml(input.username)}</span>`,
  }),
};

function verification(input: MessageInput): Message {
  return {
    subject: `Verify your email for the ${PRODUCT}`,
    heading: 'Confirm your email address',
    lead: `Confirm that ${escapeHtml(input.email)} is your address to finish creating your account.`,
    action: 'Verify my email',
    link: LINKS.verify(input),
    fallback: `Your verification code is <strong>${escapeHtml(input.code)}</strong>.`,
  };
}

function render(message: Message, name: string | undefined): string {
  const greeting = name ? `Hello ${escapeHtml(name)},` : 'Hello,';
  return [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e;max-width:560px">',
    `<h2 style="font-size:20px;margin:0 0 16px">${message.heading}</h2>`,
    `<p>${greeting}</p>`,
    `<p>${message.lead}</p>`,
    `<p style="margin:24px 0"><a href="${escapeHtml(message.link)}" style="background:#1c7ed6;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold">${message.action}</a></p>`,
    `<p>${message.fallback}</p>`,
    `<p style="color:#868e96;font-size:13px">If the button does not work, copy this address into your browser:<br>${escapeHtml(message.link)}</p>`,
    `<p style="color:#868e96;font-size:13px">${PRODUCT}</p>`,
    '</div>',
  ].join('\n');
}

/**
 * Cognito CustomMessage trigger: verification, reset and invite emails carry links into the SPA.
 * Other sources (attribute verification, MFA) keep Cognito's own message.
 */
async function customMessage(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const build = MESSAGES[event.triggerSource];
  const email = event.request.userAttributes.email;
  if (!build) return event;
  if (!email) {
    logger.warn('No email attribute; keeping the default Cognito message', { triggerSource: event.triggerSource });
    return event;
  }
  const input: MessageInput = {
    appUrl: await appUrl(),
    email,
    name: event.request.userAttributes.name,
    code: event.request.codeParameter,
    username: event.request.usernameParameter ?? event.userName,
  };
  const message = build(input);
  event.response.emailSubject = message.subject;
  event.response.emailMessage = render(message, input.name);
  return event;
}

export const handler = createEventHandler(customMessage);
