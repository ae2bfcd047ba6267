import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { Api } from './constructs/api.js';
import { Auth, USER_ADMIN_ACTIONS } from './constructs/auth.js';
import { Data } from './constructs/data.js';
import { Monitoring } from './constructs/monitoring.js';
import { Storage } from './constructs/storage.js';
import { Web } from './constructs/web.js';

export interface PayrollPlatformStackProps extends StackProps {
  /** The built SPA (web/dist), holding index.html. */
  webAssetDir: string;
  /** Origins allowed to POST uploads to the buckets; see StorageProps. */
  browserOrigins?: string[];
  alarmEmail?: string;
}

/**
 * The platform: Cognito, DynamoDB, S3, one Lambda per route behind an HTTP API, CloudFront
 * serving the SPA, alarms. Each concern is one construct; resources pass between them as props.
 */
export class PayrollPlatformStack extends Stack {
  constructor(scope: Construct, id: string, props: PayrollPlatformStackProps) {
    super(scope, id, props);

    // user pool → trigger → SPA URL → CloudFront → API → authorizer → user pool is a cycle, so
    // the trigger reads the URL at run time from a parameter it knows by name only.
    const appUrlParameterName = `/${this.stackName}/app-url`;

    const auth = new Auth(this, 'Auth', { appUrlParameterName });
    const data = new Data(this, 'Data');
    const storage = new Storage(this, 'Storage', { browserOrigins: props.browserOrigins });
    const api = new Api(this, 'Api', {
      tables: data.tables,
      buckets: storage.buckets,
      userPool: auth.userPool,
      userPoolClient: auth.client,
      userPoolActions: USER_ADMIN_ACTIONS,
    });
    const web = new Web(this, 'Web', {
      siteDir: props.webAssetDir,
      siteBucket: storage.webBucket,
      logBucket: storage.logBucket,
      apiDomainName: api.domainName,
      uploadBuckets: storage.browserUploadBuckets,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
    });
    new StringParameter(this, 'AppUrlParameter', {
      parameterName: appUrlParameterName,
      stringValue: web.url,
      description: 'The SPA URL, read by the Cognito CustomMessage trigger for the links in its emails',
    });
    new Monitoring(this, 'Monitoring', {
      functions: [...api.functions, auth.customMessage],
      httpApi: api.httpApi,
      alarmEmail: props.alarmEmail,
    });

    new CfnOutput(this, 'AppUrl', { value: web.url, description: 'The SPA' });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
    new CfnOutput(this, 'ApiEndpoint', { value: api.httpApi.apiEndpoint, description: 'Direct API endpoint; the SPA uses /api on its own origin' });
  }
}
