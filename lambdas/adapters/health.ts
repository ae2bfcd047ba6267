import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { bucketName, cognito, dynamo, s3, tableName, userPoolId } from './aws-clients.js';

/** One cheap call to each store the platform needs, by name: each settles when its store answers. */
export const DEPENDENCY_CHECKS: Record<string, () => Promise<unknown>> = {
  dynamodb: () => dynamo.send(new DescribeTableCommand({ TableName: tableName('directory') })),
  s3: () => s3.send(new HeadBucketCommand({ Bucket: bucketName('uploads') })),
  cognito: () => cognito.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId() })),
};
