import { roleStatements } from './policies.js';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { KEYS, ROUTE_GRANTS } from '../../infra/grants.js';
import { pascalCase } from '../../infra/constructs/names.js';
import { logicalId, ref, synthesize } from './synth.js';

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
  it('runs for each job object under notify/ in the uploads bucket', () => {
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: ref(stack.storage.buckets.uploads),
      NotificationConfiguration: {
        LambdaFunctionConfigurations: Match.arrayWith([
          Match.objectLike({ Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'notify/' }] } }, LambdaFunctionArn: { 'Fn::GetAtt': [logicalId(sender.function), 'Arn'] } }),
        ]),
      },
    });
  });

  it('is retried twice on failure, then dead-lettered into the alarmed queue', () => {
    expect(props().DeadLetterConfig).toEqual({ TargetArn: { 'Fn::GetAtt': [logicalId(stack.processing.deadLetters!), 'Arn'] } });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: ref(sender.function), MaximumRetryAttempts: 2 });
    const dlqAlarms = resources('AWS::CloudWatch::Alarm').filter((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(dlqAlarms).toHaveLength(1);
  });

  it('alarms on a single failed run (a send that failed, before its retries)', () => {
    const topic = Object.keys(template.findResources('AWS::SNS::Topic'))[0]!;
    const alarm = resources('AWS::CloudWatch::Alarm').find(
      (a) => a.Properties.MetricName === 'Errors' && JSON.stringify(a.Properties.Dimensions).includes(logicalId(sender.function)),
    );
    expect(alarm?.Properties).toMatchObject({ Namespace: 'AWS/Lambda', Threshold: 1, EvaluationPeriods: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', AlarmActions: [{ Ref: topic }] });
  });
});

describe('a notification that could not be queued', () => {
  it('is counted in the log group of every function that queues, and alarmed on at the first', () => {
    const notifying = Object.entries(ROUTE_GRANTS).filter(([, g]) => g.notifies).map(([id]) => id);
    expect(notifying.sort()).toEqual(['add-platform-admin', 'add-team-member', 'assign-submission', 'claim-mandate', 'decide-access-request', 'decide-dispute', 'decide-submission', 'decide-submissions', 'open-dispute', 'report-my-deduction', 'update-settings', 'withdraw-fraud-report']);
    const filters = resources('AWS::Logs::MetricFilter');
    const groups = notifying.map((id) => logicalId(stack.api.functions.find((f) => f.node.id === pascalCase(id))!.logGroup));
    expect(filters.map((f) => f.Properties.LogGroupName.Ref).sort()).toEqual(groups.sort());
    for (const filter of filters) {
      expect(filter.Properties.FilterPattern).toBe('{ $.message = "A notification could not be queued; the action stands" }');
      expect(filter.Properties.MetricTransformations).toEqual([{ MetricNamespace: 'PayrollPlatform', MetricName: 'NotificationsNotQueued', MetricValue: '1' }]);
    }
    const alarm = resources('AWS::CloudWatch::Alarm').find((a) => a.Properties.MetricName === 'NotificationsNotQueued');
    expect(alarm?.Properties).toMatchObject({ Namespace: 'PayrollPlatform', Statistic: 'Sum', Threshold: 1, EvaluationPeriods: 1 });
  });
});
