import { type AddToPrincipalPolicyResult, PolicyDocument, type PolicyStatement, Role, type RoleProps } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/**
 * A role whose statements — from infra/grants.ts, the log group and X-Ray alike — live in one inline
 * policy of the role itself, not in a separate AWS::IAM::Policy resource. Same permissions, same IAM
 * quota (both are inline policies), but one CloudFormation resource per function instead of two: with
 * a function per route the stack would otherwise pass CloudFormation's 500 resources.
 */
export class InlinePolicyRole extends Role {
  private readonly statements: PolicyDocument;

  constructor(scope: Construct, id: string, props: RoleProps) {
    const grants = new PolicyDocument();
    super(scope, id, { ...props, inlinePolicies: { ...props.inlinePolicies, Grants: grants } });
    this.statements = grants;
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.statements.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}
