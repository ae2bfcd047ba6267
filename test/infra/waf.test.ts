import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#shared/api/accounts.js';
import { type RouteDef, ROUTES } from '#shared/routes/index.js';
import { API_LIMIT, PUBLIC_ROUTE_LIMIT } from '../../infra/constructs/firewall.js';
import type { PayrollEdgeStack } from '../../infra/edge-stack.js';
import type { PayrollPlatformStack } from '../../infra/stack.js';
import { type Resource, synthesize } from './synth.js';

let stack: PayrollPlatformStack;
let template: Template;
let edge: PayrollEdgeStack;
let edgeTemplate: Template;

beforeAll(() => {
  ({ stack, template, edge, edgeTemplate } = synthesize());
});

const webAcl = () => {
  const acls = Object.values(edgeTemplate.findResources('AWS::WAFv2::WebACL')) as Resource[];
  expect(acls).toHaveLength(1);
  return acls[0]!.Properties;
};
const rule = (name: string) => (webAcl().Rules as { Name: string }[]).find((r) => r.Name === name) as Record<string, any> | undefined;
const publicPaths = [...new Set((ROUTES as readonly RouteDef[]).filter((r) => r.access.kind === 'public').map((r) => r.path))];

/** What a statement matches: exact paths, or regexes (starting with ^), whatever the nesting. */
function matchedPaths(statement: Record<string, any>): string[] {
  if (statement.OrStatement) return statement.OrStatement.Statements.flatMap(matchedPaths);
  if (statement.ByteMatchStatement) return [statement.ByteMatchStatement.SearchString];
  if (statement.RegexMatchStatement) return [statement.RegexMatchStatement.RegexString];
  return [];
}

describe('the WAF web ACL (edge stack)', () => {
  it('is CLOUDFRONT-scoped, in us-east-1, where such ACLs live', () => {
    expect(edge.region).toBe('us-east-1');
    expect(webAcl()).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it("rate-limits each client IP on exactly the public routes of the route table, answering 429 in the API's own words", () => {
    expect(publicPaths).toEqual(expect.arrayContaining(['/api/access-requests', '/api/email-availability']));
    const limit = rule('RateLimitPublicRoutes')!;
    expect(limit.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: PUBLIC_ROUTE_LIMIT, EvaluationWindowSec: 300 });
    const matchers = matchedPaths(limit.Statement.RateBasedStatement.ScopeDownStatement);
    expect(matchers).toHaveLength(publicPaths.length);
    // Each public path, with its {parameters} filled in, is caught; a signed-in route is not.
    const caught = (path: string) => matchers.some((m) => (m.startsWith('^') ? new RegExp(m).test(path) : m === path));
    for (const path of publicPaths) expect(caught(path.replace(/\{[^}]+\}/g, 'abc-123')), path).toBe(true);
    expect(caught('/api/me')).toBe(false);
    expect(limit.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'too-many-requests' } } });
    const body = webAcl().CustomResponseBodies['too-many-requests'];
    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toEqual({ error: 'rate_limited', message: ACCOUNT_MESSAGES.tooManyRequests });
  });

  it('also limits each IP on the whole API, more loosely', () => {
    const api = rule('RateLimitApi')!;
    expect(api.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: API_LIMIT });
    expect(api.Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement).toMatchObject({
      SearchString: '/api/',
      PositionalConstraint: 'STARTS_WITH',
    });
    expect(API_LIMIT).toBeGreaterThan(PUBLIC_ROUTE_LIMIT);
  });

  it('runs the AWS managed common, known-bad-input and IP reputation rules, blocking', () => {
    for (const name of ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesAmazonIpReputationList']) {
      const managed = rule(name);
      expect(managed?.Statement.ManagedRuleGroupStatement, name).toMatchObject({ VendorName: 'AWS', Name: name });
      expect(managed?.OverrideAction, name).toEqual({ None: {} });
    }
    // Only the 8 KB body limit counts instead of blocking: lists of NRCs are longer, and handlers limit bodies themselves.
    expect(rule('AWSManagedRulesCommonRuleSet')!.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    const priorities = (webAcl().Rules as { Priority: number }[]).map((r) => r.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });

  it('logs blocked and counted requests to a retained log group, without the ID token', () => {
    const [logging] = Object.values(edgeTemplate.findResources('AWS::WAFv2::LoggingConfiguration')) as Resource[];
    expect(logging!.Properties.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }]);
    expect(logging!.Properties.LoggingFilter.DefaultBehavior).toBe('DROP');
    const [group] = Object.values(edgeTemplate.findResources('AWS::Logs::LogGroup')) as Resource[];
    expect(group!.Properties.LogGroupName).toMatch(/^aws-waf-logs-/);
    expect(group!.Properties.RetentionInDays).toBeGreaterThan(0);
    expect(JSON.stringify(logging!.Properties.LogDestinationConfigs)).not.toContain(':*');
  });

  it('publishes the ACL ARN in an SSM parameter that the platform stack reads from us-east-1 before CloudFront uses it', () => {
    const acl = Object.keys(edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0]!;
    edgeTemplate.hasResourceProperties('AWS::SSM::Parameter', { Name: '/PayrollPlatform/edge/web-acl-arn', Value: { 'Fn::GetAtt': [acl, 'Arn'] } });

    const [reader] = Object.entries(template.findResources('Custom::AWS')) as [string, Resource][];
    expect(JSON.parse(reader![1].Properties.Create)).toMatchObject({
      service: 'SSM',
      action: 'getParameter',
      parameters: { Name: '/PayrollPlatform/edge/web-acl-arn' },
      region: 'us-east-1',
    });
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({ 'Fn::GetAtt': [reader![0], 'Parameter.Value'] });
    expect(stack.dependencies).toContain(edge);
  });

  it('lets the reader get that one parameter only', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
    const statements = policies
      .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string; Resource: unknown }[])
      .filter((s) => s.Action === 'ssm:GetParameter');
    const reader = statements.find((s) => JSON.stringify(s.Resource).includes('us-east-1'));
    expect(reader).toBeDefined();
    expect(JSON.stringify(reader!.Resource)).toContain(':parameter/PayrollPlatform/edge/web-acl-arn');
  });
});
