import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Stack } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type BucketDef, type TableDef } from '#shared/stores.js';
import { EMPLOYEE_POOL_ENV, USER_POOL_ENV } from '../definitions.js';
import { API_FUNCTION, EVENT_RETRIES } from '../sizing.js';
import { InlinePolicyRole } from './inline-role.js';
import { acknowledge } from './nag.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface AppFunctionProps {
  /** Module under lambdas/ without extension, exporting `handler`, e.g. `api/me/get-me`. */
  handler: string;
  description: string;
  environment?: Record<string, string>;
  /** @default API_FUNCTION's (infra/sizing.ts): 25 s, under the HTTP API's 30 s integration limit */
  timeout?: Duration;
  /** @default API_FUNCTION's (infra/sizing.ts): 512 MB */
  memorySize?: number;
  /** For asynchronous invocations (S3 events): where an event goes after two failed retries. */
  deadLetterQueue?: IQueue;
  /** At most this many invocations at once (reserved concurrency), and how long a held-back event may wait. */
  bounded?: { concurrency: number; maxEventAgeSeconds: number };
}

/**
 * One Lambda with the project's defaults: Node 22 on arm64, X-Ray, its own log group with a
 * retention, source maps, bundled by the local esbuild. Its role starts with nothing but
 * writing to that log group (and X-Ray); each `bind*` sets an environment variable, and
 * infra/constructs/policy.ts grants exactly what infra/grants.ts says.
 */
export class AppFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_YEAR });
    // Our own role instead of the default one with AWSLambdaBasicExecutionRole, which may
    // write to every log group in the account.
    this.role = new InlinePolicyRole(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, 'lambdas', `${props.handler}.ts`),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      description: props.description.slice(0, 256),
      runtime: Runtime.NODEJS_22_X, // docs/deploying.md, "Versions"
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? API_FUNCTION.memoryMb,
      timeout: props.timeout ?? Duration.seconds(API_FUNCTION.timeoutSeconds),
      tracing: Tracing.ACTIVE,
      deadLetterQueue: props.deadLetterQueue,
      retryAttempts: props.deadLetterQueue ? EVENT_RETRIES : undefined,
      reservedConcurrentExecutions: props.bounded?.concurrency,
      maxEventAge: props.bounded ? Duration.seconds(props.bounded.maxEventAgeSeconds) : undefined,
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        POWERTOOLS_SERVICE_NAME: 'payroll-platform',
        // Stack traces in the logs point into lambdas/*.ts through the bundled source maps.
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.CJS,
        target: 'node22',
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // Bundle the SDK too, so the handlers run the versions of package-lock.json (the ones
        // the tests ran), not whichever the runtime happens to ship.
        externalModules: [],
        forceDockerBundling: false,
      },
    });

    acknowledge(
      this,
      'AwsSolutions-L1',
      'nodejs22.x is the runtime the project pins and tests against (docs/deploying.md, "Versions"); moving to nodejs24.x is a deliberate upgrade, not a drift.',
    );
    acknowledge(
      this.role,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions, so AWS requires Resource "*".',
    );
  }

  /** Sets the table's environment variable; infra/constructs/policy.ts grants what the function may do with it. */
  bindTable(def: TableDef, table: ITable): this {
    this.function.addEnvironment(def.envVar, table.tableName);
    return this;
  }

  /** Sets the bucket's environment variable (grants: infra/constructs/policy.ts). */
  bindBucket(def: BucketDef, bucket: IBucket): this {
    this.function.addEnvironment(def.envVar, bucket.bucketName);
    return this;
  }

  /** Sets USER_POOL_ID and USER_POOL_CLIENT_ID (grants: infra/constructs/policy.ts). */
  bindUserPool(userPool: IUserPool, client: IUserPoolClient): this {
    this.function.addEnvironment(USER_POOL_ENV.poolId, userPool.userPoolId);
    this.function.addEnvironment(USER_POOL_ENV.clientId, client.userPoolClientId);
    return this;
  }

  /** The same for the employees' user pool. */
  bindEmployeePool(userPool: IUserPool, client: IUserPoolClient): this {
    this.function.addEnvironment(EMPLOYEE_POOL_ENV.poolId, userPool.userPoolId);
    this.function.addEnvironment(EMPLOYEE_POOL_ENV.clientId, client.userPoolClientId);
    return this;
  }

  /**
   * Grants ssm:GetParameter on a parameter by its fixed name. The ARN is formatted from the
   * name, not taken from the parameter construct, so that no dependency (and no cycle) arises.
   */
  grantParameterRead(parameterName: string): this {
    const arn = Stack.of(this).formatArn({ service: 'ssm', resource: 'parameter', resourceName: parameterName.replace(/^\//, '') });
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['ssm:GetParameter'], resources: [arn] }));
    return this;
  }
}
