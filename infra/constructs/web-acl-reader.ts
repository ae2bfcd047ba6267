import { Stack } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge } from './nag.js';

export interface WebAclArnReaderProps {
  /** The SSM parameter the edge stack publishes the web ACL's ARN under. */
  parameterName: string;
  /** The edge stack's region (us-east-1). */
  region: string;
}

/**
 * The CloudFront web ACL's ARN, read at deployment from the edge stack's SSM parameter in
 * us-east-1 (CloudFormation references do not cross regions). The edge stack deploys first.
 */
export class WebAclArnReader extends Construct {
  readonly arn: string;

  constructor(scope: Construct, id: string, props: WebAclArnReaderProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const parameterArn = stack.formatArn({
      service: 'ssm',
      region: props.region,
      resource: 'parameter',
      resourceName: props.parameterName.replace(/^\//, ''),
    });
    const read = new AwsCustomResource(this, 'Read', {
      onUpdate: {
        service: 'SSM',
        action: 'getParameter',
        parameters: { Name: props.parameterName },
        region: props.region,
        physicalResourceId: PhysicalResourceId.of(props.parameterName),
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [parameterArn] }),
      logGroup: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_YEAR }),
      installLatestAwsSdk: false,
    });
    this.arn = read.getResponseField('Parameter.Value');

    // aws-cdk-lib's one provider function for every AwsCustomResource of the stack.
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('AWS679f53fac002430cb0da5b7982bd2287')) continue;
      acknowledge(
        child,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        "aws-cdk-lib's AwsCustomResource provider creates its own role with the basic execution policy and takes no role; it runs only during deployments, to read one SSM parameter.",
      );
    }
  }
}
