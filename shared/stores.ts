export type TableKey = 'directory' | 'submissions' | 'history' | 'registry' | 'audit';
export type BucketKey = 'uploads' | 'evidence' | 'onboarding';

/**
 * The stores of the platform, declared once. The CDK stack creates them from here and the
 * local twin provisions DynamoDB Local and s3rver from here, so the two cannot drift.
 * Every table is a small single-table design: generic pk/sk and gsi keys, with the access
 * patterns written beside it.
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
  accessPatterns: readonly string[];
}

const gsi = (n: number): IndexDef => ({ name: `gsi${n}`, partitionKey: `gsi${n}pk`, sortKey: `gsi${n}sk` });

export const TABLES: Record<TableKey, TableDef> = {
  directory: {
    envVar: 'TABLE_DIRECTORY',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi(1), gsi(2)],
    ttlAttribute: 'expires_at',
    accessPatterns: [
      'user profile: pk=USER#{sub} sk=PROFILE',
      'organisation by id: pk=ORG#{id} sk=META; members of an org: pk=ORG#{id} sk begins_with MEMBER#',
      'memberships of a user: gsi1pk=USER#{sub} gsi1sk begins_with MEMBER# (the same membership items)',
      'organisation by payee key: gsi1pk=PAYEE#{key}',
      'access requests newest first: gsi2pk=REQUEST gsi2sk={created_at}',
      'access request by id: pk=REQUEST#{id} sk=META (documents in the onboarding bucket under requests/{id}/{doc}.pdf)',
      'access requests of an email: gsi1pk=EMAIL#{email} gsi1sk=REQUEST#{created_at}',
      'the one pending access request of an email: pk=PENDING#{email} sk=REQUEST → request_id (written with the request in one transaction; deleted when it is decided)',
      'rate-limit windows: pk=RATE#{scope} sk={window} (expires_at TTL)',
    ],
  },
  submissions: {
    envVar: 'TABLE_SUBMISSIONS',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi(1), gsi(2)],
    accessPatterns: [
      'submission or upload by id: pk=SUB#{id} / UPLOAD#{id} sk=META',
      'review queue by status newest first: gsi1pk=STATUS#{status} gsi1sk={created_at}',
      "an organisation's submissions newest first: gsi2pk=ORG#{org_id} gsi2sk={created_at}",
      'counters for the dashboard: pk=COUNTER#{scope} sk={period}',
    ],
  },
  history: {
    envVar: 'TABLE_HISTORY',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [],
    accessPatterns: [
      'borrower history: pk=NRC#{digits} sk={month}#{payee_key}#{kind} — one item per borrower, payee, month and kind',
      'last 3 months: Query pk with sk between the first and the current month',
    ],
  },
  registry: {
    envVar: 'TABLE_REGISTRY',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi(1)],
    accessPatterns: [
      'reports of an NRC: pk=NRC#{digits} sk begins_with REPORT# (sk=REPORT#{created_at}#{id})',
      'is an NRC on the registry: BatchGetItem pk=NRC#{digits} sk=SUMMARY (100 per call); the summary is written in the same transaction as each report',
      'search a list of NRCs: BatchGetItem of the summaries (they list their reports\' sort keys), then BatchGetItem of one page of reports',
      'latest reports newest first: Query gsi1pk=REPORT gsi1sk={created_at}#{id} descending',
      'idempotent report filing: pk=REQUEST#{user_sub}#{request_id} sk=REQUEST (written in the report\'s transaction)',
    ],
  },
  audit: {
    envVar: 'TABLE_AUDIT',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi(1)],
    accessPatterns: [
      'audit by day newest first: pk=DAY#{yyyy-mm-dd} sk={ts}#{id}',
      'audit of one subject (NRC, user, record): gsi1pk=SUBJECT#{key} gsi1sk={ts}',
    ],
  },
};

export interface BucketDef {
  envVar: string;
  /** Who uploads straight from the browser through presigned POSTs. */
  browserUpload: boolean;
}

export const BUCKETS: Record<BucketKey, BucketDef> = {
  uploads: { envVar: 'BUCKET_UPLOADS', browserUpload: true },
  evidence: { envVar: 'BUCKET_EVIDENCE', browserUpload: true },
  onboarding: { envVar: 'BUCKET_ONBOARDING', browserUpload: true },
};
