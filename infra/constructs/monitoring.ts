import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { AppFunction } from './app-function.js';

export interface MonitoringProps {
  functions: readonly AppFunction[];
  httpApi: HttpApi;
  /** Who is mailed when an alarm fires; without it, subscribe to the topic yourself. */
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/** Alarms on every function's errors and on the API's 5xx answers, sent to one encrypted topic. */
export class Monitoring extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    // A customer managed key: CloudWatch cannot publish to a topic under the AWS managed SNS key.
    const key = new Key(this, 'AlarmTopicKey', { enableKeyRotation: true, description: 'Encrypts the alarm topic' });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', { masterKey: key, enforceSSL: true, displayName: 'Payroll platform alarms' });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);

    for (const fn of props.functions) {
      new Alarm(this, `${fn.node.id}Errors`, {
        alarmDescription: `${fn.function.node.path}: the function threw or timed out.`,
        metric: fn.function.metricErrors({ period: FIVE_MINUTES }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(action);
    }

    new Alarm(this, 'Api5xx', {
      alarmDescription: 'The HTTP API answered 5xx: faults, since bad input gets 4xx.',
      metric: props.httpApi.metricServerError({ period: FIVE_MINUTES }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(action);
  }
}
