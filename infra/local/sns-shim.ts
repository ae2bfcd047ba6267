import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Outbox } from './outbox.js';
import { type Credentials, verifySigV4 } from './sigv4.js';

/** Where SNS appears on the gateway's origin (AWS_ENDPOINT_URL_SNS of the handlers). */
export const SNS_PREFIX = '/_local/sns';

/** SNS sends an SMS of at most 1,600 characters (split into parts on the way); longer is refused. */
const SMS_MAX_CHARS = 1600;
const E164 = /^\+[1-9]\d{7,14}$/;

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function answerXml(res: ServerResponse, status: number, xml: string): void {
  res.writeHead(status, { 'content-type': 'text/xml' });
  res.end(xml);
}

/** SNS's query-protocol error, which the SDK reads into an exception of that name. */
function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  answerXml(
    res,
    status,
    `<ErrorResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
  );
}

/** SNS's names for the ways a signature fails. */
const SIGNATURE_ERRORS: Record<string, string> = {
  AccessDenied: 'MissingAuthenticationToken',
  SignatureDoesNotMatch: 'SignatureDoesNotMatch',
  InvalidAccessKeyId: 'InvalidClientTokenId',
};

/**
 * SNS Publish to a phone number, as far as the platform uses it: the SMS goes to the outbox as
 * `{ kind: 'sms', to, body }`, so the code that texts employees runs unchanged against the twin.
 * Like SNS it takes only signed calls and refuses a number that is not E.164 or a message too long.
 * Topics, subscriptions and delivery receipts are not emulated.
 */
export async function handleSnsPublish(req: IncomingMessage, res: ServerResponse, raw: Buffer, outbox: Outbox, creds: Credentials): Promise<void> {
  const verdict = await verifySigV4(req, creds, raw);
  if (!verdict.ok) return refuse(res, verdict.status, SIGNATURE_ERRORS[verdict.code] ?? 'IncompleteSignature', verdict.message);
  const form = new URLSearchParams(raw.toString('utf8'));
  if (form.get('Action') !== 'Publish')
    return refuse(res, 400, 'InvalidAction', `The twin serves SNS Publish only, not ${form.get('Action') ?? 'a request without an Action'}.`);
  const to = form.get('PhoneNumber') ?? '';
  const body = form.get('Message') ?? '';
  if (!to) return refuse(res, 400, 'InvalidParameter', 'Invalid parameter: the twin sends SMS only (PhoneNumber); topics and targets are not emulated.');
  if (!E164.test(to)) return refuse(res, 400, 'InvalidParameter', `Invalid parameter: PhoneNumber Reason: ${to} is not a valid E.164 number.`);
  if (!body) return refuse(res, 400, 'InvalidParameter', 'Invalid parameter: Empty message');
  if (body.length > SMS_MAX_CHARS)
    return refuse(res, 400, 'InvalidParameter', `Invalid parameter: Message too long for an SMS (over ${SMS_MAX_CHARS} characters).`);
  const { id } = outbox.addSms({ to, body });
  answerXml(
    res,
    200,
    `<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>${id}</MessageId></PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
  );
}
