import { AUDIT_ENTRY } from './common.js';
import { KEYS } from './keys.js';
import { type FunctionGrants, merge, read, type TriggerGrantTable } from './model.js';

/** What each function run by an event may do: S3 triggers and scheduled jobs by id (infra/definitions.ts), Cognito triggers by function name. */
const GRANTS_BY_TRIGGER = {
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
  'ingest-submission': {
    tables: { submissions: { actions: ['GetItem', 'UpdateItem'] }, history: { actions: ['BatchGetItem', 'BatchWriteItem', 'UpdateItem'] } },
    buckets: { uploads: { read: [KEYS.uploads.results], list: true } },
  },
  // The job, its recipients (the submission, an organisation's members, an access request, the platform
  // admins on gsi2), each recipient's exactly-once marker (pk=NOTIFY#…: put, deleted if the send fails), SES.
  'send-notification': {
    tables: { directory: { actions: ['GetItem', 'Query', 'PutItem', 'DeleteItem'], indexes: ['gsi2'] }, submissions: read(['GetItem']) },
    buckets: { uploads: { read: [KEYS.uploads.notify] } },
    sendsEmail: true,
    readsAppUrl: true,
  },
} satisfies TriggerGrantTable;

/** Each event function's grant, looked up by its id. */
export const TRIGGER_GRANTS: Record<string, FunctionGrants> = GRANTS_BY_TRIGGER;
