import { WEBHOOK_EVENT_PREFIX } from '#shared/api/webhooks.js';
import { OUTBOX_PREFIX } from '#shared/notifications.js';
import type { BucketAccess, BucketKey, TableAccess, TableKey } from '#shared/stores.js';
import { INGEST_CHUNKS, REGISTER_CHUNKS } from './sizing.js';

/** Environment variables of the Cognito user pool, set on every function that uses it. */
export const USER_POOL_ENV = { poolId: 'USER_POOL_ID', clientId: 'USER_POOL_CLIENT_ID' } as const;
/** The same for the employees' user pool (lambdas/data/employee-sign-in/employee-users.ts). */
export const EMPLOYEE_POOL_ENV = { poolId: 'EMPLOYEE_POOL_ID', clientId: 'EMPLOYEE_POOL_CLIENT_ID' } as const;
/** How long a step of the employees' custom sign-in may wait for its answer (Cognito's AuthSessionValidity). */
export const EMPLOYEE_AUTH_SESSION_MINUTES = 3;
/** The employees' token lifetimes: an hour, and a day of refreshing (a phone is often shared), then a new code. */
export const EMPLOYEE_TOKENS = { idMinutes: 60, accessMinutes: 60, refreshDays: 1 } as const;

/**
 * Attributes whose change keeps the old value until the new one is verified (Cognito's
 * keepOriginal): a changed email must prove it reaches its owner before sign-in and mail use it.
 */
export const VERIFY_BEFORE_UPDATE = ['email'] as const;

/**
 * The user pool's password policy (spec part 2 §5 and §9: the one rule is a minimum of 8
 * characters). The stack and the twin both build their pool from it, so a password one accepts
 * the other accepts too.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: false,
  requireUppercase: false,
  requireDigits: false,
  requireSymbols: false,
  tempPasswordValidityDays: 7,
} as const;

/** The HTTP API's Lambda authorizer (infra/constructs/api-authorizer.ts): one module, an instance per user pool; it uses no store. */
export const API_AUTHORIZER = { handler: 'auth/api-authorizer' } as const;

/**
 * What an event function reaches, said once, as a route's `uses` says it (shared/routes/define.ts): per table the kinds
 * of its calls (shared/stores.ts TableAccess), per bucket the kinds per key family; `sendsSms`: it texts people through
 * SNS (SMS_ORIGINATION_ENV set, sns:Publish to numbers granted). Its grant is derived from it (infra/grants/triggers.ts,
 * with the few actions no kind says); nothing is implied, not even the audit log.
 */
export interface EventUses {
  tables?: { readonly [K in TableKey]?: TableAccess };
  buckets?: { readonly [B in BucketKey]?: BucketAccess<B> };
  sendsSms?: boolean;
}

/** Cognito triggers: the trigger name, the function's name, its module under lambdas/ and the stores it uses. */
export const AUTH_TRIGGERS = {
  CustomMessage: { functionName: 'custom-message', handler: 'auth/custom-message', uses: {} },
  // Records each sign-in's time in the directory (the User Inspector's "Last sign-in").
  PostAuthentication: { functionName: 'post-authentication', handler: 'auth/post-authentication', uses: { tables: { directory: 'a' } } },
  // Records when a self sign-up was confirmed (the User Inspector's "Confirmed").
  PostConfirmation: { functionName: 'post-confirmation', handler: 'auth/post-confirmation', uses: { tables: { directory: 'a' } } },
} as const satisfies Record<string, { functionName: string; handler: string; uses: EventUses }>;

/**
 * The employees' user pool signs in only through Cognito's custom challenge: these three triggers (the
 * flow of aws-samples/amazon-cognito-passwordless-auth) ask for the texted code and check it. The twin's
 * Cognito emulator runs the same handlers (infra/local/cognito/custom-auth.cjs).
 */
export const EMPLOYEE_AUTH_TRIGGERS = {
  DefineAuthChallenge: { functionName: 'define-auth-challenge', handler: 'auth/define-auth-challenge', uses: {} },
  CreateAuthChallenge: { functionName: 'create-auth-challenge', handler: 'auth/create-auth-challenge', uses: {} },
  VerifyAuthChallengeResponse: { functionName: 'verify-auth-challenge', handler: 'auth/verify-auth-challenge', uses: { tables: { directory: 'rwd' } } },
} as const satisfies Record<string, { functionName: string; handler: string; uses: EventUses }>;

/** S3 notifications: objects created under a prefix run a handler (at least once, retried). */
export interface S3TriggerDef {
  id: string;
  bucket: BucketKey;
  prefix: string;
  handler: string;
  uses: EventUses;
  /**
   * At most this many invocations at once (Lambda's reserved concurrency; the twin holds further events
   * back the same way), and how long a held-back event may wait before it is dead-lettered.
   */
  bounded?: { concurrency: number; maxEventAgeSeconds: number };
}

/** Where an ingestion's chunk objects go (lambdas/data/ingestion/chunks.ts CHUNK_PREFIX): their trigger, their expiry. */
export const CHUNKS_PREFIX = 'chunks/';
/** Where the schedule's draw jobs go (lambdas/data/payroll/schedule-drawn.ts DRAW_JOB_PREFIX): their trigger, their expiry. */
export const SCHEDULE_DRAWS_PREFIX = 'schedule-draws/';

export const S3_TRIGGERS = [
  // Files the browser posted (presigned POST): validate them and store the result on the upload.
  {
    id: 'validate-upload',
    bucket: 'uploads',
    prefix: 'incoming/',
    handler: 'events/validate-upload',
    // history and directory: the deduction signals read the borrower summaries and the exposure limits;
    // register: the payroll register's entries of the file's borrowers; audit: the file's check of each NRC it names.
    uses: {
      tables: { submissions: 'rqw3', registry: 'r', history: 'r', directory: 'rqa', register: 'r', audit: 'a' },
      buckets: { uploads: { incoming: 'rl', results: 'rw', payroll: 'r' } },
    },
  },
  // Ingestion jobs written by Submit (`ingest/{submission_id}.json`): the submission's rows split into chunks; a recorded
  // applied file's job (`ingest/applied/…`) its reconciliation lines (lambdas/data/history/applied-ingest.ts).
  {
    id: 'ingest-submission',
    bucket: 'uploads',
    prefix: 'ingest/',
    handler: 'events/ingest-submission',
    // register: rows without an NRC are joined to the register's NRC for their employee number.
    uses: { tables: { submissions: 'rw', register: 'r' }, buckets: { uploads: { results: 'rl', chunks: 'w' } } },
  },
  // The chunks (`chunks/{submission_id}/{i}-of-{n}.json`, and an applied file's `chunks/applied/…`): rows into borrower history and summaries, a
  // bounded number at once so that the history table is not flooded; the last to land records the counts.
  {
    id: 'ingest-chunk',
    bucket: 'uploads',
    prefix: CHUNKS_PREFIX,
    handler: 'events/ingest-chunk',
    // directory: the mandates its new deductions cite are marked used.
    uses: { tables: { submissions: 'rw', history: 'rw', directory: 'w' }, buckets: { uploads: { chunks: 'rl' } } },
    bounded: INGEST_CHUNKS,
  },
  // A submitted payroll register's jobs (`register/{upload_id}/{i}-of-{n}.json`): each stores its range of
  // employees under the register's version; the last to land makes the register current. Bounded like the
  // chunks, so a 300,000-employee register never floods the register table.
  {
    id: 'ingest-register',
    bucket: 'uploads',
    prefix: 'register/',
    handler: 'events/ingest-register',
    // directory: the old mobiles of the employees whose mobile it changed, kept for sign-in for 72 hours.
    uses: { tables: { register: 'rqa', directory: 'a' }, buckets: { uploads: { results: 'rwl', registerJobs: 'r' } } },
    bounded: REGISTER_CHUNKS,
  },
  // The UNEXPECTED lines of a recorded applied deductions file (`unexpected/{upload_id}.json`, written by Submit):
  // each recorded on its employee's NRC and texted once (outbox). Not under `ingest/`: that prefix is ingest-submission's.
  {
    id: 'unexpected-deductions',
    bucket: 'uploads',
    prefix: 'unexpected/',
    handler: 'events/unexpected-deductions',
    // register: the employee's mobile (a leaver's last); directory: the lender's name, the texts' outbox items.
    uses: { tables: { submissions: 'ra', register: 'rq', directory: 'a1' }, buckets: { uploads: { results: 'rl', unexpectedJobs: 'r' } } },
  },
  // The month's payroll schedule drawn in parts (`schedule-draws/{month}/{fingerprint}.json`, dropped by a view or download of
  // /payroll when its COMPLETED submissions changed since the last draw; then a part job a lender and the assembly's job
  // under `schedule-draws/{month}/{fingerprint}/`, decision 0218): its lines, totals, hash and files into S3 and an item.
  {
    id: 'draw-schedule',
    bucket: 'uploads',
    prefix: SCHEDULE_DRAWS_PREFIX,
    handler: 'events/draw-schedule',
    uses: { tables: { submissions: 'rqa1' }, buckets: { uploads: { results: 'rl', payroll: 'rwd', scheduleDraws: 'rwd' } } },
  },
  // Onboarding documents the browser posted: record on the access request that each landed, and
  // whether it is a PDF (its signature), so a missing or false document shows to the approver.
  {
    id: 'check-document',
    bucket: 'onboarding',
    prefix: 'requests/',
    handler: 'events/check-document',
    uses: { tables: { directory: 'w' }, buckets: { onboarding: { requests: 'rl' } } },
  },
] as const satisfies readonly S3TriggerDef[];

/**
 * DynamoDB stream event source mappings: the records of a table's stream whose partition key starts with
 * `pkPrefix` (and whose event is one of `events`) run a handler in batches, as Lambda's mapping does:
 * at most `batchSize` records a batch, a failed batch split in two (`bisectBatchOnFunctionError`) and
 * retried `retryAttempts` times, then sent to the dead-letter queue; the handler reports the records
 * that failed (`reportBatchItemFailures`) so only those and the ones after them are retried.
 */
export interface StreamTriggerDef {
  id: string;
  table: TableKey;
  pkPrefix: string;
  events: readonly ('INSERT' | 'MODIFY' | 'REMOVE')[];
  handler: string;
  batchSize: number;
  retryAttempts: number;
  bisectBatchOnFunctionError: boolean;
  maxRecordAgeSeconds: number;
  uses: EventUses;
}

export const STREAM_TRIGGERS = [
  // The notifications outbox: each item an action wrote with its change sends its emails and texts, each once.
  {
    id: 'send-notification',
    table: 'directory',
    pkPrefix: OUTBOX_PREFIX,
    events: ['INSERT', 'MODIFY'],
    handler: 'events/send-notification',
    batchSize: 10,
    retryAttempts: 2,
    bisectBatchOnFunctionError: true,
    maxRecordAgeSeconds: 6 * 3600,
    // The register: an employee who reported a deduction is texted its decision at the mobile on it; and the
    // texts to employees about their mandates, through SNS.
    uses: { tables: { directory: 'rqad12', submissions: 'r', register: 'rq' }, sendsSms: true },
  },
  // Webhook events: each becomes one delivery per endpoint of its organisation that chose it, attempted at once.
  {
    id: 'webhook-fanout',
    table: 'directory',
    pkPrefix: WEBHOOK_EVENT_PREFIX,
    events: ['INSERT'],
    handler: 'events/webhook-fanout',
    batchSize: 10,
    retryAttempts: 2,
    bisectBatchOnFunctionError: true,
    maxRecordAgeSeconds: 6 * 3600,
    uses: { tables: { directory: 'qa' } },
  },
] as const satisfies readonly StreamTriggerDef[];

/** Scheduled jobs: an EventBridge schedule runs a handler (at least once, retried); the twin runs it at start and daily. */
export interface ScheduledJobDef {
  id: string;
  handler: string;
  /** When, in UTC (EventBridge cron fields). */
  cron: { minute: string; hour: string };
  uses: EventUses;
}

export const SCHEDULED_JOBS = [
  // Fraud reports older than the retention setting leave the registry: 00:30 in Lusaka.
  {
    id: 'expire-reports',
    handler: 'events/expire-reports',
    cron: { minute: '30', hour: '22' },
    uses: { tables: { registry: 'rw1', directory: 'q', audit: 'a' } },
  },
  // Webhook deliveries whose next attempt is due: every minute.
  { id: 'webhook-retry', handler: 'events/webhook-retry', cron: { minute: '*', hour: '*' }, uses: { tables: { directory: 'qa1' } } },
] as const satisfies readonly ScheduledJobDef[];
