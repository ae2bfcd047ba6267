import { Aspects, CfnResource, Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag 3 acknowledgements go through CDK's own Validations API and name each finding
 * exactly; these helpers build those names. Every acknowledgement carries its reason in code.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * How cdk-nag writes a resource's ARN in a finding on `consumer` (by default the resource itself):
 * `<LogicalId.Arn>` in the resource's own stack; in a nested stack, `<referenceto…Arn>`, the parameter
 * CDK makes of the reference. Those parameters exist only once the tree is prepared for synthesis, so
 * a name naming a consumer in another stack is made through `acknowledgeResolved`.
 */
export function arnToken(resource: IConstruct, consumer: IConstruct = resource): string {
  const cfn = resource.node.defaultChild;
  if (!CfnResource.isCfnResource(cfn)) throw new Error(`${resource.node.path} has no CloudFormation resource`);
  const resolved = Stack.of(consumer).resolve(cfn.getAtt('Arn')) as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  if (resolved.Ref) return `<${resolved.Ref}>`;
  if (resolved['Fn::GetAtt']) return `<${resolved['Fn::GetAtt'].join('.')}>`;
  throw new Error(`${resource.node.path}: unexpected ARN ${JSON.stringify(resolved)} in ${Stack.of(consumer).node.path}`);
}

/**
 * Acknowledges a finding whose name holds a reference (see arnToken) when the tree is validated: after
 * CDK has turned references across stacks into parameters, so the name is the one the rule reports.
 */
export function acknowledgeResolved(scope: IConstruct, id: () => string, reason: string): void {
  scope.node.addValidation({
    validate: () => {
      acknowledge(scope, id(), reason);
      return [];
    },
  });
}

/**
 * Acknowledges the AwsSolutions-IAM5 wildcard findings on the policies under `scope` that match
 * one of `allowed`, once the policies are final (at synthesis). For grants made inside library
 * constructs, whose resource names depend on the environment; any other wildcard still fails.
 */
export function acknowledgeWildcards(scope: IConstruct, allowed: readonly (string | RegExp)[], reason: string): void {
  const matches = (finding: string) => allowed.some((a) => (typeof a === 'string' ? a === finding : a.test(finding)));
  Aspects.of(scope).add({
    visit(node: IConstruct) {
      if (!(node instanceof CfnPolicy)) return;
      const findings = rules.iam.IAMNoWildcardPermissions(node);
      if (!Array.isArray(findings)) return;
      for (const finding of findings.filter(matches)) acknowledge(node, `AwsSolutions-IAM5[${finding}]`, reason);
    },
  });
}
