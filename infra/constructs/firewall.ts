import { ArnFormat, Stack } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ACCOUNT_MESSAGES } from '#shared/api/accounts.js';
import { type RouteDef, ROUTES } from '#shared/routes/index.js';

/** Requests per IP in five minutes on the public routes, above what the handlers' own limits allow (60 a minute). */
export const PUBLIC_ROUTE_LIMIT = 300;
/** Requests per IP in five minutes on the whole API: a flood guard, high enough for a bank's staff behind one NAT address. */
export const API_LIMIT = 6000;
const WINDOW_SECONDS = 300;

/** The routes anyone may call without signing in (access: public in shared/routes). */
export const publicRoutes = (): RouteDef[] => (ROUTES as readonly RouteDef[]).filter((r) => r.access.kind === 'public');

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** Matches a route's path as CloudFront receives it: exactly, or by a regex where it has {parameters}. */
function pathMatch(path: string): CfnWebACL.StatementProperty {
  const fieldToMatch = { uriPath: {} };
  const textTransformations = [{ priority: 0, type: 'NONE' }];
  if (!path.includes('{')) {
    return { byteMatchStatement: { fieldToMatch, positionalConstraint: 'EXACTLY', searchString: path, textTransformations } };
  }
  const regex = `^${path.replace(/[.+]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`;
  return { regexMatchStatement: { fieldToMatch, regexString: regex, textTransformations } };
}

const anyOf = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty =>
  statements.length === 1 ? statements[0]! : { orStatement: { statements } };

const TOO_MANY = 'too-many-requests';
const rateRule = (name: string, priority: number, limit: number, scopeDown: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
  name,
  priority,
  statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit, evaluationWindowSec: WINDOW_SECONDS, scopeDownStatement: scopeDown } },
  // A 429 with the body every handler's TooManyRequestsError sends, so the SPA shows the same words.
  action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY } } },
  visibilityConfig: visibility(name),
});

const managedRule = (name: string, priority: number, overrides: string[] = []): CfnWebACL.RuleProperty => ({
  name,
  priority,
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ruleActionOverrides: overrides.length ? overrides.map((rule) => ({ name: rule, actionToUse: { count: {} } })) : undefined,
    },
  },
  overrideAction: { none: {} },
  visibilityConfig: visibility(name),
});

export interface FirewallProps {
  /** Where the web ACL's ARN is published (SSM, in this stack's region) for the platform stack. */
  arnParameterName: string;
}

/**
 * The CloudFront web ACL: Amazon's IP reputation list, a per-IP rate limit on the public routes and a
 * looser one on the whole API, known bad inputs and the common rule set. Blocked and counted
 * requests are logged, the ID token redacted. A CLOUDFRONT-scoped ACL exists only in us-east-1,
 * so this lives in the edge stack (infra/edge-stack.ts).
 */
export class Firewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: FirewallProps) {
    super(scope, id);
    const publicPaths = [...new Set(publicRoutes().map((r) => r.path))];

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Payroll platform: rate limits on the public routes, AWS managed rules',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('payroll-web-acl'),
      customResponseBodies: {
        [TOO_MANY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify({ error: 'rate_limited', message: ACCOUNT_MESSAGES.tooManyRequests }) },
      },
      rules: [
        managedRule('AWSManagedRulesAmazonIpReputationList', 0),
        ...(publicPaths.length ? [rateRule('RateLimitPublicRoutes', 1, PUBLIC_ROUTE_LIMIT, anyOf(publicPaths.map(pathMatch)))] : []),
        rateRule('RateLimitApi', 2, API_LIMIT, {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: '/api/',
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        }),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 3),
        // Bodies over 8 KB are legitimate here (lists of NRCs, forms); the handlers enforce their own limits.
        managedRule('AWSManagedRulesCommonRuleSet', 4, ['SizeRestrictions_BODY']),
      ],
    });

    const logs = new LogGroup(this, 'Logs', {
      // WAF delivers only to log groups whose name starts with aws-waf-logs-.
      logGroupName: `aws-waf-logs-${Stack.of(this).stackName}`,
      retention: RetentionDays.ONE_YEAR,
    });
    new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // The log group's ARN without the ':*' its Arn attribute ends with, which WAF refuses.
      logDestinationConfigs: [
        Stack.of(this).formatArn({ service: 'logs', resource: 'log-group', resourceName: logs.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
      ],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    });

    new StringParameter(this, 'ArnParameter', {
      parameterName: props.arnParameterName,
      stringValue: this.webAcl.attrArn,
      description: "The CloudFront web ACL's ARN, read by the platform stack in its own region",
    });
  }
}
