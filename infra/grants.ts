import type { BucketKey, TableKey } from '../shared/stores.js';

/**
 * Least privilege, per function: what each route's Lambda (by route id, shared/routes/*.ts) and each
 * S3-triggered function (by trigger id, infra/definitions.ts) may do with the stores its `uses`
 * declares. The route table says *which* stores a function reaches; this says *how*: the DynamoDB
 * actions and indexes, the S3 actions per key prefix, the Cognito actions. It is IAM knowledge,
 * tied to the repositories in lambdas/data (their keys and calls), so it lives here and not in shared/.
 *
 * test/infra/iam.test.ts holds the stack to this table and this table to the code: each handler's
 * bundle is read for the AWS calls it can make (test/infra/handler-calls.ts), and the grant must
 * cover them all and give nothing more. A route without an entry gets the old broad grant
 * (everything on what it uses) and fails that test until it has one.
 */
export type TableAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'Scan'
  | 'ConditionCheckItem'
  | 'DescribeTable'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem';

export const TABLE_READ_ACTIONS: readonly TableAction[] = ['GetItem', 'BatchGetItem', 'Query', 'Scan', 'ConditionCheckItem', 'DescribeTable'];
export const TABLE_WRITE_ACTIONS: readonly TableAction[] = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];

export interface TableGrant {
  /** On the table itself (TransactWriteItems is authorised per item: PutItem, UpdateItem, DeleteItem, ConditionCheckItem). */
  actions: readonly TableAction[];
  /** Global secondary indexes the function queries (dynamodb:Query on table/index/<name>). */
  indexes?: readonly string[];
}

/** Object key patterns, IAM style (`*` any characters, `?` one). */
export interface BucketGrant {
  /** s3:GetObject: GetObject, HeadObject, the source of CopyObject, presigned GET links. */
  read?: readonly string[];
  /** s3:PutObject: PutObject, the target of CopyObject, presigned POSTs. */
  write?: readonly string[];
  /** s3:DeleteObject (DeleteObjects too). */
  delete?: readonly string[];
  /** s3:ListBucket on the bucket: HeadBucket, and a 404 rather than a 403 for a missing key. */
  list?: boolean;
}

export interface FunctionGrants {
  tables?: Partial<Record<TableKey, TableGrant>>;
  buckets?: Partial<Record<BucketKey, BucketGrant>>;
  /** Cognito actions on the user pool, without the `cognito-idp:` prefix. */
  userPool?: readonly string[];
  /** ses:SendEmail from the deployment's sender identity (and SENDER_EMAIL set). */
  sendsEmail?: boolean;
  /** ssm:GetParameter on the SPA URL's parameter (and APP_URL_PARAMETER set): emails link into the SPA. */
  readsAppUrl?: boolean;
}

/** The key layouts of lambdas/data (uploads.ts, submissions.ts, evidence.ts, access-requests.ts). */
export const KEYS = {
  uploads: {
    /** incomingKey: the browser's presigned POST. */
    incoming: 'incoming/*',
    /** resultKeys: validation's issues, rows and CSV report. */
    results: 'results/*',
    /** ingestJobKey: written by Submit, its event runs ingestion. */
    ingest: 'ingest/*',
    /** chunkKey: written by the split of an ingestion, each one's event ingests it. */
    chunks: 'chunks/*',
    /** notificationJobKey: written by the actions that notify, its event runs the sender. */
    notify: 'notify/*',
    /** storagePath: `{YYYY-MM}/{payee}/{inputs|stoppages}/…`, where submitted files stay. */
    stored: ['????-??/*/inputs/*', '????-??/*/stoppages/*'],
  },
  evidence: {
    /** stagingKey: attachments posted before the report is filed. */
    staging: 'staging/*',
    /** finalEvidenceKey: `{YYYY-MM}/{payee}/fraud/…`, written once, never overwritten or deleted. */
    filed: '????-??/*/fraud/*',
    /** disputeEvidenceKey: `disputes/{id}/{party}/…`, posted by the browser, listed and linked by the dispute. */
    disputes: 'disputes/*',
  },
  onboarding: {
    /** onboardingDocKey: an access request's documents. */
    requests: 'requests/*',
    /** storagePath of an onboarding upload: `{YYYY-MM}/{payee}/onboarding/…`. */
    stored: '????-??/*/onboarding/*',
  },
} as const;

const read = (actions: readonly TableAction[], ...indexes: string[]): TableGrant => ({ actions, indexes });

/** Unions of grants: a repository's needs composed with a route's. */
export function merge(...parts: FunctionGrants[]): FunctionGrants {
  const union = <T>(a: readonly T[] = [], b: readonly T[] = []) => [...new Set([...a, ...b])];
  const out: FunctionGrants & Required<Pick<FunctionGrants, 'tables' | 'buckets' | 'userPool'>> = { tables: {}, buckets: {}, userPool: [] };
  for (const part of parts) {
    for (const [key, grant] of Object.entries(part.tables ?? {}) as [TableKey, TableGrant][]) {
      const prev = out.tables[key];
      out.tables[key] = { actions: union(prev?.actions, grant.actions), indexes: union(prev?.indexes, grant.indexes) };
    }
    for (const [key, grant] of Object.entries(part.buckets ?? {}) as [BucketKey, BucketGrant][]) {
      const prev = out.buckets[key] ?? {};
      out.buckets[key] = {
        read: union(prev.read, grant.read),
        write: union(prev.write, grant.write),
        delete: union(prev.delete, grant.delete),
        list: Boolean(prev.list || grant.list),
      };
    }
    out.userPool = union(out.userPool, part.userPool);
    if (part.sendsEmail) out.sendsEmail = true;
    if (part.readsAppUrl) out.readsAppUrl = true;
  }
  return out;
}

/**
 * Every state-changing request is recorded (lambdas/lib/request-audit.ts): the caller's memberships
 * (Query gsi1 of the directory), then one audit entry. The audit log is append-only: PutItem, never
 * UpdateItem or DeleteItem.
 */
const audited = (...parts: FunctionGrants[]) => merge({ tables: { directory: read([], 'gsi1'), audit: { actions: ['PutItem'] } } }, ...parts);
/**
 * An audit entry with `also` pointers (one per matched NRC): written as TransactWriteItems of Puts,
 * authorised as PutItem, so no function holds BatchWriteItem (which would allow deletes) on the log.
 */
const AUDIT_WITH_POINTERS: FunctionGrants = { tables: { audit: { actions: ['PutItem'] } } };
/** Reads of a registry search or lookup are audited, GET or not. */
const AUDIT_ENTRY: FunctionGrants = { tables: { audit: { actions: ['PutItem'] } } };
/** Actions that notify queue a job (lambdas/data/notifications.ts queueNotification). */
const NOTIFIES: FunctionGrants = { buckets: { uploads: { write: [KEYS.uploads.notify] } } };

const GRANTS_BY_ROUTE: Record<string, FunctionGrants> = {
  // system
  'get-health': { tables: { directory: read(['DescribeTable']) }, buckets: { uploads: { list: true } }, userPool: ['DescribeUserPool'] },
  'get-me': { tables: { directory: read([], 'gsi1') } },

  // accounts (public): the rate-limit windows (pk=RATE#…) are the one write of the availability check.
  'get-email-availability': { tables: { directory: { actions: ['GetItem', 'UpdateItem'] } }, userPool: ['AdminGetUser'] },
  'create-access-request': audited({
    tables: { directory: { actions: ['GetItem', 'PutItem', 'UpdateItem'], indexes: ['gsi1'] } },
    buckets: { onboarding: { write: [KEYS.onboarding.requests] } },
    userPool: ['AdminGetUser'],
  }),
  'accept-team-invite': audited({ tables: { directory: { actions: ['UpdateItem'], indexes: ['gsi1'] } }, userPool: ['AdminAddUserToGroup'] }),
  'decline-team-invite': audited({ tables: { directory: { actions: ['GetItem', 'UpdateItem', 'DeleteItem'] } } }),

  // submissions
  'create-upload': audited({
    tables: { directory: read([], 'gsi1'), submissions: { actions: ['PutItem'] } },
    buckets: { uploads: { write: [KEYS.uploads.incoming] } },
  }),
  'get-upload': { tables: { submissions: read(['GetItem']) }, buckets: { uploads: { read: [KEYS.uploads.results], list: true } } },
  'get-upload-report': { tables: { submissions: read(['GetItem']) }, buckets: { uploads: { read: [KEYS.uploads.results] } } },
  'get-upload-signals': { tables: { submissions: read(['GetItem']) }, buckets: { uploads: { read: [KEYS.uploads.results], list: true } } },
  // Submit reads the platform's settings for the submission window (issue 16 §3).
  'submit-upload': audited({
    tables: { directory: read(['Query'], 'gsi1'), submissions: { actions: ['GetItem', 'PutItem', 'UpdateItem'] } },
    buckets: {
      uploads: { read: [KEYS.uploads.incoming, KEYS.uploads.ingest], write: [...KEYS.uploads.stored, KEYS.uploads.ingest], list: true },
      onboarding: { write: [KEYS.onboarding.stored] },
    },
  }),
  'get-submission': { tables: { submissions: read(['GetItem']) } },
  // reviews and reports (lambdas/data/reviews.ts, review-list.ts): index reads, status changes conditioned on the status
  'list-submissions': { tables: { directory: read([], 'gsi1'), submissions: read([], 'gsi1', 'gsi2') } },
  'decide-submission': audited(NOTIFIES, { tables: { submissions: { actions: ['GetItem', 'UpdateItem'] } } }),
  'decide-submissions': audited(NOTIFIES, { tables: { submissions: { actions: ['GetItem', 'UpdateItem'] } } }),
  'assign-submission': audited(NOTIFIES, {
    tables: { submissions: { actions: ['GetItem', 'UpdateItem'] } },
    userPool: ['AdminGetUser'],
  }),
  'get-submission-file': merge(AUDIT_ENTRY, {
    tables: { submissions: read(['GetItem']) },
    buckets: { uploads: { read: [...KEYS.uploads.stored], list: true } },
  }),
  'list-pmec-admins': { userPool: ['ListUsersInGroup'] },

  // fraud registry
  'create-fraud-attachment-upload': audited({ buckets: { evidence: { write: [KEYS.evidence.staging] } } }),
  // A report is filed as the organisation holding its payee key (gsi1), checked against the filer's
  // membership of it (GetItem; their memberships, gsi1, to name their own keys on a refusal).
  'create-fraud-report': audited({
    tables: { registry: { actions: ['GetItem', 'PutItem', 'UpdateItem'] }, directory: read(['GetItem'], 'gsi1') },
    buckets: {
      evidence: {
        // Reads the filed key only to refuse overwriting it; deletes only the staged copy.
        read: [KEYS.evidence.staging, KEYS.evidence.filed],
        write: [KEYS.evidence.filed],
        delete: [KEYS.evidence.staging],
        list: true,
      },
    },
  }),
  // The lists say whether the caller may withdraw each report: the caller's memberships (gsi1).
  'list-fraud-reports': merge(AUDIT_WITH_POINTERS, { tables: { registry: read([], 'gsi1'), directory: read([], 'gsi1') }, buckets: { evidence: { read: [KEYS.evidence.filed] } } }),
  'search-fraud-reports': audited(AUDIT_WITH_POINTERS, { tables: { registry: read(['BatchGetItem']), directory: read([], 'gsi1') }, buckets: { evidence: { read: [KEYS.evidence.filed] } } }),
  // The report by its pointer, then one transaction: its status, its NRC summary, the digest.
  'withdraw-fraud-report': audited(NOTIFIES, {
    tables: { registry: { actions: ['GetItem', 'UpdateItem'] }, directory: read([], 'gsi1') },
    buckets: { evidence: { read: [KEYS.evidence.filed] } },
  }),
  'check-fraud-registry': audited(AUDIT_WITH_POINTERS, { tables: { registry: read(['BatchGetItem']) } }),

  // team
  'get-team': { tables: { directory: read(['GetItem', 'Query'], 'gsi1') }, userPool: ['AdminListGroupsForUser'] },
  'add-team-member': audited(NOTIFIES, {
    tables: { directory: { actions: ['GetItem', 'PutItem'], indexes: ['gsi1'] } },
    userPool: ['AdminGetUser', 'AdminCreateUser'],
  }),
  'remove-team-member': audited({
    tables: { directory: { actions: ['GetItem', 'Query', 'UpdateItem'], indexes: ['gsi1'] } },
    userPool: ['AdminRemoveUserFromGroup', 'AdminUserGlobalSignOut'],
  }),

  // administration
  'get-admin-metrics': { tables: { directory: read(['Scan'], 'gsi2') }, userPool: ['ListUsers', 'ListUsersInGroup'] },
  // A pending request's existing organisation: its guard and record (GetItem), by payee key (gsi1), its admins (Query).
  'list-access-requests': { tables: { directory: read(['GetItem', 'Query'], 'gsi1', 'gsi2') } },
  'get-access-request-documents': merge(AUDIT_ENTRY, { tables: { directory: read(['GetItem']) }, buckets: { onboarding: { read: [KEYS.onboarding.requests] } } }),
  'decide-access-request': audited(NOTIFIES, {
    tables: { directory: { actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'], indexes: ['gsi1'] } },
    buckets: { onboarding: { delete: [KEYS.onboarding.requests] } },
    // Revoking an approved request takes the role group and ends the person's sessions.
    userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'AdminUserGlobalSignOut', 'AdminDeleteUser'],
  }),
  // The inspector reads the last sign-in (GetItem pk=SIGNIN#…), as do the decisions and deletion that inspect.
  'get-user-links': { tables: { directory: read(['GetItem', 'Query'], 'gsi1') }, userPool: ['AdminGetUser', 'AdminListGroupsForUser'] },
  'delete-auth-user': audited({ tables: { directory: read(['GetItem', 'Query'], 'gsi1') }, userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminDeleteUser'] }),
  // Listing repairs a missing platform-admin record of a group member (ensurePlatformAdminRecord), audited.
  'list-platform-admins': { tables: { directory: read([], 'gsi2') } },
  'add-platform-admin': audited(NOTIFIES, {
    tables: { directory: { actions: ['GetItem', 'PutItem', 'UpdateItem'], indexes: ['gsi1'] } },
    userPool: ['AdminGetUser', 'AdminCreateUser', 'AdminAddUserToGroup'],
  }),
  'remove-platform-admin': audited({
    tables: { directory: { actions: ['GetItem', 'UpdateItem', 'DeleteItem'], indexes: ['gsi1', 'gsi2'] } },
    userPool: ['AdminRemoveUserFromGroup', 'AdminUserGlobalSignOut'],
  }),

  // audit log: reading it is audited too
  'list-audit': { tables: { audit: { actions: ['Query', 'PutItem'], indexes: ['gsi1'] } } },
  'get-nrc-audit': { tables: { audit: { actions: ['PutItem'], indexes: ['gsi1'] } } },

  // insight
  // The borrower summaries (history), the status of the submissions they name, the exposure limits.
  'get-history': merge(AUDIT_ENTRY, { tables: { history: read(['Query', 'BatchGetItem']), submissions: read(['BatchGetItem']), directory: read(['Query'], 'gsi1') } }),
  // Counts disputes waiting by status (gsi1) or by organisation (gsi2), issue 16 §1.
  'get-dashboard-metrics': { tables: { submissions: read(['BatchGetItem'], 'gsi1', 'gsi2'), directory: read(['Query'], 'gsi1') }, userPool: ['ListUsersInGroup'] },
  'get-billing': { tables: { submissions: read(['BatchGetItem']), directory: read(['GetItem'], 'gsi1', 'gsi2') } },
  'find-billing-organisation': { tables: { directory: read(['GetItem'], 'gsi1') } },
  'set-billing-plan': audited({ tables: { directory: { actions: ['GetItem', 'PutItem'], indexes: ['gsi1'] } } }),

  // disputes (lambdas/data/disputes.ts: pk=DISPUTE#…; gsi1 by status, gsi2 by organisation). Rights read the
  // caller's memberships (directory gsi1); opening reads the payee key's organisation (gsi1) and the deduction.
  'open-dispute': audited(AUDIT_WITH_POINTERS, NOTIFIES, { tables: { directory: read([], 'gsi1'), history: read(['GetItem']), submissions: { actions: ['PutItem'] } } }),
  'list-disputes': { tables: { directory: read([], 'gsi1'), submissions: read([], 'gsi1', 'gsi2') } },
  'get-dispute': { tables: { directory: read([], 'gsi1'), submissions: read(['GetItem']) }, buckets: { evidence: { read: [KEYS.evidence.disputes], list: true } } },
  'respond-to-dispute': audited({ tables: { submissions: { actions: ['GetItem', 'UpdateItem'] } } }),
  // The decision is one transaction: the dispute, its guard, and when upheld the history mark and NRC summary entry.
  'decide-dispute': audited(AUDIT_WITH_POINTERS, NOTIFIES, {
    tables: { submissions: { actions: ['GetItem', 'UpdateItem', 'DeleteItem'] }, history: { actions: ['PutItem', 'UpdateItem'] }, registry: { actions: ['Query', 'UpdateItem'] } },
  }),
  'create-dispute-evidence-upload': audited({ tables: { submissions: { actions: ['GetItem', 'UpdateItem'] } }, buckets: { evidence: { write: [KEYS.evidence.disputes] } } }),

  // settings (lambdas/data/settings.ts: pk=SETTING)
  'get-settings': { tables: { directory: read(['Query']) } },
  'update-settings': audited({ tables: { directory: { actions: ['Query', 'PutItem'] } } }),
};

/**
 * Every route's chain reads the caller's roles from the directory (lambdas/data/caller-directory.ts):
 * the user's memberships (Query gsi1 USER#{sub}) and platform-admin records (Query pk).
 */
const CALLER: FunctionGrants = { tables: { directory: read(['Query'], 'gsi1') } };

export const ROUTE_GRANTS: Record<string, FunctionGrants> = Object.fromEntries(Object.entries(GRANTS_BY_ROUTE).map(([id, grant]) => [id, merge(CALLER, grant)]));

export const TRIGGER_GRANTS: Record<string, FunctionGrants> = {
  // The deduction signals: the settings, the payee key's previous month (gsi3 and its stored rows),
  // the borrower summaries and the status of the submissions they name.
  'validate-upload': {
    tables: {
      submissions: { actions: ['GetItem', 'UpdateItem', 'BatchGetItem'], indexes: ['gsi3'] },
      registry: read(['BatchGetItem']),
      history: read(['BatchGetItem']),
      directory: read(['Query']),
    },
    buckets: { uploads: { read: [KEYS.uploads.incoming, KEYS.uploads.results], write: [KEYS.uploads.results], list: true } },
  },
  // Cognito's PostAuthentication trigger (AUTH_TRIGGERS): the sign-in's time (pk=SIGNIN#…).
  'post-authentication': { tables: { directory: { actions: ['PutItem'] } } },
  // An onboarding document's first bytes, and its state on the request.
  'check-document': { tables: { directory: { actions: ['UpdateItem'] } }, buckets: { onboarding: { read: [KEYS.onboarding.requests], list: true } } },
  // The expiry job: the retention setting, the reports index from its watermark, each expiry's transaction.
  'expire-reports': merge(AUDIT_ENTRY, { tables: { registry: { actions: ['GetItem', 'PutItem', 'UpdateItem'], indexes: ['gsi1'] }, directory: read(['Query']) } }),
  // The split: the submission, its ingestion progress (pk=SUB#…, sk=INGEST), its stored rows into chunk
  // objects; a file without rows is finished at once (the counts and the dashboard counters).
  'ingest-submission': {
    tables: { submissions: { actions: ['GetItem', 'PutItem', 'UpdateItem'] } },
    buckets: { uploads: { read: [KEYS.uploads.results], write: [KEYS.uploads.chunks], list: true } },
  },
  // A chunk: its rows into history, the borrower summaries (read, updated, a compaction read again), the
  // statuses of the submissions they name, its landing on the progress and, last, the counts.
  'ingest-chunk': {
    tables: { submissions: { actions: ['GetItem', 'BatchGetItem', 'UpdateItem'] }, history: { actions: ['GetItem', 'BatchGetItem', 'BatchWriteItem', 'UpdateItem'] } },
    buckets: { uploads: { read: [KEYS.uploads.chunks], list: true } },
  },
  // The job, its recipients (the submission, an organisation's members, an access request, the platform
  // admins on gsi2), each recipient's exactly-once marker (pk=NOTIFY#…: put, deleted if the send fails), SES.
  'send-notification': {
    tables: { directory: { actions: ['GetItem', 'Query', 'PutItem', 'DeleteItem'], indexes: ['gsi2'] }, submissions: read(['GetItem']) },
    buckets: { uploads: { read: [KEYS.uploads.notify] } },
    sendsEmail: true,
    readsAppUrl: true,
  },
};
