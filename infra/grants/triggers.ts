import { AUDIT_ENTRY } from './common.js';
import { KEYS } from './keys.js';
import { type FunctionGrants, merge, read, type TriggerGrantTable } from './model.js';

/** What each function run by an event may do: S3 triggers and scheduled jobs by id (infra/definitions.ts), Cognito triggers by function name. */
const GRANTS_BY_TRIGGER = {
  // The deduction signals: the settings, the payee key's previous month (gsi3 and its stored rows),
  // the borrower summaries and the status of the submissions they name; the current payroll register and its entries.
  'validate-upload': {
    tables: {
      submissions: { actions: ['GetItem', 'UpdateItem', 'BatchGetItem'], indexes: ['gsi3'] },
      registry: read(['BatchGetItem']),
      history: read(['BatchGetItem']),
      // the settings (Query) and the mandates new deductions cite (BatchGetItem by number)
      directory: read(['Query', 'BatchGetItem']),
      register: read(['GetItem', 'BatchGetItem']),
      // The file's check of each NRC it names (lambdas/data/file-checks.ts): Puts only, new keys of their own.
      audit: { actions: ['PutItem', 'BatchWriteItem'] },
    },
    buckets: { uploads: { read: [KEYS.uploads.incoming, KEYS.uploads.results], write: [KEYS.uploads.results], list: true } },
  },
  // Cognito's PostAuthentication trigger (AUTH_TRIGGERS): the sign-in's time (pk=SIGNIN#…).
  'post-authentication': { tables: { directory: { actions: ['PutItem'] } } },
  // The employees' VerifyAuthChallengeResponse trigger (EMPLOYEE_AUTH_TRIGGERS): the NRC's live code
  // (pk=EMPLOYEE_CODE#…), a try taken (conditional update) or the code used up or ended (delete).
  'verify-auth-challenge': { tables: { directory: { actions: ['GetItem', 'UpdateItem', 'DeleteItem'] } } },
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
  // The mandates its rows cite are marked used (one conditional update each) and their employees texted.
  'ingest-chunk': {
    tables: {
      submissions: { actions: ['GetItem', 'BatchGetItem', 'UpdateItem'] },
      history: { actions: ['GetItem', 'BatchGetItem', 'BatchWriteItem', 'UpdateItem'] },
      directory: { actions: ['UpdateItem'] },
    },
    buckets: { uploads: { read: [KEYS.uploads.chunks], write: [KEYS.uploads.notify], list: true } },
  },
  // A register's chunk: its job and the validated rows, its employees' items (two each), its landing and the
  // count of those landed, and the transaction making the register current (version, month, pointer: Puts).
  // Then, for the changed mobiles (results/), the old ones kept for sign-in (directory pk=OLD_MOBILE#…)
  // and the texts' jobs (notify/). The last chunk writes the version's snapshot beside its rows (results/).
  'ingest-register': {
    tables: { register: { actions: ['BatchWriteItem', 'PutItem', 'Query', 'GetItem'] }, directory: { actions: ['BatchWriteItem'] } },
    buckets: { uploads: { read: [KEYS.uploads.registerJobs, KEYS.uploads.results], write: [KEYS.uploads.notify, KEYS.uploads.results], list: true } },
  },
  // The job, its recipients (the submission, an organisation's members, an access request, the platform
  // admins on gsi2; a mandate for its texts), each recipient's exactly-once marker (pk=NOTIFY#…: put, deleted if
  // the send fails), SES; SNS for the texts (lambdas/events/notification-texts.ts).
  'send-notification': {
    tables: { directory: { actions: ['GetItem', 'Query', 'PutItem', 'DeleteItem'], indexes: ['gsi2'] }, submissions: read(['GetItem']), register: read(['GetItem']) },
    buckets: { uploads: { read: [KEYS.uploads.notify] } },
    sendsEmail: true,
    sendsSms: true,
    readsAppUrl: true,
  },
} satisfies TriggerGrantTable;

/** Each event function's grant, looked up by its id. */
export const TRIGGER_GRANTS: Record<string, FunctionGrants> = GRANTS_BY_TRIGGER;
