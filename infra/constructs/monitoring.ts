import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { AppFunction } from './app-function.js';

export interface MonitoringProps {
  functions: readonly AppFunction[];
  httpApi: HttpApi;
  /** The S3 triggers' dead-letter queue, when there is one. */
  deadLetters?: IQueue;
  /** Who is mailed when an alarm fires; without it, subscribe to the topic yourself. */
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Alarms on every function's errors, the API's 5xx answers and dead-lettered S3 events, sent
 * to one encrypted topic. Each fires on a single occurrence in five minutes: at this traffic
 * any fault is worth a look. What watches one function (its alarm, its metric filter) lives in
 * that function's stack, so a nested stack's routes cost the platform stack nothing but the
 * topic passed in, and no output passes back.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    // A customer managed key: CloudWatch cannot publish to a topic under the AWS managed SNS key.
    const key = new Key(this, 'AlarmTopicKey', { enableKeyRotation: true, description: 'Encrypts the alarm topic' });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', { masterKey: key, enforceSSL: true, displayName: 'Payroll platform alarms' });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    this.action = new SnsAction(this.topic);

    for (const fn of props.functions) {
      this.alarm(
        this.besides(fn),
        `${fn.node.scope?.node.id ?? ''}${fn.node.id}Errors`,
        `${fn.function.node.path}: the function threw or timed out.`,
        fn.function.metricErrors({ period: FIVE_MINUTES }),
      );
    }
    this.alarm(this, 'Api5xx', 'The HTTP API answered 5xx: faults, since bad input gets 4xx.', props.httpApi.metricServerError({ period: FIVE_MINUTES }));
    if (props.deadLetters) {
      this.alarm(
        this,
        'DeadLetters',
        'An S3 event failed three times and waits in the dead-letter queue.',
        props.deadLetters.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES }),
      );
    }
  }

  /** Where what watches `fn` goes: this construct for the platform stack's functions, else the function's own (nested) stack. */
  private besides(fn: AppFunction): Construct {
    const home = Stack.of(fn);
    return home === Stack.of(this) ? this : home;
  }

  private alarm(scope: Construct, id: string, description: string, metric: IMetric): void {
    new Alarm(scope, id, {
      alarmDescription: description,
      metric,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(this.action);
  }
}
