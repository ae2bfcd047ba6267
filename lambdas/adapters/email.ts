import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { requiredEnv } from '#lib/env.js';
import { tracer } from '#lib/powertools.js';

// SES's endpoint comes from the SDK's own variables (AWS_ENDPOINT_URL_SESV2), as every client's does.
const ses = tracer.captureAWSv3Client(new SESv2Client({}));

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends one email from the deployment's sender identity (SENDER_EMAIL). */
export async function sendEmail(email: Email): Promise<void> {
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: requiredEnv('SENDER_EMAIL'),
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: email.html, Charset: 'UTF-8' }, Text: { Data: email.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}
