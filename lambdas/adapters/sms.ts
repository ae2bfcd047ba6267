import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { tracer } from '#lib/powertools.js';
import { SMS_ORIGINATION_ENV } from '#shared/notifications.js';

// SNS's endpoint comes from the SDK's own variables (AWS_ENDPOINT_URL_SNS), as every client's does.
const sns = tracer.captureAWSv3Client(new SNSClient({}));

/**
 * Texts one person: transactional (delivered ahead of promotional traffic, as codes must be), from the
 * deployment's origination identity when it names one (SMS_ORIGINATION_ENV, a stack parameter).
 * `to` is E.164, as the payroll register holds it.
 */
export async function sendSms(to: string, body: string): Promise<void> {
  const origination = process.env[SMS_ORIGINATION_ENV];
  await sns.send(
    new PublishCommand({
      PhoneNumber: to,
      Message: body,
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        ...(origination ? { 'AWS.MM.SMS.OriginationNumber': { DataType: 'String', StringValue: origination } } : {}),
      },
    }),
  );
}
