import { fnv1a } from '#lib/fnv1a.js';

/**
 * The fraud registry's digest (lambdas/data/registry/reports.ts): pk=DIGEST#{bucket} sk=DIGEST, `nrcs` = String Set of
 * the digits of every NRC with an active report whose hash falls in that bucket, `known` of every NRC ever reported. Kept apart from the SDK calls so that the
 * capacity model (capacity/) can weigh a bucket without loading the AWS SDK.
 */
export const DIGEST_BUCKETS = 1024;

/** FNV-1a of the digits: spreads NRCs evenly over the digest buckets whatever their district codes. */
export const digestBucket = (digits: string): number => fnv1a(digits) % DIGEST_BUCKETS;

export const digestKey = (bucket: number) => ({ pk: `DIGEST#${bucket}`, sk: 'DIGEST' });
