import { Duration, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '#shared/api/runtime-config.js';
import { ORIGIN_SECRET_HEADER } from '#shared/edge.js';
import { ApiEdgePolicies } from './api-edge.js';
import { contentSecurityPolicy } from './csp.js';
import { acknowledge, acknowledgeWildcards, arnToken } from './nag.js';

export interface WebProps {
  /** The built SPA (web/dist): must hold index.html. */
  siteDir: string;
  siteBucket: IBucket;
  logBucket: IBucket;
  /** Host name of the HTTP API, served under /api/*. */
  apiDomainName: string;
  /** Sent to the API in ORIGIN_SECRET_HEADER with every /api/* request (a dynamic reference to the secret). */
  originSecret: string;
  /** Buckets the browser sends presigned POSTs to; the CSP allows connecting to them. */
  uploadBuckets: IBucket[];
  userPoolId: string;
  userPoolClientId: string;
  employeePoolId: string;
  employeePoolClientId: string;
  /** The token endpoint of API clients (the user pool's domain). */
  tokenUrl: string;
  /** The CloudFront-scoped WAF web ACL (from the edge stack in us-east-1). */
  webAclArn: string;
}

// Paths whose last segment has no extension are SPA routes: serve index.html. Done here rather
// than with distribution-wide error responses, which would also rewrite the API's 403s and 404s.
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** CloudFront in front of the SPA bucket (through OAC) and the HTTP API (/api/*), plus the SPA's deployment. */
export class Web extends Construct {
  readonly distribution: Distribution;
  readonly url: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const stack = Stack.of(this);

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers and CSP of the payroll platform',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(stack, props.uploadBuckets), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        // Sign-up, reset and invite links carry one-time codes in the query: never pass them on.
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()', override: true },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Serves index.html for extension-less paths (SPA routes)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE),
    });

    const apiPolicies = new ApiEdgePolicies(this, 'ApiPolicies');
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Payroll deductions platform',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          // The secret header tells the API this request came through here (CloudFront overwrites a viewer's).
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: apiPolicies.cachePolicy,
          originRequestPolicy: apiPolicies.originRequestPolicy,
          responseHeadersPolicy: headers,
        },
      },
    });
    this.url = `https://${this.distribution.distributionDomainName}`;

    this.deploySite(props);

    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'Users are lenders and PMEC staff in Zambia, but bank staff also work from abroad; geo blocking is a product decision (geoRestriction: GeoRestriction.allowlist("ZM")).',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'The distribution uses the default *.cloudfront.net certificate, with which CloudFront does not let the minimum viewer TLS version be chosen. With a custom domain and ACM certificate, the defaultSecurityPolicyTLSv1.2_2021 flag in cdk.json makes TLSv1.2_2021 the minimum.',
    );
  }

  /**
   * Two deployments: Vite's content-hashed assets/ with a year of immutable caching (old ones
   * kept for tabs still open), then everything else — index.html and config.json — revalidated on
   * every load, so a release is picked up at once. The second waits for the first.
   */
  private deploySite(props: WebProps): void {
    const role = new Role(this, 'DeploymentRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    const logGroup = new LogGroup(this, 'DeploymentLogs', { retention: RetentionDays.ONE_MONTH });
    logGroup.grantWrite(role);
    const shared = { destinationBucket: props.siteBucket, role, logGroup, memoryLimit: 512 };

    const assets = new BucketDeployment(this, 'DeployAssets', {
      ...shared,
      sources: [Source.asset(props.siteDir)],
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    });

    const config: RuntimeConfig = {
      region: Stack.of(this).region,
      userPoolId: props.userPoolId,
      userPoolClientId: props.userPoolClientId,
      employeePoolId: props.employeePoolId,
      employeePoolClientId: props.employeePoolClientId,
      apiUrl: '/api',
      tokenUrl: props.tokenUrl,
    };
    const site = new BucketDeployment(this, 'DeploySite', {
      ...shared,
      // The stack's config.json only, even if the build holds one (e.g. from web/public).
      sources: [Source.asset(props.siteDir, { exclude: ['config.json'] }), Source.jsonData('config.json', config)],
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    site.node.addDependency(assets);

    acknowledgeWildcards(
      role,
      [
        'Action::s3:GetObject*',
        'Action::s3:GetBucket*',
        'Action::s3:List*',
        'Action::s3:DeleteObject*',
        'Action::s3:Abort*',
        /^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
        `Resource::${arnToken(props.siteBucket)}/*`,
      ],
      "aws-cdk-lib's BucketDeployment copies the SPA build (keys not known in advance) from the CDK asset bucket into the site bucket and prunes stale files; its own grants use S3 action and object wildcards on those two buckets only.",
    );
    acknowledgeWildcards(
      role,
      ['Resource::*'],
      'aws-cdk-lib\'s BucketDeployment grants itself cloudfront:CreateInvalidation and GetInvalidation on "*" (it does not scope them); it invalidates only this distribution, after each deployment.',
    );
    for (const child of Stack.of(this).node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        acknowledge(
          child,
          'AwsSolutions-L1',
          "The runtime of aws-cdk-lib's BucketDeployment handler is chosen by aws-cdk-lib and cannot be set; it moves with library upgrades.",
        );
      }
    }
  }
}
