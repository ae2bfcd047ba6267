import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, CfnResource, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { REPO_ROOT } from '../../infra/constructs/app-function.js';
import type { S3TriggerDef } from '../../infra/definitions.js';
import { EDGE_REGION, PayrollEdgeStack } from '../../infra/edge-stack.js';
import { PayrollPlatformStack } from '../../infra/stack.js';

export type Resource = { Properties: Record<string, any>; DeletionPolicy?: string };

/** One stack's own template. */
export interface StackTemplate {
  stack: Stack;
  template: Template;
}

export interface Synthesized {
  stack: PayrollPlatformStack;
  /**
   * The platform as one template: the platform stack's resources and those of every nested stack
   * (infra/constructs/feature-routes.ts), each nested stack's parameters replaced by what the parent
   * passes it, so a reference reads as it would within one stack (`{ Ref: <table> }`, `<bucket>.Arn`).
   */
  template: Template;
  /** Each stack's own template, as deployed: the platform stack first, then its nested stacks. */
  stacks: StackTemplate[];
  /** The us-east-1 stack holding CloudFront's web ACL, as infra/app.ts makes it. */
  edge: PayrollEdgeStack;
  edgeTemplate: Template;
  /** The cloud assembly directory (templates, assets, validation-report.json). */
  outdir: string;
  /** The platform's resources of one type, nested stacks' included. */
  resources(type: string): Resource[];
}

type SynthOptions = { cfnValidation?: boolean; s3Triggers?: readonly S3TriggerDef[]; senderEmail?: string };
const synthesized = new Map<string, Synthesized>();

/**
 * Synthesizes the stack as `cdk synth` would (cdk.json's context, no account or region), but
 * with Lambda bundling skipped and a stand-in SPA build, so that it takes seconds.
 * `cfnValidation` runs aws-cdk-lib's built-in template validation (about 9 s on its own).
 * Once per set of options and run: the infra project shares its modules between files (vitest.config.ts),
 * so every file asking for the same stack reads the one synthesis (tests read it, never change it).
 */
export function synthesize(options: SynthOptions = {}): Synthesized {
  const key = JSON.stringify(options);
  if (!synthesized.has(key)) synthesized.set(key, synthesizeOnce(options));
  return synthesized.get(key)!;
}

function synthesizeOnce({ cfnValidation = false, s3Triggers, senderEmail }: SynthOptions): Synthesized {
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
  const { template, stacks } = withNestedStacks(stack);
  const edgeTemplate = Template.fromStack(edge);
  return { stack, template, stacks, edge, edgeTemplate, outdir, resources: (type) => Object.values(template.findResources(type)) as Resource[] };
}

type TemplateJson = {
  Resources: Record<string, { Properties?: { Parameters?: Record<string, unknown> } }>;
  Parameters?: Record<string, unknown>;
  Outputs?: Record<string, unknown>;
};

/** Every stack's template (Template.fromStack of each nested stack too), and all of them read as one. */
function withNestedStacks(root: Stack): { template: Template; stacks: StackTemplate[] } {
  // findAll walks the tree parents first, so a nested stack's parent is resolved before it.
  const stacks = [root, ...root.node.findAll().filter(NestedStack.isNestedStack)].map((stack) => ({ stack, template: Template.fromStack(stack) }));
  const resolved = new Map<Stack, TemplateJson>();
  const merged = structuredClone(stacks[0]!.template.toJSON()) as TemplateJson;
  resolved.set(root, merged);
  for (const { stack, template } of stacks.slice(1)) {
    const nested = stack as NestedStack;
    const own = template.toJSON() as TemplateJson;
    if (Object.keys(own.Outputs ?? {}).length) {
      throw new Error(`${nested.node.path} has outputs: the one-template view does not follow them (keep what the parent reads in the parent)`);
    }
    const parent = resolved.get(nested.nestedStackParent!)!;
    const passed = parent.Resources[logicalId(nested.nestedStackResource!)]?.Properties?.Parameters ?? {};
    for (const name of Object.keys(own.Parameters ?? {})) {
      if (!(name in passed)) throw new Error(`${nested.node.path}: the parent passes no value for its parameter ${name}`);
    }
    const inParent = replaceParameters(own, passed) as TemplateJson;
    resolved.set(nested, inParent);
    for (const [id, resource] of Object.entries(inParent.Resources)) {
      if (id in merged.Resources) throw new Error(`${nested.node.path}: logical id ${id} is also in another stack`);
      merged.Resources[id] = resource;
    }
  }
  return { template: Template.fromJSON(merged), stacks };
}

/** `value` with each `{ Ref: <parameter> }` replaced by what the parent passes for it. */
function replaceParameters(value: unknown, passed: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceParameters(v, passed));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0]![0] === 'Ref' && typeof entries[0]![1] === 'string' && entries[0]![1] in passed) return passed[entries[0]![1]];
  return Object.fromEntries(entries.map(([k, v]) => [k, replaceParameters(v, passed)]));
}

/** The logical id of a construct's CloudFormation resource. */
export function logicalId(construct: IConstruct): string {
  const cfn = CfnResource.isCfnResource(construct) ? construct : construct.node.defaultChild;
  if (!CfnResource.isCfnResource(cfn)) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return Stack.of(cfn).resolve(cfn.logicalId) as string;
}

/** `{ Ref: <logical id> }` of a construct. */
export const ref = (construct: IConstruct) => ({ Ref: logicalId(construct) });
