import { type CfnResource, Duration, Fn, Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type Bucket, EventType } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SMS_ORIGINATION_ENV } from '#shared/notifications.js';
import type { BucketKey } from '#shared/stores.js';
import { BUCKETS, TABLES } from '#shared/stores.js';
import { type S3TriggerDef, type ScheduledJobDef, type StreamTriggerDef } from '../definitions.js';
import { declared, type FunctionGrants, TRIGGER_GRANTS } from '../grants.js';
import { EVENT_FUNCTION } from '../sizing.js';
import { AppFunction } from './app-function.js';
import { acknowledge } from './nag.js';
import { pascalCase } from './names.js';
import { applyGrants, type Stores } from './policy.js';

export interface ProcessingProps extends Stores {
  buckets: Record<BucketKey, Bucket>;
  triggers: readonly S3TriggerDef[];
  jobs?: readonly ScheduledJobDef[];
  /** DynamoDB stream event source mappings (the notifications outbox). */
  streams?: readonly StreamTriggerDef[];
  /** For functions whose grants send email or read the SPA URL (the notification sender). */
  email: EmailSettings;
  /** The origination identity of the texts a trigger sends (the notification sender's to employees). */
  smsOriginationNumber?: string;
}

export interface EmailSettings {
  /** The SES identity the notifications come from: an address (a deployment parameter, README "Email notifications"). */
  senderEmail: string;
  /** The SSM parameter holding the SPA URL, for the links in the emails. */
  appUrlParameterName: string;
}

/**
 * SENDER_EMAIL and ses:SendEmail on its identity: the address, or its domain when the domain is the
 * verified identity (SES authorises against whichever identity it used).
 */
function bindEmail(fn: AppFunction, grants: FunctionGrants | undefined, email: EmailSettings): void {
  if (grants?.sendsEmail) {
    fn.function.addEnvironment('SENDER_EMAIL', email.senderEmail);
    const identity = (name: string) => Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: name });
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identity(email.senderEmail), identity(Fn.select(1, Fn.split('@', email.senderEmail)))] }),
    );
  }
  if (grants?.readsAppUrl) {
    fn.function.addEnvironment('APP_URL_PARAMETER', email.appUrlParameterName);
    fn.grantParameterRead(email.appUrlParameterName);
  }
}

/**
 * The S3-triggered handlers of S3_TRIGGERS (infra/definitions.ts): objects created under a
 * prefix run a function, asynchronously, retried twice, then kept in a dead-letter queue —
 * as the local twin delivers them. The STREAM_TRIGGERS read a table's stream through an event source
 * mapping (batches, bisection, retries, reported item failures, the same dead-letter queue). The SCHEDULED_JOBS run the same way on an EventBridge schedule.
 */
export class Processing extends Construct {
  readonly functions: AppFunction[] = [];
  readonly deadLetters?: Queue;

  constructor(scope: Construct, id: string, props: ProcessingProps) {
    super(scope, id);
    const jobs = props.jobs ?? [];
    const streams = props.streams ?? [];
    if (props.triggers.length === 0 && jobs.length === 0 && streams.length === 0) return;

    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });

    for (const trigger of props.triggers) {
      const fn = new AppFunction(this, pascalCase(trigger.id), {
        handler: trigger.handler,
        description: `S3 ${trigger.bucket}/${trigger.prefix}*: ${trigger.id}`,
        timeout: Duration.seconds(EVENT_FUNCTION.timeoutSeconds),
        memorySize: EVENT_FUNCTION.memoryMb,
        deadLetterQueue: this.deadLetters,
        bounded: trigger.bounded,
      });
      for (const key of declared(trigger.uses).tables) fn.bindTable(TABLES[key], props.tables[key]);
      for (const key of declared(trigger.uses).buckets) fn.bindBucket(BUCKETS[key], props.buckets[key]);
      applyGrants(fn.role, TRIGGER_GRANTS[trigger.id], trigger.uses, props, []);
      bindEmail(fn, TRIGGER_GRANTS[trigger.id], props.email);
      if (trigger.uses.sendsSms) fn.function.addEnvironment(SMS_ORIGINATION_ENV, props.smsOriginationNumber ?? '');
      props.buckets[trigger.bucket].addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn.function), {
        prefix: trigger.prefix,
      });
      this.functions.push(fn);
    }

    for (const trigger of streams) {
      const fn = new AppFunction(this, pascalCase(trigger.id), {
        handler: trigger.handler,
        description: `DynamoDB stream ${trigger.table} ${trigger.pkPrefix}*: ${trigger.id}`,
        timeout: Duration.seconds(EVENT_FUNCTION.timeoutSeconds),
        memorySize: EVENT_FUNCTION.memoryMb,
      });
      for (const key of declared(trigger.uses).tables) fn.bindTable(TABLES[key], props.tables[key]);
      for (const key of declared(trigger.uses).buckets) fn.bindBucket(BUCKETS[key], props.buckets[key]);
      applyGrants(fn.role, TRIGGER_GRANTS[trigger.id], trigger.uses, props, []);
      bindEmail(fn, TRIGGER_GRANTS[trigger.id], props.email);
      if (trigger.uses.sendsSms) fn.function.addEnvironment(SMS_ORIGINATION_ENV, props.smsOriginationNumber ?? '');
      fn.function.addEventSource(
        new DynamoEventSource(props.tables[trigger.table] as Table, {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: trigger.batchSize,
          bisectBatchOnError: trigger.bisectBatchOnFunctionError,
          retryAttempts: trigger.retryAttempts,
          maxRecordAge: Duration.seconds(trigger.maxRecordAgeSeconds),
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(this.deadLetters),
          filters: [
            FilterCriteria.filter({ eventName: FilterRule.or(...trigger.events), dynamodb: { Keys: { pk: { S: FilterRule.beginsWith(trigger.pkPrefix) } } } }),
          ],
        }),
      );
      this.functions.push(fn);
    }

    for (const job of jobs) {
      const fn = new AppFunction(this, pascalCase(job.id), {
        handler: job.handler,
        description: `Scheduled ${job.cron.hour}:${job.cron.minute} UTC: ${job.id}`,
        timeout: Duration.minutes(15),
        memorySize: 512,
      });
      for (const key of declared(job.uses).tables) fn.bindTable(TABLES[key], props.tables[key]);
      for (const key of declared(job.uses).buckets) fn.bindBucket(BUCKETS[key], props.buckets[key]);
      applyGrants(fn.role, TRIGGER_GRANTS[job.id], job.uses, props, []);
      new Rule(this, `${pascalCase(job.id)}Schedule`, {
        schedule: Schedule.cron({ minute: job.cron.minute, hour: job.cron.hour }),
        targets: [new LambdaFunction(fn.function, { retryAttempts: 2, deadLetterQueue: this.deadLetters })],
      });
      this.functions.push(fn);
    }

    // aws-cdk-lib's handler that writes the buckets' notification configuration: it takes no log
    // group, so its function is pointed at one with a retention (its role may write to any).
    for (const child of Stack.of(this).node.children) {
      if (!child.node.id.startsWith('BucketNotificationsHandler')) continue;
      const logs = new LogGroup(this, 'NotificationsHandlerLogs', { retention: RetentionDays.ONE_YEAR });
      (child.node.findChild('Resource') as CfnResource).addPropertyOverride('LoggingConfig', { LogGroup: logs.logGroupName });
      acknowledge(
        child,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        "aws-cdk-lib's BucketNotificationsHandler creates its own role with the basic execution policy and takes no role; it only runs during deployments.",
      );
    }
  }
}
