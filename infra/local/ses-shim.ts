import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Outbox } from './outbox.js';
import { type Credentials, verifySigV4 } from './sigv4.js';

/** Where SESv2 appears on the gateway's origin (AWS_ENDPOINT_URL_SESV2 of the handlers). */
export const SES_PREFIX = '/_local/ses';
export const SES_SEND_PATH = `${SES_PREFIX}/v2/email/outbound-emails`;

interface SendEmailBody {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Html?: { Data?: string }; Text?: { Data?: string } } } };
}

const ADDRESS = /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/;

const answer = (res: ServerResponse, status: number, body: unknown, errorType?: string) => {
  res.writeHead(status, { 'content-type': 'application/json', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
  res.end(JSON.stringify(body));
};

/** SES's names for the ways a signature fails. */
const SIGNATURE_ERRORS: Record<string, string> = {
  AccessDenied: 'MissingAuthenticationTokenException',
  SignatureDoesNotMatch: 'InvalidSignatureException',
  InvalidAccessKeyId: 'UnrecognizedClientException',
};

/**
 * SESv2 SendEmail (simple content) as far as the platform uses it: each recipient's message goes to the
 * outbox, so the notification sender runs unchanged against the twin. Other SES calls are not served.
 * Like SES it takes only signed calls, so no web page or stranger can put links in the outbox.
 */
export async function handleSesSend(req: IncomingMessage, res: ServerResponse, raw: Buffer, outbox: Outbox, creds: Credentials): Promise<void> {
  const verdict = await verifySigV4(req, creds, raw);
  if (!verdict.ok) return answer(res, verdict.status, { message: verdict.message }, SIGNATURE_ERRORS[verdict.code] ?? 'IncompleteSignatureException');
  let body: SendEmailBody;
  try {
    body = JSON.parse(raw.toString('utf8')) as SendEmailBody;
  } catch {
    return answer(res, 400, { message: 'The request body is not JSON.' }, 'BadRequestException');
  }
  const simple = body.Content?.Simple;
  const to = [...(body.Destination?.ToAddresses ?? []), ...(body.Destination?.CcAddresses ?? []), ...(body.Destination?.BccAddresses ?? [])];
  if (!body.FromEmailAddress || !to.length || !simple?.Subject?.Data || !(simple.Body?.Html?.Data || simple.Body?.Text?.Data)) {
    return answer(res, 400, { message: 'SendEmail needs FromEmailAddress, a recipient, a subject and a body (Content.Simple).' }, 'BadRequestException');
  }
  // SES refuses a malformed address for the whole call, before sending anything ("Illegal address").
  const illegal = to.find((address) => !ADDRESS.test(address));
  if (illegal) return answer(res, 400, { message: `Illegal address: ${illegal}` }, 'BadRequestException');
  const html = simple.Body?.Html?.Data ?? `<pre>${simple.Body!.Text!.Data!.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`;
  const ids = to.map(
    (address) => outbox.add({ to: address, subject: simple.Subject!.Data!, html, text: simple.Body?.Text?.Data, from: body.FromEmailAddress }).id,
  );
  answer(res, 200, { MessageId: ids[0] });
}
