import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Firewall } from './constructs/firewall.js';

/** CloudFront's web ACLs exist only in this region. */
export const EDGE_REGION = 'us-east-1';

export interface PayrollEdgeStackProps extends StackProps {
  /** The SSM parameter (in us-east-1) the web ACL's ARN is published under. */
  webAclArnParameterName: string;
}

/**
 * What CloudFront needs from us-east-1: the web ACL (infra/constructs/firewall.ts). The platform stack,
 * in any region, reads its ARN from an SSM parameter here at deployment (WebAclArnReader), so the two
 * deploy with one `cdk deploy --all`, this one first.
 */
export class PayrollEdgeStack extends Stack {
  readonly firewall: Firewall;

  constructor(scope: Construct, id: string, props: PayrollEdgeStackProps) {
    super(scope, id, props);
    if (props.env?.region !== EDGE_REGION) throw new Error(`${id} must be deployed to ${EDGE_REGION}: CloudFront web ACLs live only there.`);
    this.firewall = new Firewall(this, 'Firewall', { arnParameterName: props.webAclArnParameterName });
  }
}
