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

/** How cdk-nag writes a resource's ARN in a finding: `<LogicalId.Arn>`. */
export function arnToken(resource: IConstruct): string {
  const cfn = resource.node.defaultChild;
  if (!CfnResource.isCfnResource(cfn)) throw new Error(`${resource.node.path} has no CloudFormation resource`);
  return `<${Stack.of(cfn).resolve(cfn.logicalId)}.Arn>`;
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
