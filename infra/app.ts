import { existsSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from './constructs/app-function.js';
import { EDGE_REGION, PayrollEdgeStack } from './edge-stack.js';
import { PayrollPlatformStack } from './stack.js';

const app = new App();
const context = (key: string): string | undefined => app.node.tryGetContext(key) ?? undefined;

// `-c webAssetDir=...` points at another SPA build, e.g. a stand-in when web/ is not built.
const webAssetDir = path.resolve(context('webAssetDir') ?? path.join(REPO_ROOT, 'web', 'dist'));
if (!existsSync(path.join(webAssetDir, 'index.html'))) {
  throw new Error(`No SPA build at ${webAssetDir}. Run \`npm run build:web\` first (\`npm run synth\` and \`npm run deploy\` do).`);
}

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

const platformName = 'PayrollPlatform';
const webAclArnParameterName = `/${platformName}/edge/web-acl-arn`;

// CloudFront's WAF web ACL can only live in us-east-1: a small stack there, deployed first
// (`cdk deploy --all`); the platform stack reads the ACL's ARN from its SSM parameter.
const edge = new PayrollEdgeStack(app, `${platformName}Edge`, {
  env: { account, region: EDGE_REGION },
  webAclArnParameterName,
  description: 'Payroll platform: the CloudFront WAF web ACL (us-east-1)',
});

const platform = new PayrollPlatformStack(app, platformName, {
  // Environment-agnostic unless the CLI knows the account and region (synth works offline).
  env: account && region ? { account, region } : undefined,
  webAclArnParameterName,
  webAssetDir,
  // e.g. `cdk deploy -c browserOrigin=https://payroll.example.zm` once the SPA has its own domain.
  browserOrigins: context('browserOrigin') ? [context('browserOrigin')!] : undefined,
  alarmEmail: context('alarmEmail'),
  // The notification emails' sender, a verified SES identity (docs/features/notifications.md).
  senderEmail: context('senderEmail'),
  // Rotates CloudFront's origin secret when raised (docs/security.md).
  originSecretGeneration: context('originSecretGeneration') ? Number(context('originSecretGeneration')) : undefined,
  description: 'Payroll deductions and fraud registry platform',
});
platform.addStackDependency(edge, 'reads the web ACL ARN the edge stack publishes');
