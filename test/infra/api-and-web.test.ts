import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENT_SCOPE } from '#shared/api/api-clients.js';
import { AUTHORIZER_CACHE_SECONDS, AUTHORIZER_ENV } from '#shared/authorizer.js';
import { ORIGIN_SECRET_ENV } from '#shared/edge.js';
import { SMS_ORIGINATION_ENV } from '#shared/notifications.js';
import { type RouteDef, ROUTES } from '#shared/routes/index.js';
import { BUCKETS, TABLES } from '#shared/stores.js';
import { REPO_ROOT } from '../../infra/constructs/app-function.js';
import {
  AUTH_TRIGGERS,
  EMPLOYEE_AUTH_TRIGGERS,
  EMPLOYEE_POOL_ENV,
  S3_TRIGGERS,
  SCHEDULED_JOBS,
  STREAM_TRIGGERS,
  USER_POOL_ENV,
} from '../../infra/definitions.js';
import { declared } from '../../infra/grants.js';
import type { PayrollPlatformStack } from '../../infra/stack.js';
import { resourceText } from './policies.js';
import { logicalId, ref, type Resource, type Synthesized, synthesize } from './synth.js';

let stack: PayrollPlatformStack;
let template: Template;
let resources: Synthesized['resources'];

beforeAll(() => {
  ({ stack, template, resources } = synthesize());
});

const routes = ROUTES as readonly RouteDef[];

/** The directives of a synthesized CSP (tokens written as cdk-nag does: `<Logical.Attribute>`). */
function cspDirectives(value: unknown): Map<string, string[]> {
  const text = resourceText(value);
  return new Map(
    text
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function functionFor(route: RouteDef): Resource {
  const matches = resources('AWS::Lambda::Function').filter((f) => String(f.Properties.Description).startsWith(`${route.method} ${route.path}:`));
  expect(matches, `functions for ${route.method} ${route.path}`).toHaveLength(1);
  return matches[0]!;
}

describe('api', () => {
  it('has one Lambda per route: Node 22 on arm64 with X-Ray', () => {
    for (const route of routes) {
      expect(functionFor(route).Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], TracingConfig: { Mode: 'Active' } });
    }
  });

  it('gives each function the variables of what its route uses, and nothing more', () => {
    for (const route of routes) {
      const variables = functionFor(route).Properties.Environment.Variables as Record<string, unknown>;
      const expected: Record<string, unknown> = {
        POWERTOOLS_SERVICE_NAME: 'payroll-platform',
        NODE_OPTIONS: '--enable-source-maps',
        [ORIGIN_SECRET_ENV]: expect.anything(),
      };
      const uses = declared(route.uses);
      for (const key of uses.tables) expected[TABLES[key].envVar] = ref(stack.data.tables[key]);
      for (const key of uses.buckets) expected[BUCKETS[key].envVar] = ref(stack.storage.buckets[key]);
      if (uses.userPool) {
        expected[USER_POOL_ENV.poolId] = ref(stack.auth.userPool);
        expected[USER_POOL_ENV.clientId] = ref(stack.auth.client);
      }
      if (uses.employeePool) {
        expected[EMPLOYEE_POOL_ENV.poolId] = ref(stack.employeeAuth.userPool);
        expected[EMPLOYEE_POOL_ENV.clientId] = ref(stack.employeeAuth.client);
      }
      if (uses.sendsSms) expected[SMS_ORIGINATION_ENV] = { Ref: 'SmsOriginationNumber' };
      expect(variables, route.id).toEqual(expected);
    }
  });

  it('serves exactly the routes of shared/routes/index.ts', () => {
    const keys = resources('AWS::ApiGatewayV2::Route').map((r) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('verifies with a Lambda authorizer the SPA’s pool’s tokens (and the API clients’) on every staff route, the employees’ pool’s on every employee route', () => {
    const authorizers = Object.entries(template.findResources('AWS::ApiGatewayV2::Authorizer'));
    const functions = Object.entries(template.findResources('AWS::Lambda::Function'));
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission'));
    const authorizerOf = (pool: IConstruct, client: IConstruct, clientScope: string | undefined) => {
      const verifier = functions.filter(
        ([, f]) => JSON.stringify(f.Properties.Environment?.Variables?.[AUTHORIZER_ENV.clientId]) === JSON.stringify(ref(client)),
      );
      expect(verifier).toHaveLength(1);
      const [functionId, fn] = verifier[0]!;
      const variables = fn.Properties.Environment.Variables;
      expect(variables[AUTHORIZER_ENV.issuer]).toEqual({ 'Fn::Join': ['', expect.arrayContaining([ref(pool)])] });
      expect(variables[AUTHORIZER_ENV.clientScope]).toBe(clientScope);
      const found = authorizers.filter(([, a]) => JSON.stringify(a.Properties.AuthorizerUri).includes(`"${functionId}"`));
      expect(found).toHaveLength(1);
      expect(found[0]![1].Properties).toMatchObject({
        AuthorizerType: 'REQUEST',
        AuthorizerPayloadFormatVersion: '2.0',
        EnableSimpleResponses: true,
        IdentitySource: ['$request.header.Authorization'],
        AuthorizerResultTtlInSeconds: AUTHORIZER_CACHE_SECONDS,
      });
      // API Gateway may invoke it as this authorizer only.
      const invokers = permissions.filter((p) => JSON.stringify(p.Properties.FunctionName).includes(`"${functionId}"`));
      expect(invokers.map((p) => [p.Properties.Principal, resourceText(p.Properties.SourceArn).endsWith(`/authorizers/<${found[0]![0]}>`)])).toEqual([
        ['apigateway.amazonaws.com', true],
      ]);
      return found[0]![0];
    };
    const staffAuthorizer = authorizerOf(stack.auth.userPool, stack.auth.client, API_CLIENT_SCOPE);
    const employeeAuthorizer = authorizerOf(stack.employeeAuth.userPool, stack.employeeAuth.client, undefined);
    // No JWT authorizer is left: it would refuse the API clients' tokens (docs/decisions/0127-client-tokens-past-the-api-authorizer.md).
    expect(authorizers).toHaveLength(2);
    const byKey = new Map(resources('AWS::ApiGatewayV2::Route').map((r) => [r.Properties.RouteKey, r.Properties]));
    for (const route of routes) {
      const props = byKey.get(`${route.method} ${route.path}`);
      if (route.access.kind === 'public') {
        expect(props, route.id).toMatchObject({ AuthorizationType: 'NONE' });
        expect(props?.AuthorizerId, route.id).toBeUndefined();
      } else {
        const authorizerId = route.access.kind === 'employee' ? employeeAuthorizer : staffAuthorizer;
        expect(props, route.id).toMatchObject({ AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: authorizerId } });
      }
    }
  });

  it('logs access on the $default stage and throttles it', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: Match.anyValue() }),
    });
  });
});

describe('web', () => {
  const distribution = () => resources('AWS::CloudFront::Distribution')[0]!.Properties.DistributionConfig;

  it('reads the SPA bucket through Origin Access Control', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const s3Origin = distribution().Origins.find((o: { S3OriginConfig?: unknown }) => o.S3OriginConfig);
    const oac = Object.keys(template.findResources('AWS::CloudFront::OriginAccessControl'))[0];
    expect(s3Origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oac, 'Id'] });
    expect(s3Origin.DomainName).toEqual({ 'Fn::GetAtt': [logicalId(stack.storage.webBucket), 'RegionalDomainName'] });
  });

  it('sends /api/* to the HTTP API uncached, with every method, Authorization, and the viewer address but never Host', () => {
    const [cachePolicy] = Object.keys(template.findResources('AWS::CloudFront::CachePolicy'));
    const [originPolicy] = Object.keys(template.findResources('AWS::CloudFront::OriginRequestPolicy'));
    expect(distribution().CacheBehaviors).toEqual([
      expect.objectContaining({
        PathPattern: '/api/*',
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        CachePolicyId: { Ref: cachePolicy },
        OriginRequestPolicyId: { Ref: originPolicy },
      }),
    ]);
    const cache = resources('AWS::CloudFront::CachePolicy')[0]!.Properties.CachePolicyConfig;
    expect(cache).toMatchObject({ MinTTL: 0, DefaultTTL: 0 });
    expect(cache.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['Authorization'] });
    const forwarded = resources('AWS::CloudFront::OriginRequestPolicy')[0]!.Properties.OriginRequestPolicyConfig;
    expect(forwarded.HeadersConfig.HeaderBehavior).toBe('whitelist');
    // Rate limits key on the viewer's address: behind CloudFront, API Gateway's sourceIp is the edge's.
    expect(forwarded.HeadersConfig.Headers).toContain('CloudFront-Viewer-Address');
    expect(forwarded.HeadersConfig.Headers).toContain('Content-Type');
    expect(forwarded.HeadersConfig.Headers.map((h: string) => h.toLowerCase())).not.toContain('host');
    expect(forwarded.QueryStringsConfig.QueryStringBehavior).toBe('all');
    const apiOrigin = distribution().Origins.find((o: { CustomOriginConfig?: unknown }) => o.CustomOriginConfig);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain(logicalId(stack.api.httpApi));
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('falls back to index.html for SPA routes with a viewer-request function, not with error responses', () => {
    expect(distribution().CustomErrorResponses).toBeUndefined();
    expect(distribution().DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [Object.keys(template.findResources('AWS::CloudFront::Function'))[0], 'FunctionARN'] } },
    ]);
    const code = resources('AWS::CloudFront::Function')[0]!.Properties.FunctionCode as string;
    const handler = new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/reset')).toBe('/index.html');
    expect(rewrite('/admin/requests')).toBe('/index.html');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
  });

  it('sends security headers and a strict Content-Security-Policy on both behaviours', () => {
    const [policyId, policy] = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!;
    const headers = (policy as Resource).Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.ContentSecurityPolicy.Override).toBe(true);
    const csp = cspDirectives(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Scripts only from the SPA's own origin: nothing inline, nothing evaluated.
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    // Mantine sets inline styles; styles cannot run code.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    // Connections: the API on the same origin, Cognito's endpoint (Amplify Auth), and the upload buckets.
    const connect = csp.get('connect-src')!;
    expect(connect[0]).toBe("'self'");
    expect(connect[1]).toMatch(/^https:\/\/cognito-idp\.<AWS::Region>\.<AWS::URLSuffix>$/);
    for (const bucket of stack.storage.browserUploadBuckets) {
      expect(connect).toContain(`https://<${logicalId(bucket)}.RegionalDomainName>`);
    }
    expect(connect.filter((s) => !s.startsWith('https://') && s !== "'self'")).toEqual([]);
    const bucketIds = stack.storage.browserUploadBuckets.map(logicalId);
    expect(connect.slice(2).filter((s) => !bucketIds.some((id) => s.includes(`<${id}`)))).toEqual([]);
    for (const sources of csp.values()) expect(sources.filter((s) => s === "'unsafe-eval'" || s === '*')).toEqual([]);

    expect(headers).toMatchObject({
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true },
    });
    expect(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(distribution().CacheBehaviors[0].ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('serves an index.html the CSP lets run: no inline script, no inline handler', () => {
    const html = readFileSync(path.join(REPO_ROOT, 'web', 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it('deploys the SPA and a config.json naming the user pool and client', () => {
    const deployments = resources('Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const markers = JSON.stringify(deployments.map((d) => d.Properties.SourceMarkers));
    expect(markers).toContain(JSON.stringify(ref(stack.auth.userPool)));
    expect(markers).toContain(JSON.stringify(ref(stack.auth.client)));
  });

  it('outputs the app URL, the user pool and its client', () => {
    template.hasOutput('AppUrl', { Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.web.distribution), 'DomainName'] }]] } });
    template.hasOutput('UserPoolId', { Value: ref(stack.auth.userPool) });
    template.hasOutput('UserPoolClientId', { Value: ref(stack.auth.client) });
  });
});

describe('logs and alarms', () => {
  it("gives every function, aws-cdk-lib's own included, its own log group, and every log group a retention", () => {
    const functions = resources('AWS::Lambda::Function');
    const groups = functions.map((f) => f.Properties.LoggingConfig?.LogGroup?.Ref);
    expect(groups.every(Boolean), 'functions without a LoggingConfig.LogGroup').toBe(true);
    expect(new Set(groups).size).toBe(functions.length);
    const logGroups = template.findResources('AWS::Logs::LogGroup');
    for (const group of groups) expect(Object.keys(logGroups)).toContain(group);
    for (const group of Object.values(logGroups) as Resource[]) expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
    // No Custom::LogRetention functions: the groups are resources of the stack, so they are deleted or kept with it.
    template.resourceCountIs('Custom::LogRetention', 0);
  });

  it("alarms on each application function's errors and on API 5xx, into an encrypted topic", () => {
    const alarms = resources('AWS::CloudWatch::Alarm');
    expect(alarms.filter((a) => a.Properties.MetricName === 'Errors')).toHaveLength(
      routes.length +
        stack.api.authorizers.length +
        Object.keys(AUTH_TRIGGERS).length +
        Object.keys(EMPLOYEE_AUTH_TRIGGERS).length +
        S3_TRIGGERS.length +
        STREAM_TRIGGERS.length +
        SCHEDULED_JOBS.length,
    );
    expect(alarms.filter((a) => a.Properties.MetricName === '5xx')).toHaveLength(1);
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
  });
});
