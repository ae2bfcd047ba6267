import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, CfnResource, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { REPO_ROOT } from '../../infra/constructs/app-function.js';
import type { S3TriggerDef } from '../../infra/definitions.js';
import { EDGE_REGION, PayrollEdgeStack } from '../../infra/edge-stack.js';
import { PayrollPlatformStack } from '../../infra/stack.js';

export type Resource = { Properties: Record<string, any>; DeletionPolicy?: string };

export interface Synthesized {
  stack: PayrollPlatformStack;
  template: Template;
  /** The us-east-1 stack holding CloudFront's web ACL, as infra/app.ts makes it. */
  edge: PayrollEdgeStack;
  edgeTemplate: Template;
  /** The cloud assembly directory (templates, assets, validation-report.json). */
  outdir: string;
  /** The template's resources of one type. */
  resources(type: string): Resource[];
}

/**
 * Synthesizes the stack as `cdk synth` would (cdk.json's context, no account or region), but
 * with Lambda bundling skipped and a stand-in SPA build, so that it takes seconds.
 * `cfnValidation` runs aws-cdk-lib's built-in template validation (about 9 s on its own).
 */
export function synthesize({
  cfnValidation = false,
  s3Triggers,
  senderEmail,
}: { cfnValidation?: boolean; s3Triggers?: readonly S3TriggerDef[]; senderEmail?: string } = {}): Synthesized {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'payroll-web-'));
  writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Payroll</title><div id="root"></div>');
  mkdirSync(path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js'), 'console.log("app");');

  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  const outdir = mkdtempSync(path.join(tmpdir(), 'payroll-cdk-out-'));
  const app = new App({
    outdir,
    builtinCloudFormationValidation: cfnValidation,
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
  });
  const webAclArnParameterName = '/PayrollPlatform/edge/web-acl-arn';
  const edge = new PayrollEdgeStack(app, 'PayrollPlatformEdge', { env: { region: EDGE_REGION }, webAclArnParameterName });
  const stack = new PayrollPlatformStack(app, 'PayrollPlatform', { webAssetDir: siteDir, s3Triggers, webAclArnParameterName, senderEmail });
  stack.addStackDependency(edge);
  const template = Template.fromStack(stack);
  const edgeTemplate = Template.fromStack(edge);
  return { stack, template, edge, edgeTemplate, outdir, resources: (type) => Object.values(template.findResources(type)) as Resource[] };
}

/** The logical id of a construct's CloudFormation resource. */
export function logicalId(construct: IConstruct): string {
  const cfn = CfnResource.isCfnResource(construct) ? construct : construct.node.defaultChild;
  if (!CfnResource.isCfnResource(cfn)) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return Stack.of(cfn).resolve(cfn.logicalId) as string;
}

/** `{ Ref: <logical id> }` of a construct. */
export const ref = (construct: IConstruct) => ({ Ref: logicalId(construct) });
