import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requiredEnv } from '#lib/env.js';
import { tracer } from '#lib/powertools.js';
import { BUCKETS, TABLES } from '#shared/stores.js';
import type { BucketKey, TableKey } from '#shared/stores.js';

/**
 * The SDK's logger middleware copies every command's input and output through its sensitive-data filter and hands
 * them to the client's logger, even to the default one that drops them: these clients have no logger (Powertools
 * logs what matters), so the copies were pure cost. A CPU profile of the deduction signals step put them at 7% of its
 * busy time (237 of 3,437 ms at 20,000 rows: each BatchGetItem's hundred items walked and copied), besides the
 * garbage they made. Errors are unaffected: the middleware only logged them before rethrowing.
 */
function unlogged<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

// Endpoints come from the SDK's own variables (AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_S3, ...),
// so the same code reaches AWS or any endpoint named there. Each client is traced: in Lambda every
// SDK call is an X-Ray subsegment (the tracer is off outside Lambda and hands the client back as is).
export const dynamo = DynamoDBDocumentClient.from(tracer.captureAWSv3Client(unlogged(new DynamoDBClient({}))), {
  marshallOptions: { removeUndefinedValues: true },
});
export const s3 = tracer.captureAWSv3Client(unlogged(new S3Client({ forcePathStyle: true })));
export const cognito = tracer.captureAWSv3Client(unlogged(new CognitoIdentityProviderClient({})));

export const tableName = (key: TableKey): string => requiredEnv(TABLES[key].envVar);
export const bucketName = (key: BucketKey): string => requiredEnv(BUCKETS[key].envVar);
export const userPoolId = (): string => requiredEnv('USER_POOL_ID');
