import { describe, expect, it } from 'vitest';
import { OUTBOX_PREFIX } from '#shared/notifications.js';
import { STREAM_TRIGGERS } from '../../infra/definitions.js';
import { roleStatements } from './policies.js';
import { logicalId, synthesize } from './synth.js';

/** Email notifications: the sender's deployment parameter, its retries, dead letters and alarm. */
const { stack, template, resources } = synthesize({ senderEmail: 'notifications@payroll.example.zm' });
const sender = stack.processing.functions.find((f) => f.node.id === 'SendNotification')!;
const props = () => template.toJSON().Resources[logicalId(sender.function)].Properties;

describe('the sender identity', () => {
  it('is the SenderEmail parameter, defaulting to `-c senderEmail=…`, an address', () => {
    const parameter = template.toJSON().Parameters.SenderEmail;
    expect(parameter).toMatchObject({ Type: 'String', Default: 'notifications@payroll.example.zm' });
    expect(new RegExp(parameter.AllowedPattern).test('notifications@payroll.example.zm')).toBe(true);
    expect(new RegExp(parameter.AllowedPattern).test('not an address')).toBe(false);
  });

  it('has no default without the context value, so a deployment must name one', () => {
    const bare = synthesize();
    expect(bare.template.toJSON().Parameters.SenderEmail.Default).toBeUndefined();
  });

  it('reaches the sender as SENDER_EMAIL, with the SPA URL parameter for the links', () => {
    expect(props().Environment.Variables).toMatchObject({ SENDER_EMAIL: { Ref: 'SenderEmail' }, APP_URL_PARAMETER: '/PayrollPlatform/app-url' });
  });

  it('is the only identity the sender may send from (the address or its domain), and no other function sends email', () => {
    const statements = roleStatements(template);
    const sending = statements.filter((s) => [s.Action].flat().includes('ses:SendEmail'));
    expect(sending).toHaveLength(1);
    expect(JSON.stringify(sending[0]!.Resource)).toContain(':identity/');
    expect(JSON.stringify(sending[0]!.Resource)).toContain('"Ref":"SenderEmail"');
    expect(roleStatements(template, logicalId(sender.role)).some((s) => s.Action === 'ses:SendEmail')).toBe(true);
  });
});

describe('the sender', () => {
  const trigger = STREAM_TRIGGERS.find((t) => t.id === 'send-notification')!;
  const mapping = () =>
    Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).find((m) =>
      JSON.stringify(m.Properties.FunctionName).includes(logicalId(sender.function)),
    )!.Properties;

  it("runs from the directory table's stream (new images), through an event source mapping of the outbox items only", () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } });
    expect(mapping().EventSourceArn).toEqual({ 'Fn::GetAtt': [logicalId(stack.data.tables.directory), 'StreamArn'] });
    expect(mapping().StartingPosition).toBe('TRIM_HORIZON');
    const filters = (mapping().FilterCriteria.Filters as { Pattern: string }[]).map((f) => JSON.parse(f.Pattern));
    expect(filters).toEqual([{ eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { pk: { S: [{ prefix: OUTBOX_PREFIX }] } } } }]);
  });

  it('takes batches of the declared size, bisects a failing batch, retries it twice, and reports failed records', () => {
    expect(mapping()).toMatchObject({
      BatchSize: trigger.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: trigger.retryAttempts,
      MaximumRecordAgeInSeconds: trigger.maxRecordAgeSeconds,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect([trigger.batchSize, trigger.retryAttempts]).toEqual([10, 2]);
  });

  it('sends a batch it gave up on to the dead-letter queue, whose alarm fires at one message', () => {
    expect(mapping().DestinationConfig).toEqual({ OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(stack.processing.deadLetters!), 'Arn'] } } });
    const dlqAlarms = resources('AWS::CloudWatch::Alarm').filter((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(dlqAlarms).toHaveLength(1);
    expect(JSON.stringify(dlqAlarms[0]!.Properties.Dimensions)).toContain(logicalId(stack.processing.deadLetters!));
    expect(dlqAlarms[0]!.Properties).toMatchObject({ Threshold: 1 });
  });

  it('alarms on a single failed run (a send that failed, before its retries)', () => {
    const topic = Object.keys(template.findResources('AWS::SNS::Topic'))[0]!;
    const alarm = resources('AWS::CloudWatch::Alarm').find(
      (a) => a.Properties.MetricName === 'Errors' && JSON.stringify(a.Properties.Dimensions).includes(logicalId(sender.function)),
    );
    expect(alarm?.Properties).toMatchObject({
      Namespace: 'AWS/Lambda',
      Threshold: 1,
      EvaluationPeriods: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: topic }],
    });
  });
});
