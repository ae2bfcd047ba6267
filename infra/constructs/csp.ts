import type { Stack } from 'aws-cdk-lib';
import type { IBucket } from 'aws-cdk-lib/aws-s3';

/**
 * Where a browser may send a presigned POST for the bucket: the regional virtual-hosted
 * endpoint, and the path-style one (`https://s3.<region>.amazonaws.com/<bucket>`, what the SDK
 * signs when the client sets forcePathStyle), for the bucket itself and keys under it.
 */
function bucketSources(stack: Stack, bucket: IBucket): string[] {
  const pathStyle = `https://s3.${stack.region}.${stack.urlSuffix}/${bucket.bucketName}`;
  return [`https://${bucket.bucketRegionalDomainName}`, pathStyle, `${pathStyle}/`];
}

/**
 * The SPA's Content-Security-Policy: its own origin, Cognito's IdP endpoint (Amplify Auth) and
 * the upload buckets; Mantine needs inline styles; nothing may frame it or run plugins.
 */
export function contentSecurityPolicy(stack: Stack, uploadBuckets: readonly IBucket[]): string {
  const connect = ["'self'", `https://cognito-idp.${stack.region}.${stack.urlSuffix}`, ...uploadBuckets.flatMap((b) => bucketSources(stack, b))];
  return [
    "default-src 'self'",
    "script-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
