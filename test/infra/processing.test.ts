import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS, TABLES } from '../../infra/definitions.js';
import type { PayrollPlatformStack } from '../../infra/stack.js';
import { logicalId, ref, type Synthesized, synthesize } from './synth.js';

let stack: PayrollPlatformStack;
let template: Template;
let resources: Synthesized['resources'];

beforeAll(() => {
  ({ stack, template, resources } = synthesize());
});

describe('processing', () => {
  it('runs the trigger function for objects created under its prefix', () => {
    const fn = stack.processing.functions.find((f) => f.node.id === 'ValidateUpload')!;
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: ref(stack.storage.buckets.uploads),
      NotificationConfiguration: {
        LambdaFunctionConfigurations: Match.arrayWith([
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'incoming/' }] } },
            LambdaFunctionArn: { 'Fn::GetAtt': [logicalId(fn.function), 'Arn'] },
          },
        ]),
      },
    });
  });

  it('retries a failed event twice, then keeps it in an encrypted dead-letter queue', () => {
    const fn = stack.processing.functions.find((f) => f.node.id === 'ValidateUpload')!;
    const props = template.toJSON().Resources[logicalId(fn.function)].Properties;
    expect(props.DeadLetterConfig).toEqual({ TargetArn: { 'Fn::GetAtt': [logicalId(stack.processing.deadLetters!), 'Arn'] } });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: ref(fn.function), MaximumRetryAttempts: 2 });
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    expect(resources('AWS::CloudWatch::Alarm').filter((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible')).toHaveLength(1);
  });

  it('gives the trigger function the variables of what it uses', () => {
    const fn = stack.processing.functions.find((f) => f.node.id === 'ValidateUpload')!;
    const variables = template.toJSON().Resources[logicalId(fn.function)].Properties.Environment.Variables;
    expect(variables).toMatchObject({
      [TABLES.submissions.envVar]: ref(stack.data.tables.submissions),
      [TABLES.registry.envVar]: ref(stack.data.tables.registry),
      [BUCKETS.uploads.envVar]: ref(stack.storage.buckets.uploads),
    });
  });

  it('leaves cdk-nag nothing unacknowledged, notification handler included', () => {
    const report = new AwsSolutionsChecks(stack).validateScope(stack);

    const findings = report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`));
    expect(findings).toEqual([]);
  });
});
