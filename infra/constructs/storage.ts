import { Duration } from 'aws-cdk-lib';
import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, type BucketProps, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { BucketKey } from '#shared/stores.js';
import { BROWSER_UPLOAD_CORS, type BucketDef, BUCKETS } from '#shared/stores.js';
import { CHUNKS_PREFIX, SCHEDULE_DRAWS_PREFIX } from '../definitions.js';
import { KEYS } from '../grants.js';
import { pascalCase } from './names.js';

export interface StorageProps {
  /**
   * Origins allowed to send presigned POSTs from the browser.
   * @default BROWSER_UPLOAD_CORS.allowedOrigins (['*']) — the SPA's CloudFront domain cannot be
   * named here without a dependency cycle (the distribution's CSP names these buckets). Pass the
   * real origin when known.
   */
  browserOrigins?: string[];
}

const SECURE: BucketProps = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  versioned: true,
};

/**
 * Evidence that must outlive any mistake: filed fraud attachments and stored onboarding documents.
 * Versioning keeps what an overwrite or a delete would replace; no principal may delete a version.
 */
export const EVIDENCE_KEYS: Partial<Record<BucketKey, readonly string[]>> = {
  evidence: [KEYS.evidence.filed],
  onboarding: [KEYS.onboarding.stored],
};

/** The buckets of BUCKETS (infra/definitions.ts), the SPA's bucket and the access-log bucket. */
export class Storage extends Construct {
  readonly buckets: Record<BucketKey, Bucket>;
  readonly webBucket: Bucket;
  readonly logBucket: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps = {}) {
    super(scope, id);
    const origins = props.browserOrigins ?? [...BROWSER_UPLOAD_CORS.allowedOrigins];

    this.logBucket = new Bucket(this, 'AccessLogs', {
      ...SECURE,
      versioned: false,
      // S3 server access logs and CloudFront standard logs are both delivered through ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });

    const entries = (Object.entries(BUCKETS) as [BucketKey, BucketDef][]).map(([key, def]) => [key, this.bucket(key, def, origins)] as const);
    this.buckets = Object.fromEntries(entries) as Record<BucketKey, Bucket>;
    for (const [key, patterns] of Object.entries(EVIDENCE_KEYS) as [BucketKey, string[]][]) {
      const bucket = this.buckets[key];
      bucket.addToResourcePolicy(
        new PolicyStatement({
          sid: 'KeepEveryVersionOfEvidence',
          effect: Effect.DENY,
          principals: [new AnyPrincipal()],
          actions: ['s3:DeleteObjectVersion'],
          resources: patterns.map((p) => bucket.arnForObjects(p)),
        }),
      );
    }

    this.webBucket = new Bucket(this, 'Web', {
      ...SECURE,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/web/',
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
    });
  }

  /** The buckets the browser uploads to with presigned POSTs. */
  get browserUploadBuckets(): Bucket[] {
    return (Object.keys(this.buckets) as BucketKey[]).filter((key) => BUCKETS[key].browserUpload).map((key) => this.buckets[key]);
  }

  private bucket(key: BucketKey, def: BucketDef, origins: string[]): Bucket {
    return new Bucket(this, pascalCase(key), {
      ...SECURE,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: `s3/${key}/`,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        // An ingestion's chunk objects (lambdas/data/ingestion/chunks.ts) are needed for its retries only.
        ...(key === 'uploads' ? [{ prefix: CHUNKS_PREFIX, expiration: Duration.days(30), noncurrentVersionExpiration: Duration.days(1) }] : []),
        // A draw job the event did not remove (a draw that failed) is asked again by a view after 16 minutes: gone in a day.
        ...(key === 'uploads' ? [{ prefix: SCHEDULE_DRAWS_PREFIX, expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) }] : []),
      ],
      cors: def.browserUpload
        ? [
            {
              allowedMethods: BROWSER_UPLOAD_CORS.allowedMethods.map((m) => HttpMethods[m]),
              allowedOrigins: origins,
              allowedHeaders: [...BROWSER_UPLOAD_CORS.allowedHeaders],
              maxAge: BROWSER_UPLOAD_CORS.maxAge,
            },
          ]
        : undefined,
    });
  }
}
