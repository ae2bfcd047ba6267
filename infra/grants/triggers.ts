import { AUTH_TRIGGERS, EMPLOYEE_AUTH_TRIGGERS, S3_TRIGGERS, SCHEDULED_JOBS, STREAM_TRIGGERS } from '../definitions.js';
import { grantOf } from './common.js';
import { KEYS } from './keys.js';
import { type FunctionGrants, type OwnActions, read, type TriggerGrantTable } from './model.js';

/** What each function run by an event may do: S3 triggers and scheduled jobs by id (infra/definitions.ts), Cognito triggers by function name. */
const ACTIONS_BY_TRIGGER = {
  // The deduction signals: the settings, the payee key's previous month (gsi3 and its stored rows),
  // the borrower summaries and the status of the submissions they name; the current payroll register and its entries.
  'validate-upload': {
    tables: {
      // and an applied deductions file's schedule version (Query pk=SCHEDULE#…)
      submissions: { actions: ['GetItem', 'UpdateItem', 'BatchGetItem', 'Query'], indexes: ['gsi3'] },
      registry: read(['BatchGetItem']),
      history: read(['BatchGetItem']),
      // the settings (Query) and the mandates new deductions cite (BatchGetItem by number); the upload.validated webhook event (PutItem)
      directory: { actions: ['Query', 'BatchGetItem', 'PutItem'] },
      register: read(['GetItem', 'BatchGetItem']),
      // The file's check of each NRC it names (lambdas/data/audit/file-checks.ts): Puts only, new keys of their own.
      audit: { actions: ['PutItem', 'BatchWriteItem'] },
    },
    buckets: { uploads: { read: [KEYS.uploads.incoming, KEYS.uploads.results, KEYS.uploads.payroll], write: [KEYS.uploads.results], list: true } },
  },
  // Cognito's PostAuthentication trigger (AUTH_TRIGGERS): the sign-in's time (pk=SIGNIN#…).
  'post-authentication': { tables: { directory: { actions: ['PutItem'] } } },
  // Cognito's PostConfirmation trigger (AUTH_TRIGGERS): the confirmation's time, written once (pk=SIGNIN#…, sk=CONFIRMED).
  'post-confirmation': { tables: { directory: { actions: ['PutItem'] } } },
  // The employees' VerifyAuthChallengeResponse trigger (EMPLOYEE_AUTH_TRIGGERS): the NRC's live code
  // (pk=EMPLOYEE_CODE#…), a try taken (conditional update) or the code used up or ended (delete).
  'verify-auth-challenge': { tables: { directory: { actions: ['GetItem', 'UpdateItem', 'DeleteItem'] } } },
  // An onboarding document's first bytes, and its state on the request.
  'check-document': { tables: { directory: { actions: ['UpdateItem'] } }, buckets: { onboarding: { read: [KEYS.onboarding.requests], list: true } } },
  // The expiry job: the retention setting, the reports index from its watermark, each expiry's transaction.
  'expire-reports': { audits: true, tables: { registry: { actions: ['GetItem', 'PutItem', 'UpdateItem'], indexes: ['gsi1'] }, directory: read(['Query']) } },
  // The split: the submission, its ingestion progress (pk=SUB#…, sk=INGEST), its stored rows into chunk
  // objects; a file without rows is finished at once (the counts and the dashboard counters).
  // Rows without an NRC are joined to the current register's (lambdas/data/ingestion/join.ts: pointer, entries).
  // An applied file's job: the month's record (GetItem), its reconciliation lines (results/) into chunks.
  'ingest-submission': {
    tables: { submissions: { actions: ['GetItem', 'PutItem', 'UpdateItem'] }, register: read(['GetItem', 'BatchGetItem']) },
    buckets: { uploads: { read: [KEYS.uploads.results], write: [KEYS.uploads.chunks], list: true } },
  },
  // A chunk: its rows into history, the borrower summaries (read, updated, a compaction read again), the
  // statuses of the submissions they name, its landing on the progress and, last, the counts.
  // The mandates its rows cite are marked used (one conditional update each) and their employees texted.
  // An applied file's chunk: the month's record (GetItem), one conditional Put a line (lambdas/data/history/applied-marks.ts).
  'ingest-chunk': {
    tables: {
      submissions: { actions: ['GetItem', 'BatchGetItem', 'UpdateItem'] },
      history: { actions: ['GetItem', 'BatchGetItem', 'BatchWriteItem', 'UpdateItem', 'PutItem'] },
      // The texts' outbox items (pk=OUTBOX#…).
      directory: { actions: ['UpdateItem', 'PutItem'] },
    },
    buckets: { uploads: { read: [KEYS.uploads.chunks], list: true } },
  },
  // A register's chunk: its job and the validated rows, its employees' items (two each), its landing and the
  // count of those landed, and the transaction making the register current (version, month, pointer: Puts).
  // Then, for the changed mobiles (results/), the old ones kept for sign-in (directory pk=OLD_MOBILE#…) with
  // their texts' outbox item (directory pk=OUTBOX#…), Puts of one transaction. The last chunk writes the
  // version's snapshot beside its rows (results/).
  'ingest-register': {
    tables: { register: { actions: ['BatchWriteItem', 'PutItem', 'Query', 'GetItem'] }, directory: { actions: ['PutItem'] } },
    buckets: { uploads: { read: [KEYS.uploads.registerJobs, KEYS.uploads.results], write: [KEYS.uploads.results], list: true } },
  },
  // The outbox item (from the directory's stream), its recipients (the submission, an organisation's members, an access request, the platform
  // admins on gsi2; a mandate for its texts), each recipient's exactly-once marker (pk=NOTIFY#…: put, deleted if
  // the send fails), SES; SNS for the texts (lambdas/events/notification-texts.ts).
  'send-notification': {
    // A mandate's texts: the lender by its payee key (gsi1), the employee's entry, a leaver's too (lambdas/data/register/leavers.ts: Query pk=MONTH, BatchGetItem).
    tables: {
      directory: { actions: ['GetItem', 'Query', 'PutItem', 'DeleteItem'], indexes: ['gsi1', 'gsi2'] },
      submissions: read(['GetItem']),
      register: read(['GetItem', 'Query', 'BatchGetItem']),
    },
    sendsEmail: true,
    readsAppUrl: true,
  },
  // An applied file's UNEXPECTED lines: the month's item, each line's record with its text's outbox item (one
  // transaction of Puts), a lender the schedule does not name by its payee key (gsi1), the employee's mobile, a leaver's too.
  'unexpected-deductions': {
    tables: {
      submissions: { actions: ['GetItem', 'PutItem'] },
      directory: { actions: ['PutItem'], indexes: ['gsi1'] },
      register: read(['GetItem', 'Query', 'BatchGetItem']),
    },
    buckets: { uploads: { read: [KEYS.uploads.unexpectedJobs, KEYS.uploads.results], list: true } },
  },
  // The month's payroll schedule drawn in parts (lambdas/data/payroll/schedule-draw.ts, decision 0218): its COMPLETED
  // submissions (gsi1) and their validated rows, the run, part and drawn items (GetItem, PutItem, Query pk=SCHEDULE#…) and
  // the newest version (Query), its lines read and the draw's files written under payroll/; its part and assembly jobs
  // dropped under schedule-draws/, and the run's jobs removed when assembled.
  'draw-schedule': {
    tables: { submissions: { actions: ['GetItem', 'PutItem', 'Query'], indexes: ['gsi1'] } },
    buckets: {
      uploads: {
        read: [KEYS.uploads.scheduleDraws, KEYS.uploads.results, KEYS.uploads.payroll],
        write: [KEYS.uploads.payroll, KEYS.uploads.scheduleDraws],
        delete: [KEYS.uploads.scheduleDraws],
        list: true,
      },
    },
  },
  // Webhooks (lambdas/data/webhooks/): the organisation's endpoints (Query), each delivery created and saved (PutItem).
  'webhook-fanout': { tables: { directory: { actions: ['Query', 'PutItem'] } } },
  // and the deliveries due (gsi1).
  'webhook-retry': { tables: { directory: { actions: ['Query', 'PutItem'], indexes: ['gsi1'] } } },
} satisfies TriggerGrantTable;

const cognitoTriggers = [...Object.values(AUTH_TRIGGERS), ...Object.values(EMPLOYEE_AUTH_TRIGGERS)].map((t) => ({ id: t.functionName, uses: t.uses }));

/** Each event function's whole grant (its own actions and what its `uses` implies), looked up by its id. */
export const TRIGGER_GRANTS: Record<string, FunctionGrants> = Object.fromEntries(
  [...S3_TRIGGERS, ...STREAM_TRIGGERS, ...SCHEDULED_JOBS, ...cognitoTriggers].flatMap(({ id, uses }) => {
    const own = (ACTIONS_BY_TRIGGER as Partial<Record<string, OwnActions>>)[id];
    return own ? [[id, grantOf(uses, own)]] : [];
  }),
);
