export type TableKey = 'directory' | 'submissions' | 'history' | 'registry' | 'audit' | 'register';
export type BucketKey = 'uploads' | 'evidence' | 'onboarding';

/**
 * What a route does with a table, in one-letter kinds in this order (infra/grants/kinds.ts holds their
 * actions): `r` reads items by key, `q` queries a partition, `s` scans, `a` puts (appends) or `w` writes
 * (puts and updates), `d` deletes; then the digits of the global secondary indexes it queries (`2`: gsi2).
 * `''`: only what every route's chain implies (the caller's roles, the audit entry of a state-changing request).
 */
export type TableAccess = `${'' | 'r'}${'' | 'q'}${'' | 's'}${'' | 'a' | 'w'}${'' | 'd'}${'' | '1' | '2' | '3' | '12' | '13' | '23' | '123'}`;

/** The key families of each bucket (their key patterns: infra/grants/keys.ts). */
export interface BucketFamilies {
  uploads:
    | 'incoming'
    | 'results'
    | 'ingest'
    | 'chunks'
    | 'registerJobs'
    | 'stored'
    | 'storedRegister'
    | 'storedApplied'
    | 'payroll'
    | 'unexpectedJobs'
    | 'scheduleDraws';
  evidence: 'staging' | 'filed' | 'disputes';
  onboarding: 'requests' | 'stored';
}

/**
 * What a route does with the objects of one key family, in one-letter kinds in this order: `r` reads, `v` reads
 * a version, `w` writes, `d` deletes, `l` tells a missing key (404) from a forbidden one (the bucket's ListBucket).
 */
export type ObjectAccess = `${'' | 'r'}${'' | 'v'}${'' | 'w'}${'' | 'd'}${'' | 'l'}`;

/** What a route does with a bucket, by key family: `{ results: 'rl' }`. */
export type BucketAccess<B extends BucketKey = BucketKey> = { readonly [F in BucketFamilies[B]]?: ObjectAccess };

/**
 * The Cognito operations a route calls on a user pool, one letter each in this order (infra/grants/kinds.ts):
 * `u` AdminGetUser, `g` AdminListGroupsForUser, `l` ListUsers, `m` ListUsersInGroup, `c` AdminCreateUser,
 * `p` AdminSetUserPassword, `a` AdminAddUserToGroup, `x` AdminRemoveUserFromGroup, `o` AdminUserGlobalSignOut,
 * `d` AdminDeleteUser, `n` CreateUserPoolClient, `k` DeleteUserPoolClient.
 */
type Opt<L extends string> = '' | L;
export type PoolAccess = `${Opt<'u'>}${Opt<'g'>}${Opt<'l'>}${Opt<'m'>}${Opt<'c'>}${Opt<'p'>}${Opt<'a'>}${Opt<'x'>}${Opt<'o'>}${Opt<'d'>}${Opt<'n'>}${Opt<'k'>}`;

/**
 * The stores of the platform, declared once. The CDK stack creates them from here and the
 * local twin provisions DynamoDB Local and s3rver from here, so the two cannot drift.
 * Every table is a small single-table design with generic pk/sk and gsi keys; each entity's key
 * design and access patterns are written once, beside its code, in lambdas/data/<aggregate>/<entity>.ts.
 */
export interface IndexDef {
  name: string;
  partitionKey: string;
  sortKey: string;
}
export interface TableDef {
  envVar: string;
  partitionKey: string;
  sortKey: string;
  indexes: readonly IndexDef[];
  ttlAttribute?: string;
  /** The table's stream (new images), read by the stream mappings of infra/definitions.ts STREAM_TRIGGERS. */
  stream?: 'NEW_IMAGE';
}

const gsi = (n: number): IndexDef => ({ name: `gsi${n}`, partitionKey: `gsi${n}pk`, sortKey: `gsi${n}sk` });

export const TABLES: Record<TableKey, TableDef> = {
  directory: {
    envVar: 'TABLE_DIRECTORY',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi(1), gsi(2)],
    ttlAttribute: 'expires_at',
    // The notifications outbox (pk=OUTBOX#…) is delivered from it.
    stream: 'NEW_IMAGE',
  },
  submissions: {
    envVar: 'TABLE_SUBMISSIONS',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi(1), gsi(2), gsi(3)],
  },
  history: {
    envVar: 'TABLE_HISTORY',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [],
  },
  registry: {
    envVar: 'TABLE_REGISTRY',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi(1)],
  },
  audit: {
    envVar: 'TABLE_AUDIT',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi(1)],
  },
  // PMEC's payroll register: two items an employee and a register a month (lambdas/data/register/versions.ts).
  register: {
    envVar: 'TABLE_REGISTER',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [],
  },
};

export interface BucketDef {
  envVar: string;
  /** Who uploads straight from the browser through presigned POSTs. */
  browserUpload: boolean;
}

/**
 * The CORS rule of every browserUpload bucket, as the stack writes it and the twin's S3 front
 * answers it. Any origin is safe enough for POST only: a presigned POST is authorised by its
 * signed policy (key, size, type, expiry), never by the origin, and CORS grants no read access.
 */
export const BROWSER_UPLOAD_CORS = {
  allowedMethods: ['POST'],
  allowedOrigins: ['*'],
  allowedHeaders: ['*'],
  maxAge: 3000,
} as const;

export const BUCKETS: Record<BucketKey, BucketDef> = {
  uploads: { envVar: 'BUCKET_UPLOADS', browserUpload: true },
  evidence: { envVar: 'BUCKET_EVIDENCE', browserUpload: true },
  onboarding: { envVar: 'BUCKET_ONBOARDING', browserUpload: true },
};
