import { Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_CLIENT_SCOPE } from '#shared/api/api-clients.js';
import { type RouteDef, ROUTES } from '#shared/routes/index.js';
import { API_THROTTLE } from '../sizing.js';
import { ApiAuthorizer } from './api-authorizer.js';
import type { AppFunction } from './app-function.js';
import { FeatureRoutes, type RouteStores } from './feature-routes.js';
import { pascalCase } from './names.js';

export type ApiProps = RouteStores;

/**
 * The HTTP API built from the route table: its stage and its two Lambda authorizers here (the staff
 * pool's: the SPA's ID tokens and the API clients' access tokens; the employees' pool's: the portal's
 * ID tokens; infra/constructs/api-authorizer.ts), and the routes of each feature, one Lambda per route,
 * in a nested stack of that feature (infra/constructs/feature-routes.ts), so that the platform stack
 * stays far from CloudFormation's 500 resources however many routes the table grows.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** The nested stack of each feature's routes, in the route table's order. */
  readonly features: FeatureRoutes[] = [];
  /** Every route's function, across the features. */
  readonly functions: AppFunction[] = [];
  /** The authorizers' functions (staff pool, employees' pool). */
  readonly authorizers: ApiAuthorizer[];
  /** The execute-api host name, for CloudFront's /api/* origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    // The staff pool's tokens: the web app's ID tokens, and the client-credentials access tokens of the
    // organisations' API clients, app clients created at run time that no fixed audience could list.
    const staff = new ApiAuthorizer(this, 'StaffTokens', {
      userPool: props.userPool,
      client: props.userPoolClient,
      clientScope: API_CLIENT_SCOPE,
      description: "API authorizer: the staff pool's ID tokens of the web app and the API clients' access tokens",
    });
    // The employees' pool guards the employee routes alone: neither pool's tokens open the other's routes.
    const employees = new ApiAuthorizer(this, 'EmployeeTokens', {
      userPool: props.employeePool,
      client: props.employeePoolClient,
      description: "API authorizer: the employees' pool's ID tokens of the employee portal",
    });
    this.authorizers = [staff, employees];
    // Not the id 'HttpApi' of the API whose routes lived in the platform stack: CloudFormation creates
    // the nested stacks' routes before it deletes the old ones, and API Gateway refuses a second route
    // with the same key, so a deployment made before would fail to update. A new API takes the new
    // routes; CloudFront moves to it once they are all in place (infra/stack.ts) and the old one goes.
    this.httpApi = new HttpApi(this, 'FeatureHttpApi', {
      description: 'Payroll deductions platform API (routes from shared/routes/index.ts)',
      createDefaultStage: false,
      defaultAuthorizer: staff.authorizer,
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

    // One nested stack per feature: a feature's routes change together, and a route never moves
    // between stacks (which would replace its function) unless its feature changes.
    const byFeature = new Map<RouteDef['feature'], RouteDef[]>();
    for (const route of ROUTES as readonly RouteDef[]) byFeature.set(route.feature, [...(byFeature.get(route.feature) ?? []), route]);
    for (const [feature, routes] of byFeature) {
      const routeStack = new FeatureRoutes(this, `${pascalCase(feature)}Routes`, {
        ...props,
        httpApi: this.httpApi,
        employeeAuthorizer: employees.authorizer,
        routes,
        description: `Payroll platform API: the ${feature} routes (${routes.length})`,
      });
      this.features.push(routeStack);
      this.functions.push(...routeStack.functions);
    }
  }
}
