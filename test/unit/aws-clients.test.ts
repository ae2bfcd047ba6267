import { describe, expect, it } from 'vitest';
import { cognito, dynamo, s3 } from '#adapters/aws-clients.js';

describe('the AWS clients', () => {
  // The SDK's logger middleware filters and copies every input and output for a logger these clients do not have.
  it.each([
    ['DynamoDB', dynamo],
    ['S3', s3],
    ['Cognito', cognito],
  ])('%s has no logger middleware on its stack', (_name, client) => {
    const stack = client.middlewareStack.identify();
    expect(stack.length).toBeGreaterThan(5);
    expect(stack.filter((entry) => /logger/i.test(entry))).toEqual([]);
  });
});
