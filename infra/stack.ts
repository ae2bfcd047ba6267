import { CfnOutput, CfnParameter, Stack, type StackProps } from 'aws-cdk-lib';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { Api } from './constructs/api.js';
import { Auth, USER_ADMIN_ACTIONS } from './constructs/auth.js';
import { Data } from './constructs/data.js';
import { EmployeeAuth } from './constructs/employee-auth.js';
import { Monitoring } from './constructs/monitoring.js';
import { OriginSecret } from './constructs/origin-secret.js';
import { Processing } from './constructs/processing.js';
import { Storage } from './constructs/storage.js';
import { WebAclArnReader } from './constructs/web-acl-reader.js';
import { Web } from './constructs/web.js';
import { S3_TRIGGERS, SCHEDULED_JOBS, STREAM_TRIGGERS, type S3TriggerDef } from './definitions.js';
import { EDGE_REGION } from './edge-stack.js';
import { HISTORY_WARM_THROUGHPUT } from './sizing.js';

export interface PayrollPlatformStackProps extends StackProps {
  /** The built SPA (web/dist), holding index.html. */
  webAssetDir: string;
  /** Origins allowed to POST uploads to the buckets; see StorageProps. */
  browserOrigins?: string[];
  alarmEmail?: string;
  /** The default of the SenderEmail parameter: the SES identity notifications come from (`-c senderEmail=…`). */
  senderEmail?: string;
  /** @default S3_TRIGGERS of infra/definitions.ts (tests pass their own) */
  s3Triggers?: readonly S3TriggerDef[];
  /** The SSM parameter, in us-east-1, under which the edge stack publishes CloudFront's web ACL ARN. */
  webAclArnParameterName: string;
  /** Raise it to rotate CloudFront's origin secret (`-c originSecretGeneration=2`). @default 1 */
  originSecretGeneration?: number;
}

/**
 * The platform: Cognito, DynamoDB, S3, one Lambda per route behind an HTTP API (the routes in a
 * nested stack per feature, infra/constructs/feature-routes.ts), S3-triggered
 * processing, CloudFront serving the SPA behind the WAF web ACL of the edge stack (infra/edge-stack.ts),
 * alarms. Each concern is one construct; resources pass between them as props.
 */
export class PayrollPlatformStack extends Stack {
  readonly auth: Auth;
  readonly employeeAuth: EmployeeAuth;
  readonly data: Data;
  readonly storage: Storage;
  readonly api: Api;
  readonly processing: Processing;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: PayrollPlatformStackProps) {
    super(scope, id, props);

    // user pool → trigger → SPA URL → CloudFront → API → authorizer → user pool is a cycle, so
    // the trigger reads the URL at run time from a parameter it knows by name only.
    const appUrlParameterName = `/${this.stackName}/app-url`;

    this.auth = new Auth(this, 'Auth', { appUrlParameterName });
    this.data = new Data(this, 'Data');
    // The history table takes ingestion's writes: a deployment may warm it beyond a new table's 4,000 WRU/s
    // before a deadline (docs/capacity.md shows the effect). Warm throughput is billed once, when set.
    const warmWrites = new CfnParameter(this, 'HistoryWarmWriteUnits', {
      type: 'Number',
      default: HISTORY_WARM_THROUGHPUT.defaultWriteUnits,
      minValue: HISTORY_WARM_THROUGHPUT.defaultWriteUnits,
      description:
        'Warm throughput of the history table in write units a second: 4,000 (the default) leaves it as a new on-demand table, which serves that many at once',
    });
    this.data.warmWrites('history', warmWrites.valueAsNumber, HISTORY_WARM_THROUGHPUT.defaultWriteUnits);
    this.storage = new Storage(this, 'Storage', { browserOrigins: props.browserOrigins });
    // CloudFront proves its requests to the API with this; only then is the viewer address believed.
    const originSecret = new OriginSecret(this, 'OriginSecret', { generation: props.originSecretGeneration ?? 1 });
    this.employeeAuth = new EmployeeAuth(this, 'EmployeeAuth', {
      stores: { tables: this.data.tables, buckets: this.storage.buckets, userPool: this.auth.userPool },
    });
    // Employees' sign-in codes go by SMS from this origination identity (a number or sender ID registered with
    // AWS End User Messaging for Zambia); empty: SNS picks one from the account's.
    const smsOrigination = new CfnParameter(this, 'SmsOriginationNumber', {
      type: 'String',
      default: '',
      allowedPattern: '^(\\+[1-9]\\d{6,14}|[A-Za-z0-9]{1,11})?$',
      constraintDescription: 'an E.164 number (+260…) or a sender ID of up to 11 letters and digits, or empty',
      description: 'The origination identity (E.164 number or sender ID) the employees’ sign-in codes are texted from',
    });
    this.api = new Api(this, 'Api', {
      originSecret: originSecret.value,
      tables: this.data.tables,
      buckets: this.storage.buckets,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      userPoolActions: USER_ADMIN_ACTIONS,
      employeePool: this.employeeAuth.userPool,
      employeePoolClient: this.employeeAuth.client,
      smsOriginationNumber: smsOrigination.valueAsString,
    });
    // The notification emails' sender, a verified SES identity. A parameter, so that each
    // deployment names its own: `cdk deploy -c senderEmail=…` (its default) or `--parameters SenderEmail=…`.
    const senderEmail = new CfnParameter(this, 'SenderEmail', {
      type: 'String',
      default: props.senderEmail,
      allowedPattern: '^[^@\\s]+@[^@\\s]+$',
      constraintDescription: 'an email address whose address or domain is a verified SES identity',
      description: 'The address notification emails are sent from (a verified SES identity, or one of a verified domain)',
    });
    this.auth.addPostAuthentication({ tables: this.data.tables, buckets: this.storage.buckets, userPool: this.auth.userPool });
    this.auth.addPostConfirmation({ tables: this.data.tables, buckets: this.storage.buckets, userPool: this.auth.userPool });
    this.processing = new Processing(this, 'Processing', {
      email: { senderEmail: senderEmail.valueAsString, appUrlParameterName },
      smsOriginationNumber: smsOrigination.valueAsString,
      tables: this.data.tables,
      buckets: this.storage.buckets,
      userPool: this.auth.userPool,
      triggers: props.s3Triggers ?? S3_TRIGGERS,
      jobs: props.s3Triggers ? [] : SCHEDULED_JOBS,
      streams: props.s3Triggers ? [] : STREAM_TRIGGERS,
    });
    this.web = new Web(this, 'Web', {
      siteDir: props.webAssetDir,
      siteBucket: this.storage.webBucket,
      logBucket: this.storage.logBucket,
      apiDomainName: this.api.domainName,
      originSecret: originSecret.value,
      uploadBuckets: this.storage.browserUploadBuckets,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      employeePoolId: this.employeeAuth.userPool.userPoolId,
      employeePoolClientId: this.employeeAuth.client.userPoolClientId,
      tokenUrl: this.auth.tokenUrl,
      webAclArn: new WebAclArnReader(this, 'WebAclArn', { parameterName: props.webAclArnParameterName, region: EDGE_REGION }).arn,
    });
    // CloudFront sends /api/* to the API only once every feature's routes are in place on it.
    this.web.distribution.node.addDependency(...this.api.features);
    new StringParameter(this, 'AppUrlParameter', {
      parameterName: appUrlParameterName,
      stringValue: this.web.url,
      description: 'The SPA URL, read by the Cognito CustomMessage trigger and the notification sender for the links in their emails',
    });
    new Monitoring(this, 'Monitoring', {
      functions: [
        ...this.api.functions,
        ...this.api.authorizers.map((a) => a.function),
        ...this.processing.functions,
        this.auth.customMessage,
        this.auth.postAuthentication!,
        this.auth.postConfirmation!,
        ...this.employeeAuth.functions,
      ],
      httpApi: this.api.httpApi,
      deadLetters: this.processing.deadLetters,
      alarmEmail: props.alarmEmail,
    });

    new CfnOutput(this, 'AppUrl', { value: this.web.url, description: 'The SPA' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'EmployeePoolId', { value: this.employeeAuth.userPool.userPoolId, description: 'The employees’ user pool (sign-in by texted code)' });
    new CfnOutput(this, 'ApiEndpoint', {
      value: this.api.httpApi.apiEndpoint,
      description: 'The API without CloudFront; the SPA calls /api on its own origin',
    });
  }
}
