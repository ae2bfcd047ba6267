import { NestedStack } from 'aws-cdk-lib';
import { type HttpApi, HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey, type IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { ORIGIN_SECRET_ENV } from '#shared/edge.js';
import { SMS_ORIGINATION_ENV } from '#shared/notifications.js';
import { handlerModule, type RouteDef } from '#shared/routes/index.js';
import { BUCKETS, TABLES } from '#shared/stores.js';
import { declared, ROUTE_GRANTS } from '../grants.js';
import { AppFunction } from './app-function.js';
import { acknowledge } from './nag.js';
import { pascalCase } from './names.js';
import { applyGrants, type Stores } from './policy.js';

/** What a route's function may be bound to and granted on: the parent stack's stores, passed by reference. */
export interface RouteStores extends Stores {
  userPoolClient: IUserPoolClient;
  /** The employees' pool and client (EMPLOYEE_POOL_ID, EMPLOYEE_POOL_CLIENT_ID for the routes that reach it). */
  employeePool: IUserPool;
  employeePoolClient: IUserPoolClient;
  /** The SNS origination identity texts go from (a stack parameter; empty: SNS chooses). */
  smsOriginationNumber: string;
  /** Cognito actions a route may be granted; all of them for a route without an entry in infra/grants.ts. */
  userPoolActions: readonly string[];
  /** CloudFront's origin secret (a dynamic reference): each function compares the header with it (lambdas/http/client-address.ts). */
  originSecret: string;
}

export interface FeatureRoutesProps extends RouteStores {
  /** The API of the parent stack, whose default authorizer guards every route that is not public. */
  httpApi: HttpApi;
  /** The authorizer of the employees' pool: it alone guards the employee routes. */
  employeeAuthorizer: IHttpRouteAuthorizer;
  /** The feature's routes, from shared/routes/index.ts. */
  routes: readonly RouteDef[];
  description: string;
}

/**
 * The routes of one feature in a nested stack of their own: for each, the Lambda with its role and log
 * group, granted what infra/grants.ts gives the route on the stores its `uses` declares, and the
 * integration, invoke permission and route on the parent's HTTP API. A route costs seven or eight
 * resources; here they count against this stack's 500, not the parent's. The parent's stores, API and
 * authorizer arrive by reference: CDK turns each into a parameter of this stack.
 */
export class FeatureRoutes extends NestedStack {
  readonly functions: AppFunction[] = [];

  constructor(scope: Construct, id: string, props: FeatureRoutesProps) {
    super(scope, id, { description: props.description });
    for (const route of props.routes) this.addRoute(route, props);
  }

  private addRoute(route: RouteDef, props: FeatureRoutesProps): void {
    const id = pascalCase(route.id);
    const fn = new AppFunction(this, id, {
      handler: handlerModule(route),
      description: `${route.method} ${route.path}: ${route.summary}`,
    });
    const uses = declared(route.uses);
    for (const key of uses.tables) fn.bindTable(TABLES[key], props.tables[key]);
    for (const key of uses.buckets) fn.bindBucket(BUCKETS[key], props.buckets[key]);
    if (uses.userPool) fn.bindUserPool(props.userPool, props.userPoolClient);
    if (uses.employeePool) fn.bindEmployeePool(props.employeePool, props.employeePoolClient);
    if (uses.sendsSms) fn.function.addEnvironment(SMS_ORIGINATION_ENV, props.smsOriginationNumber);
    // In the environment, not read from Secrets Manager at start: no call on a cold start, no grant on
    // every function, and the value changes only with a deployment anyway (CloudFront's header does too).
    fn.function.addEnvironment(ORIGIN_SECRET_ENV, props.originSecret);
    applyGrants(fn.role, ROUTE_GRANTS[route.id], route.uses, props, props.userPoolActions);
    this.functions.push(fn);

    const isPublic = route.access.kind === 'public';
    // The route itself, not HttpApi.addRoutes, which would create it (and its integration) in the API's stack.
    const httpRoute = new HttpRoute(this, `${id}Route`, {
      httpApi: props.httpApi,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration: new HttpLambdaIntegration(`${id}Integration`, fn.function),
      // Without one, the route takes the API's default: the staff pool's Lambda authorizer, kept in the parent.
      authorizer: isPublic ? new HttpNoneAuthorizer() : route.access.kind === 'employee' ? props.employeeAuthorizer : undefined,
    });
    if (isPublic) {
      acknowledge(
        httpRoute,
        'AwsSolutions-APIG4',
        `${route.method} ${route.path} is public in the route table (shared/routes/index.ts, access: public): ${route.summary}`,
      );
    }
  }
}
