import { getParameter } from '@aws-lambda-powertools/parameters/ssm';
import { requiredEnv } from './env.js';

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/**
 * The SPA's base URL, without a trailing slash. APP_URL wins when set (outside AWS);
 * in AWS it is read from the SSM parameter named by APP_URL_PARAMETER, because the stack cannot hand
 * the CloudFront URL to a Cognito trigger directly without a dependency cycle. Powertools caches the
 * value for the life of the container; a failed read is not cached, so the next invocation retries.
 */
export async function appUrl(): Promise<string> {
  const direct = process.env.APP_URL;
  if (direct) return withoutTrailingSlash(direct);
  const name = requiredEnv('APP_URL_PARAMETER');
  const value = await getParameter(name, { maxAge: 3600 });
  if (!value) throw new Error(`SSM parameter ${name} holds no value`);
  return withoutTrailingSlash(value);
}
