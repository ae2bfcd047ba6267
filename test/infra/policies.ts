import type { Template } from 'aws-cdk-lib/assertions';
import { declared, type FunctionGrants, type Uses } from '../../infra/grants.js';
import type { PayrollPlatformStack } from '../../infra/stack.js';
import { logicalId } from './synth.js';

/** An IAM resource as cdk-nag writes it: `<Logical.Arn>/incoming/*`, `<Logical>`, `*`. */
export function resourceText(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, unknown>;
  if ('Ref' in v) return `<${String(v.Ref)}>`;
  if ('Fn::GetAtt' in v) return `<${(v['Fn::GetAtt'] as string[]).join('.')}>`;
  if ('Fn::Select' in v) {
    const [index, list] = v['Fn::Select'] as [number, { 'Fn::Split': [string, unknown] }];
    const [sep, source] = list['Fn::Split'];
    return `split(${resourceText(source)},'${sep}')[${index}]`;
  }
  if ('Fn::Join' in v) {
    const [sep, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map(resourceText).join(sep);
  }
  return JSON.stringify(value);
}

const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/**
 * The statements a role is allowed by: the AWS::IAM::Policy resources attached to it and its own inline
 * policies (infra/constructs/inline-role.ts keeps an AppFunction's there). Every role's when no id is given.
 */
export function roleStatements(template: Template, roleLogicalId?: string): Statement[] {
  const attached = Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => !roleLogicalId || (policy.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleLogicalId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
  const inline = Object.entries(template.findResources('AWS::IAM::Role'))
    .filter(([id]) => !roleLogicalId || id === roleLogicalId)
    .flatMap(([, role]) => ((role.Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[]).flatMap((p) => p.PolicyDocument.Statement));
  return [...attached, ...inline];
}

/** Every `action resource` pair the policies attached to a role allow. */
export function policyPairs(template: Template, roleLogicalId: string): Set<string> {
  const pairs = new Set<string>();
  for (const statement of roleStatements(template, roleLogicalId)) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of asArray(statement.Action)) for (const resource of asArray(statement.Resource)) pairs.add(`${action} ${resourceText(resource)}`);
  }
  return pairs;
}

/** The pairs a grant should produce for a function using `uses`, in the stack's logical ids. */
export function grantPairs(stack: PayrollPlatformStack, grants: FunctionGrants, uses: Uses): Set<string> {
  const pairs = new Set<string>();
  const stores = declared(uses);
  for (const key of stores.tables) {
    const grant = grants.tables?.[key];
    const arn = `<${logicalId(stack.data.tables[key])}.Arn>`;
    grant?.actions.forEach((a) => pairs.add(`dynamodb:${a} ${arn}`));
    grant?.indexes?.forEach((i) => pairs.add(`dynamodb:Query ${arn}/index/${i}`));
  }
  for (const key of stores.buckets) {
    const grant = grants.buckets?.[key];
    const arn = `<${logicalId(stack.storage.buckets[key])}.Arn>`;
    grant?.read?.forEach((p) => pairs.add(`s3:GetObject ${arn}/${p}`));
    grant?.readVersions?.forEach((p) => pairs.add(`s3:GetObjectVersion ${arn}/${p}`));
    grant?.write?.forEach((p) => pairs.add(`s3:PutObject ${arn}/${p}`));
    grant?.delete?.forEach((p) => pairs.add(`s3:DeleteObject ${arn}/${p}`));
    if (grant?.list) pairs.add(`s3:ListBucket ${arn}`);
  }
  if (stores.userPool) grants.userPool?.forEach((a) => pairs.add(`cognito-idp:${a} <${logicalId(stack.auth.userPool)}.Arn>`));
  if (stores.employeePool) grants.employeePool?.forEach((a) => pairs.add(`cognito-idp:${a} <${logicalId(stack.employeeAuth.userPool)}.Arn>`));
  if (stores.sendsSms && grants.sendsSms) pairs.add('sns:Publish *');
  const region = 'arn:<AWS::Partition>:%s:<AWS::Region>:<AWS::AccountId>';
  if (grants.sendsEmail) {
    for (const identity of ['<SenderEmail>', "split(<SenderEmail>,'@')[1]"]) pairs.add(`ses:SendEmail ${region.replace('%s', 'ses')}:identity/${identity}`);
  }
  if (grants.readsAppUrl) pairs.add(`ssm:GetParameter ${region.replace('%s', 'ssm')}:parameter/PayrollPlatform/app-url`);
  return pairs;
}

/** What every application function holds besides its grant: its own log group, and X-Ray (no resource-level permissions). */
export function basePairs(logGroupLogicalId: string): string[] {
  return [
    `logs:CreateLogStream <${logGroupLogicalId}.Arn>`,
    `logs:PutLogEvents <${logGroupLogicalId}.Arn>`,
    'xray:PutTraceSegments *',
    'xray:PutTelemetryRecords *',
  ];
}
