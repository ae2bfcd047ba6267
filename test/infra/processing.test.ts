import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS, TABLES } from '#shared/stores.js';
import { pascalCase } from '../../infra/constructs/names.js';
import { S3_TRIGGERS, SCHEDULED_JOBS } from '../../infra/definitions.js';
import { INGEST_CHUNKS, REGISTER_CHUNKS } from '../../infra/sizing.js';
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

  it.each(S3_TRIGGERS.map((t) => [t.id, t] as const))('%s: retries a failed event twice, then keeps it in the dead-letter queue', (_id, trigger) => {
    const fn = stack.processing.functions.find((f) => f.node.id === pascalCase(trigger.id))!;
    const props = template.toJSON().Resources[logicalId(fn.function)].Properties;
    expect(props.DeadLetterConfig).toEqual({ TargetArn: { 'Fn::GetAtt': [logicalId(stack.processing.deadLetters!), 'Arn'] } });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: ref(fn.function), MaximumRetryAttempts: 2 });
  });

  it.each(SCHEDULED_JOBS.map((j) => [j.id, j] as const))('%s: runs daily on its schedule, retried twice, then dead-lettered', (_id, job) => {
    const fn = stack.processing.functions.find((f) => f.node.id === pascalCase(job.id))!;
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `cron(${job.cron.minute} ${job.cron.hour} * * ? *)`,
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [logicalId(fn.function), 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 2 },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [logicalId(stack.processing.deadLetters!), 'Arn'] } },
        }),
      ],
    });
  });

  it('runs at most INGEST_CHUNKS.concurrency ingestion chunks at once, a chunk held back too long dead-lettered', () => {
    const fn = stack.processing.functions.find((f) => f.node.id === 'IngestChunk')!;
    expect(template.toJSON().Resources[logicalId(fn.function)].Properties.ReservedConcurrentExecutions).toBe(INGEST_CHUNKS.concurrency);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: ref(fn.function),
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: INGEST_CHUNKS.maxEventAgeSeconds,
    });
    // Only the chunks (and the register's, below) are bounded: the other triggers take what Lambda gives.
    const bounded = resources('AWS::Lambda::Function').filter((f) => f.Properties.ReservedConcurrentExecutions !== undefined);
    expect(bounded).toHaveLength(2);
  });

  it("runs at most REGISTER_CHUNKS.concurrency of a payroll register's chunks at once", () => {
    const fn = stack.processing.functions.find((f) => f.node.id === 'IngestRegister')!;
    expect(template.toJSON().Resources[logicalId(fn.function)].Properties.ReservedConcurrentExecutions).toBe(REGISTER_CHUNKS.concurrency);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: ref(fn.function),
      MaximumEventAgeInSeconds: REGISTER_CHUNKS.maxEventAgeSeconds,
    });
  });

  it('warms the history table only when the deployment asks for it (HistoryWarmWriteUnits)', () => {
    const json = template.toJSON();
    expect(json.Parameters.HistoryWarmWriteUnits).toMatchObject({ Type: 'Number', Default: 4_000, MinValue: 4_000 });
    const history = json.Resources[logicalId(stack.data.tables.history)].Properties;
    const [condition] = history.WarmThroughput['Fn::If'];
    expect(history.WarmThroughput).toEqual({ 'Fn::If': [condition, { Ref: 'AWS::NoValue' }, { WriteUnitsPerSecond: { Ref: 'HistoryWarmWriteUnits' } }] });
    expect(json.Conditions[condition]).toEqual({ 'Fn::Equals': [{ Ref: 'HistoryWarmWriteUnits' }, 4_000] });
    const others = Object.values(stack.data.tables).filter((table) => table !== stack.data.tables.history);
    for (const table of others) expect(json.Resources[logicalId(table)].Properties.WarmThroughput).toBeUndefined();
  });

  it('keeps dead letters encrypted for 14 days, reachable over TLS only', () => {
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [ref(stack.processing.deadLetters!)],
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
    expect(resources('AWS::SQS::Queue')).toHaveLength(1);
  });

  it('alarms into the alarm topic as soon as one event is dead-lettered', () => {
    const topics = Object.keys(template.findResources('AWS::SNS::Topic'));
    expect(topics).toHaveLength(1);
    const alarms = resources('AWS::CloudWatch::Alarm').filter((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.Properties).toMatchObject({
      Namespace: 'AWS/SQS',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(stack.processing.deadLetters!), 'QueueName'] } }],
      Threshold: 1,
      EvaluationPeriods: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: topics[0] }],
    });
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
