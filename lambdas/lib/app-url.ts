import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { requiredEnv } from './env.js';

let ssm: SSMClient | undefined;
let fromParameter: Promise<string> | undefined;

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

async function readParameter(): Promise<string> {
  const name = requiredEnv('APP_URL_PARAMETER');
  ssm ??= new SSMClient({});
  const { Parameter } = await ssm.send(new GetParameterCommand({ Name: name }));
  if (!Parameter?.Value) throw new Error(`SSM parameter ${name} holds no value`);
  return withoutTrailingSlash(Parameter.Value);
}

/**
 * The SPA's base URL, without a trailing slash. APP_URL wins when set (the local twin, tests);
 * in AWS it is read once from the SSM parameter named by APP_URL_PARAMETER, because the stack
 * cannot hand the CloudFront URL to a Cognito trigger directly without a dependency cycle.
 */
export function appUrl(): Promise<string> {
  const direct = process.env.APP_URL;
  if (direct) return Promise.resolve(withoutTrailingSlash(direct));
  fromParameter ??= readParameter().catch((error: unknown) => {
    fromParameter = undefined; // a failed read is retried on the next invocation, not cached
    throw error;
  });
  return fromParameter;
}
