import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { bucketName, cognito, dynamo, s3, tableName, userPoolId } from '../../../data/clients.js';
import { createApiHandler } from '../../../lib/handler.js';
import { logger } from '../../../lib/powertools.js';
import * as routes from '../../../../shared/routes/system.js';

const CHECKS: Record<string, () => Promise<unknown>> = {
  dynamodb: () => dynamo.send(new DescribeTableCommand({ TableName: tableName('directory') })),
  s3: () => s3.send(new HeadBucketCommand({ Bucket: bucketName('uploads') })),
  cognito: () => cognito.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId() })),
};

export const handler = createApiHandler(routes.getHealth, async () => {
  const results = await Promise.allSettled(Object.values(CHECKS).map((check) => check()));
  const names = Object.keys(CHECKS);
  const failing = names.filter((_, i) => results[i]?.status === 'rejected');
  if (failing.length) {
    results.forEach((r, i) => r.status === 'rejected' && logger.warn('health check failed', { check: names[i], error: String(r.reason) }));
    return { statusCode: 503, body: { error: 'unavailable', message: `Not answering yet: ${failing.join(', ')}.` } };
  }
  return { ok: true, checks: Object.fromEntries(names.map((n) => [n, 'ok'])) };
});
