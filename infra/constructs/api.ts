import { Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ORIGIN_SECRET_ENV } from '../../shared/edge.js';
import { handlerModule, type RouteDef, ROUTES } from '../../shared/routes.js';
import { type BucketKey, type TableKey } from '../../shared/stores.js';
import { BUCKETS, TABLES } from '../../shared/stores.js';
import { ROUTE_GRANTS } from '../grants.js';
import { API_THROTTLE } from '../sizing.js';
import { AppFunction } from './app-function.js';
import { acknowledge } from './nag.js';
import { pascalCase } from './names.js';
import { applyGrants } from './policy.js';

export interface ApiProps {
  tables: Record<TableKey, ITable>;
  buckets: Record<BucketKey, IBucket>;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** Cognito actions a route may be granted; all of them for a route without an entry in infra/grants.ts. */
  userPoolActions: readonly string[];
  /** CloudFront's origin secret (a dynamic reference): each function compares the header with it (lambdas/http/client-address.ts). */
  originSecret: string;
}

/**
 * The HTTP API built from the route table: one Lambda per route, granted what infra/grants.ts
 * gives its route on the stores its `uses` declares, the Cognito JWT authorizer
 * (audience: the SPA's client, which sends the ID token) on every route that is not public.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: AppFunction[] = [];
  /** The execute-api host name, for CloudFront's /api/* origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const authorizer = new HttpUserPoolAuthorizer('Cognito', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Payroll deductions platform API (routes from shared/routes.ts)',
      createDefaultStage: false,
      defaultAuthorizer: authorizer,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_YEAR });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { ...API_THROTTLE },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            user: '$context.authorizer.claims.sub',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    const stack = Stack.of(this);
    this.domainName = `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    for (const route of ROUTES as readonly RouteDef[]) this.addRoute(route, props);
  }

  private addRoute(route: RouteDef, props: ApiProps): void {
    const fn = new AppFunction(this, pascalCase(route.id), {
      handler: handlerModule(route),
      description: `${route.method} ${route.path}: ${route.summary}`,
    });
    for (const key of route.uses.tables ?? []) fn.bindTable(TABLES[key], props.tables[key]);
    for (const key of route.uses.buckets ?? []) fn.bindBucket(BUCKETS[key], props.buckets[key]);
    if (route.uses.userPool) fn.bindUserPool(props.userPool, props.userPoolClient);
    // In the environment, not read from Secrets Manager at start: no call on a cold start, no grant on
    // every function, and the value changes only with a deployment anyway (CloudFront's header does too).
    fn.function.addEnvironment(ORIGIN_SECRET_ENV, props.originSecret);
    applyGrants(fn.role, ROUTE_GRANTS[route.id], route.uses, props, props.userPoolActions);
    this.functions.push(fn);

    const isPublic = route.access.kind === 'public';
    const [httpRoute] = this.httpApi.addRoutes({
      path: route.path,
      methods: [HttpMethod[route.method]],
      integration: new HttpLambdaIntegration(`${pascalCase(route.id)}Integration`, fn.function),
      authorizer: isPublic ? new HttpNoneAuthorizer() : undefined,
    });
    if (isPublic && httpRoute) {
      acknowledge(
        httpRoute,
        'AwsSolutions-APIG4',
        `${route.method} ${route.path} is public in the route table (shared/routes.ts, access: public): ${route.summary}`,
      );
    }
  }
}
