import { existsSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from './constructs/app-function.js';
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

new PayrollPlatformStack(app, 'PayrollPlatform', {
  // Environment-agnostic unless the CLI knows the account and region (synth works offline).
  env: account && region ? { account, region } : undefined,
  webAssetDir,
  // e.g. `cdk deploy -c browserOrigin=https://payroll.example.zm` once the SPA has its own domain.
  browserOrigins: context('browserOrigin') ? [context('browserOrigin')!] : undefined,
  alarmEmail: context('alarmEmail'),
  description: 'Payroll deductions and fraud registry platform',
});
