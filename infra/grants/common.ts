import { isStateChanging, type RouteDef } from '#shared/routes/define.js';
import { type FunctionGrants, merge, type OwnActions, read, type Uses } from './model.js';

/**
 * Every route's chain reads the caller's roles from the directory (lambdas/data/directory/caller-access.ts):
 * the user's memberships (Query gsi1 USER#{sub}) and platform-admin records (Query pk).
 */
const CALLER: FunctionGrants = { tables: { directory: read(['Query'], 'gsi1') } };
/**
 * A route open to API clients (`openToClients`) finds the client of a token (Query gsi1 API_CLIENT#{id},
 * within CALLER's) and counts its requests in its rate-limit window (pk=RATE#api-client:…, UpdateItem).
 */
const CLIENT_CALLER: FunctionGrants = { tables: { directory: { actions: ['UpdateItem'] } } };
/**
 * An audit entry: every state-changing request is recorded (lambdas/http/request-audit.ts), and some reads
 * are too. The audit log is append-only: PutItem, never UpdateItem or DeleteItem. An entry with `also`
 * pointers (one per matched NRC) is written as TransactWriteItems of Puts, authorised as PutItem, so no API
 * function holds BatchWriteItem (which would allow deletes) on the log. The one that does is the validation
 * trigger, for a file's check of every NRC it names (lambdas/data/audit/file-checks.ts: Puts only, on keys of their own; README Decisions).
 */
const AUDIT_ENTRY: FunctionGrants = { tables: { audit: { actions: ['PutItem'] } } };
/** An action that notifies writes its outbox item (pk=OUTBOX#…) in the directory, in the transaction of its change. */
const NOTIFIES: FunctionGrants = { tables: { directory: { actions: ['PutItem'] } }, notifies: true };

/** A function's whole grant: its own actions, with what its `uses` implies (texts through SNS) and the notifications it queues. */
export function grantOf(uses: Uses, own: OwnActions = {}): FunctionGrants {
  return merge(own.notifies ? NOTIFIES : {}, own.audits ? AUDIT_ENTRY : {}, uses.sendsSms ? { sendsSms: true } : {}, own);
}

/** A route's whole grant: the caller's roles, an API client's limit, the audit entry of a state-changing request, and its own. */
export const routeGrantOf = (route: Pick<RouteDef, 'method' | 'uses' | 'openToClients'>, own: OwnActions = {}): FunctionGrants =>
  merge(CALLER, route.openToClients ? CLIENT_CALLER : {}, isStateChanging(route) ? AUDIT_ENTRY : {}, grantOf(route.uses, own));
