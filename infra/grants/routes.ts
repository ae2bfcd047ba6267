import { ROUTES } from '#shared/routes/index.js';
import { routeGrantOf } from './common.js';
import { KEYS } from './keys.js';
import { type FunctionGrants, read, type RouteGrantTable } from './model.js';

/**
 * What each route's Lambda does with the stores its `uses` declares, by route id (shared/routes/*.ts), beyond
 * what `uses` and the route imply (common.ts): the caller's roles, the audit entry of every state-changing
 * request, texts when `uses.sendsSms`. `notifies`: it queues notifications; `audits`: a GET that writes an audit entry all the same.
 */
const ACTIONS_BY_ROUTE = {
  // system
  'get-health': { tables: { directory: read(['DescribeTable']) }, buckets: { uploads: { list: true } }, userPool: ['DescribeUserPool'] },

  // accounts (public): the rate-limit windows (pk=RATE#…) are the one write of the availability check.
  'get-email-availability': { tables: { directory: { actions: ['GetItem', 'UpdateItem'] } }, userPool: ['AdminGetUser'] },
  'create-access-request': {
    tables: { directory: { actions: ['GetItem', 'PutItem', 'UpdateItem'], indexes: ['gsi1'] } },
    buckets: { onboarding: { write: [KEYS.onboarding.requests] } },
    userPool: ['AdminGetUser'],
  },
  'renew-access-request': {
    tables: { directory: { actions: ['GetItem', 'PutItem'], indexes: ['gsi1'] } },
    buckets: { onboarding: { write: [KEYS.onboarding.requests] } },
  },
  'accept-team-invite': { tables: { directory: { actions: ['UpdateItem', 'PutItem'], indexes: ['gsi1'] } }, userPool: ['AdminAddUserToGroup', 'AdminGetUser'] },
  'decline-team-invite': { tables: { directory: { actions: ['GetItem', 'UpdateItem', 'DeleteItem'] } } },

  // submissions
  // A register's upload reads the payroll authority (GetItem pk=SETTING sk=payroll_authority); a deduction
  // file counts against its organisation's validations of the day: the settings (Query) and one counter (UpdateItem ADD, pk=RATE#…).
  'create-upload': {
    tables: { directory: read(['GetItem', 'Query', 'UpdateItem'], 'gsi1'), submissions: { actions: ['PutItem', 'Query'] } },
    buckets: { uploads: { write: [KEYS.uploads.incoming] } },
  },
  'get-upload': { tables: { submissions: read(['GetItem']) }, buckets: { uploads: { read: [KEYS.uploads.results], list: true } } },
  'get-upload-report': { tables: { submissions: read(['GetItem']) }, buckets: { uploads: { read: [KEYS.uploads.results] } } },
  'get-upload-signals': { tables: { submissions: read(['GetItem']) }, buckets: { uploads: { read: [KEYS.uploads.results], list: true } } },
  // Submit reads the platform's settings: the submission window marks a late file or refuses it; a register's,
  // the payroll authority, the current register and the one proposal it opens (lambdas/data/register/proposals.ts).
  'submit-upload': {
    // directory PutItem: an applied file's reconciliation.ready webhook events (lambdas/data/webhooks/events.ts).
    tables: {
      directory: { actions: ['Query', 'GetItem', 'PutItem'], indexes: ['gsi1'] },
      submissions: { actions: ['GetItem', 'PutItem', 'UpdateItem', 'Query'] },
      register: { actions: ['GetItem', 'PutItem'] },
    },
    buckets: {
      uploads: {
        read: [KEYS.uploads.incoming, KEYS.uploads.ingest],
        write: [...KEYS.uploads.stored, KEYS.uploads.ingest, KEYS.uploads.storedRegister, KEYS.uploads.storedApplied, KEYS.uploads.unexpectedJobs],
        list: true,
      },
      onboarding: { write: [KEYS.onboarding.stored] },
    },
  },
  'get-submission': { tables: { submissions: read(['GetItem']) } },
  // reviews and reports (lambdas/data/submissions/reviews.ts, review-list.ts): index reads, status changes conditioned on the status
  'list-submissions': { tables: { submissions: read([], 'gsi1', 'gsi2') } },
  'decide-submission': { notifies: true, tables: { submissions: { actions: ['GetItem', 'UpdateItem'] } } },
  'decide-submissions': { notifies: true, tables: { submissions: { actions: ['GetItem', 'UpdateItem'] } } },
  'assign-submission': {
    notifies: true,
    tables: { submissions: { actions: ['GetItem', 'UpdateItem'] } },
    userPool: ['AdminGetUser'],
  },
  'get-submission-file': {
    audits: true,
    tables: { submissions: read(['GetItem']) },
    buckets: { uploads: { read: [...KEYS.uploads.stored], list: true } },
  },
  'list-pmec-admins': { userPool: ['ListUsersInGroup'] },

  // fraud registry
  'create-fraud-attachment-upload': { buckets: { evidence: { write: [KEYS.evidence.staging] } } },
  // A report is filed as the organisation holding its payee key (gsi1), checked against the filer's
  // membership of it (GetItem; their memberships, gsi1, to name their own keys on a refusal).
  // The organisation's hourly count of reports (pk=RATE#…) is the directory's one write.
  'create-fraud-report': {
    tables: { registry: { actions: ['GetItem', 'PutItem', 'UpdateItem'] }, directory: { actions: ['UpdateItem'], indexes: ['gsi1'] } },
    buckets: {
      evidence: {
        // Reads the filed key only to refuse overwriting it; deletes only the staged copy.
        read: [KEYS.evidence.staging, KEYS.evidence.filed],
        write: [KEYS.evidence.filed],
        delete: [KEYS.evidence.staging],
        list: true,
      },
    },
  },
  // The lists say whether the caller may withdraw each report: the caller's memberships (gsi1).
  'list-fraud-reports': { audits: true, tables: { registry: read([], 'gsi1') }, buckets: { evidence: { read: [KEYS.evidence.filed] } } },
  'search-fraud-reports': { tables: { registry: read(['BatchGetItem']) }, buckets: { evidence: { read: [KEYS.evidence.filed] } } },
  // The report by its pointer, then one transaction: its status, its NRC summary, the digest.
  'withdraw-fraud-report': {
    notifies: true,
    tables: { registry: { actions: ['GetItem', 'UpdateItem'] } },
    buckets: { evidence: { read: [KEYS.evidence.filed] } },
  },
  'check-fraud-registry': { tables: { registry: read(['BatchGetItem']) } },

  // team
  'get-team': { tables: { directory: read(['GetItem', 'Query'], 'gsi1') } },
  'add-team-member': {
    notifies: true,
    tables: { directory: { actions: ['GetItem', 'PutItem'], indexes: ['gsi1'] } },
    userPool: ['AdminGetUser', 'AdminCreateUser'],
  },
  'change-member-role': {
    tables: { directory: { actions: ['GetItem', 'Query', 'UpdateItem'], indexes: ['gsi1'] } },
    userPool: ['AdminAddUserToGroup', 'AdminRemoveUserFromGroup'],
  },
  // API clients (lambdas/data/api-clients/): the admin's organisation and membership (GetItem, as the team's
  // routes read them), the organisation's clients (Query pk), the record and its name guard (transactions),
  // and the client's Cognito app client.
  'list-api-clients': { tables: { directory: read(['GetItem', 'Query']) } },
  'create-api-client': { tables: { directory: { actions: ['GetItem', 'Query', 'PutItem'] } }, userPool: ['CreateUserPoolClient', 'DeleteUserPoolClient'] },
  'rotate-api-client': {
    tables: { directory: { actions: ['GetItem', 'Query', 'PutItem', 'DeleteItem'] } },
    userPool: ['CreateUserPoolClient', 'DeleteUserPoolClient'],
  },
  'delete-api-client': { tables: { directory: { actions: ['GetItem', 'Query', 'DeleteItem'] } }, userPool: ['DeleteUserPoolClient'] },
  // Webhook endpoints (lambdas/data/webhooks/): the organisation's endpoints (Query pk=ORG#…), one put, replaced or deleted.
  'create-webhook': { tables: { directory: { actions: ['Query', 'PutItem'] } } },
  'rotate-webhook': { tables: { directory: { actions: ['Query', 'PutItem'] } } },
  'delete-webhook': { tables: { directory: { actions: ['Query', 'DeleteItem'] } } },
  'remove-team-member': {
    tables: { directory: { actions: ['GetItem', 'Query', 'UpdateItem'], indexes: ['gsi1'] } },
    userPool: ['AdminRemoveUserFromGroup', 'AdminUserGlobalSignOut'],
  },

  // administration
  'get-admin-metrics': { tables: { directory: read(['Scan'], 'gsi2') }, userPool: ['ListUsers', 'ListUsersInGroup'] },
  // A pending request's existing organisation: its guard and record (GetItem), by payee key (gsi1), its admins (Query).
  'list-access-requests': { tables: { directory: read(['GetItem', 'Query'], 'gsi1', 'gsi2') } },
  'get-access-request-documents': { audits: true, tables: { directory: read(['GetItem']) }, buckets: { onboarding: { read: [KEYS.onboarding.requests] } } },
  'decide-access-request': {
    notifies: true,
    // Scan: a new organisation's name against those approved before names were guarded.
    tables: { directory: { actions: ['GetItem', 'Query', 'Scan', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'], indexes: ['gsi1'] } },
    buckets: { onboarding: { delete: [KEYS.onboarding.requests] } },
    // Revoking an approved request takes the role group and ends the person's sessions.
    userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'AdminUserGlobalSignOut', 'AdminDeleteUser'],
  },
  // The inspector reads the last sign-in (GetItem pk=SIGNIN#…), as do the decisions and deletion that inspect.
  'get-user-links': { tables: { directory: read(['GetItem', 'Query'], 'gsi1') }, userPool: ['AdminGetUser', 'AdminListGroupsForUser'] },
  'delete-auth-user': { tables: { directory: read(['GetItem', 'Query'], 'gsi1') }, userPool: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminDeleteUser'] },
  // Listing repairs a missing platform-admin record of a group member (ensurePlatformAdminRecord), audited.
  'list-platform-admins': { tables: { directory: read([], 'gsi2') } },
  // One filtered Scan of memberships, as the census's.
  'list-role-mismatches': { tables: { directory: read(['Scan']) } },
  'add-platform-admin': {
    notifies: true,
    tables: { directory: { actions: ['PutItem'], indexes: ['gsi1'] } },
    userPool: ['AdminGetUser', 'AdminCreateUser'],
  },
  'remove-platform-admin': {
    tables: { directory: { actions: ['GetItem', 'UpdateItem', 'DeleteItem'], indexes: ['gsi1', 'gsi2'] } },
    userPool: ['AdminRemoveUserFromGroup', 'AdminUserGlobalSignOut'],
  },

  // audit log: reading it is audited too
  'list-audit': { audits: true, tables: { audit: read(['Query'], 'gsi1') } },
  'get-nrc-audit': { audits: true, tables: { audit: read([], 'gsi1') } },

  // insight
  // The borrower summaries (history), the status of the submissions they name, the exposure limits; the applied
  // deductions file a month records (GetItem pk=RECONCILIATION#…), whose lines on history count.
  'get-history': {
    audits: true,
    tables: { history: read(['Query', 'BatchGetItem']), submissions: read(['BatchGetItem', 'GetItem']), directory: read(['Query'], 'gsi1') },
  },
  // Counts disputes waiting by status (gsi1) or by organisation (gsi2).
  'get-dashboard-metrics': {
    tables: { submissions: read(['BatchGetItem'], 'gsi1', 'gsi2'), directory: read(['Query'], 'gsi1') },
    userPool: ['ListUsersInGroup'],
  },
  'get-billing': { tables: { submissions: read(['BatchGetItem']), directory: read(['GetItem'], 'gsi1', 'gsi2') } },
  'find-billing-organisation': { tables: { directory: read(['GetItem'], 'gsi1') } },
  'set-billing-plan': { tables: { directory: { actions: ['GetItem', 'PutItem'], indexes: ['gsi1'] } } },

  // disputes (lambdas/data/disputes/disputes.ts: pk=DISPUTE#…; gsi1 by status, gsi2 by organisation). Rights read the
  // caller's memberships (directory gsi1); opening reads the payee key's organisation (gsi1) and the deduction.
  // The lender's email names whose deduction it is: the NRC's entry on the register, a leaver's too (lambdas/data/register/leavers.ts).
  'open-dispute': {
    notifies: true,
    tables: { history: read(['GetItem']), submissions: { actions: ['PutItem'] }, register: read(['GetItem', 'Query', 'BatchGetItem']) },
  },
  'list-disputes': { tables: { submissions: read([], 'gsi1', 'gsi2') } },
  // Its evidence links name the VersionId whose first bytes were checked (lambdas/data/disputes/evidence.ts).
  'get-dispute': {
    tables: { submissions: read(['GetItem']) },
    buckets: { evidence: { read: [KEYS.evidence.disputes], readVersions: [KEYS.evidence.disputes], list: true } },
  },
  'respond-to-dispute': { tables: { submissions: { actions: ['GetItem', 'UpdateItem'] } } },
  // The decision is one transaction: the dispute, its guard, and when upheld the history mark and NRC summary entry.
  'decide-dispute': {
    notifies: true,
    tables: {
      submissions: { actions: ['GetItem', 'UpdateItem', 'DeleteItem'] },
      history: { actions: ['PutItem', 'UpdateItem'] },
      registry: { actions: ['Query', 'UpdateItem'] },
    },
  },
  'create-dispute-evidence-upload': {
    tables: { submissions: { actions: ['GetItem', 'UpdateItem'] } },
    buckets: { evidence: { write: [KEYS.evidence.disputes] } },
  },

  // the employee portal (the caller's own NRC, from their directory link): history, the statuses of its
  // submissions, their signals by NRC (results/{id}/signals-by-nrc/), the NRC's disputes (submissions gsi3),
  // its trail in the audit log (gsi1) with the organisations' names; the applied file a month records (GetItem).
  'list-my-deductions': {
    tables: { history: read(['Query']), submissions: read(['BatchGetItem', 'GetItem'], 'gsi3') },
    buckets: { uploads: { read: [KEYS.uploads.results], list: true } },
  },
  'list-my-lookups': { tables: { audit: read([], 'gsi1'), directory: read(['GetItem']) } },
  'list-my-disputes': { tables: { submissions: read([], 'gsi3') } },
  // Reporting takes the new dispute's first evidence slot (UpdateItem, GetItem when refused) for the file it names;
  // the lender's email names the employee from the register, a leaver's too (lambdas/data/register/leavers.ts).
  'list-my-unexpected': { tables: { submissions: read(['Query']) } },
  // The dispute as reporting a deduction opens it (lambdas/api/common/dispute-opening.ts), marked "not approved", and the record's dispute noted.
  'report-my-unexpected': {
    notifies: true,
    tables: {
      submissions: { actions: ['GetItem', 'PutItem', 'UpdateItem'] },
      register: read(['GetItem', 'Query', 'BatchGetItem']),
    },
  },
  'report-my-deduction': {
    notifies: true,
    tables: {
      history: read(['GetItem']),
      submissions: { actions: ['GetItem', 'PutItem', 'UpdateItem'] },
      register: read(['GetItem', 'Query', 'BatchGetItem']),
    },
    buckets: { evidence: { write: [KEYS.evidence.disputes] } },
  },
  // register (lambdas/data/register/versions.ts): the current register's pointer; a refusal is audited
  'get-register': { audits: true, tables: { register: read(['GetItem']) } },
  // The month's reconciliation (pk=RECONCILIATION#…), a lender's lines and its CSV link (results/); the caller's
  // organisation and the one holding a payee key (gsi1); a refusal audited.
  'get-reconciliation': {
    audits: true,
    tables: { directory: read(['GetItem', 'Query'], 'gsi1'), submissions: read(['GetItem']) },
    buckets: { uploads: { read: [KEYS.uploads.results], list: true } },
  },
  // remittances (lambdas/data/payroll/remittances.ts): the month's reconciliation (GetItem) and receipts (Query
  // pk=REMITTANCE#…; a receipt's conditional PutItem, a resolution's UpdateItem), the lender's lines and the statement's
  // files (results/…/remittance/, made once: HEAD then PutObject), the payroll authority and the payee key's organisation.
  'list-remittances': {
    tables: { directory: read(['GetItem']), submissions: read(['GetItem', 'Query']) },
    buckets: { uploads: { read: [KEYS.uploads.results], write: [KEYS.uploads.results], list: true } },
  },
  'record-remittance-receipt': {
    tables: { directory: read(['GetItem', 'Query'], 'gsi1'), submissions: { actions: ['GetItem', 'PutItem'] } },
    buckets: { uploads: { read: [KEYS.uploads.results], write: [KEYS.uploads.results], list: true } },
  },
  'resolve-remittance-difference': {
    tables: { directory: read(['GetItem', 'Query'], 'gsi1'), submissions: { actions: ['GetItem', 'UpdateItem'] } },
    buckets: { uploads: { read: [KEYS.uploads.results], write: [KEYS.uploads.results], list: true } },
  },
  // A proposal's decision: the payroll authority (directory GetItem), the open proposal, the current register,
  // one transaction emptying the slot and writing the decision (Delete, Put); approval writes the ingestion jobs.
  'decide-register-proposal': {
    tables: { directory: read(['GetItem']), register: { actions: ['GetItem', 'DeleteItem', 'PutItem'] } },
    buckets: { uploads: { write: [KEYS.uploads.registerJobs] } },
  },

  // payroll (lambdas/data/payroll/): the payroll authority (GetItem), the month's COMPLETED submissions (gsi1: their
  // fingerprint), the drawn schedule (GetItem pk=SCHEDULE#… sk=DRAWN), the versions (Query; a download's conditional
  // PutItem), a draw job asked (HEAD then PutObject under schedule-draws/) and a version's files copied from the draw.
  'get-payroll-schedule': {
    audits: true,
    tables: { directory: read(['GetItem']), submissions: read(['GetItem', 'Query'], 'gsi1') },
    buckets: { uploads: { read: [KEYS.uploads.payroll, KEYS.uploads.scheduleDraws], write: [KEYS.uploads.scheduleDraws], list: true } },
  },
  'download-payroll-schedule': {
    tables: { directory: read(['GetItem']), submissions: { actions: ['GetItem', 'Query', 'PutItem'], indexes: ['gsi1'] } },
    buckets: { uploads: { read: [KEYS.uploads.payroll, KEYS.uploads.scheduleDraws], write: [KEYS.uploads.payroll, KEYS.uploads.scheduleDraws], list: true } },
  },

  // settings (lambdas/data/settings/settings.ts: pk=SETTING)
  'get-settings': { tables: { directory: read(['Query']) } },
  // The payroll authority: the organisation named (GetItem), the one it replaces, the change emailed.
  'update-settings': { notifies: true, tables: { directory: { actions: ['Query', 'GetItem', 'PutItem'] } } },
  'list-pmec-organisations': { tables: { directory: read(['Scan']) } },

  // mandates (lambdas/data/mandates/mandates.ts: pk=MANDATE#…; gsi2 the payee key's claimed ones): the claim reads the
  // mandate and the payee key's organisation (gsi1), then one transaction: the mandate's conditional update
  // and its mirror on the NRC summary (history, lambdas/data/mandates/mirror.ts); the employee is texted.
  'claim-mandate': {
    notifies: true,
    tables: { directory: { actions: ['GetItem', 'Query', 'UpdateItem'], indexes: ['gsi1'] }, history: { actions: ['UpdateItem'] } },
  },
  'get-mandate-requirement': { tables: { directory: read(['Query']) } },
  'list-mandates': { tables: { directory: read(['GetItem', 'Query'], 'gsi1', 'gsi2') } },
  // The employee's side (the employee's link is read by the chain): a mandate is put under a fresh
  // number (deleted again when its SMS cannot be sent), texted to the register's mobile (register GetItem),
  // after the employee's open mandates are counted (gsi1) and the day's mandates and texts (pk=RATE#…).
  'list-my-mandates': { tables: { directory: read(['Query'], 'gsi1') } },
  'get-mandate-lender': { tables: { directory: read(['Query'], 'gsi1') } },
  'give-mandate': {
    tables: { directory: { actions: ['Query', 'PutItem', 'DeleteItem', 'GetItem', 'UpdateItem'], indexes: ['gsi1'] }, register: read(['GetItem']) },
  },
  'revoke-mandate': { tables: { directory: { actions: ['GetItem', 'UpdateItem'] }, history: { actions: ['UpdateItem'] } } },
  // employee: the code route counts (pk=RATE#…), reads the register's entry, makes the employee's user in
  // their pool, writes the link (pk=EMPLOYEE#…) and the code (pk=EMPLOYEE_CODE#…), and texts it; an old
  // mobile still receiving codes (pk=OLD_MOBILE#…, GetItem) is texted a code of its own.
  // A leaver's entry (lambdas/data/register/leavers.ts): the registers since (Query pk=MONTH) and their entries for the NRC (BatchGetItem).
  'request-employee-code': {
    tables: { directory: { actions: ['UpdateItem', 'PutItem', 'GetItem'] }, register: read(['GetItem', 'Query', 'BatchGetItem']) },
    employeePool: ['AdminGetUser', 'AdminCreateUser', 'AdminSetUserPassword'],
  },
  'get-employee-me': { tables: { directory: read(['Query']) } },
} satisfies RouteGrantTable;

/** Each route's whole grant, looked up by the route's id. */
export const ROUTE_GRANTS: Record<string, FunctionGrants> = Object.fromEntries(
  ROUTES.map((route) => [route.id, routeGrantOf(route, (ACTIONS_BY_ROUTE as RouteGrantTable)[route.id])]),
);
