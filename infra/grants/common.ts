import { type FunctionGrants, merge, read } from './model.js';

/** Needs several functions share: the audit log, notifications, the caller's roles. */

/**
 * Every state-changing request is recorded (lambdas/http/request-audit.ts): the caller's memberships
 * (Query gsi1 of the directory), then one audit entry. The audit log is append-only: PutItem, never
 * UpdateItem or DeleteItem.
 */
export const audited = (...parts: FunctionGrants[]) => merge({ tables: { directory: read([], 'gsi1'), audit: { actions: ['PutItem'] } } }, ...parts);
/**
 * An audit entry with `also` pointers (one per matched NRC): written as TransactWriteItems of Puts,
 * authorised as PutItem, so no API function holds BatchWriteItem (which would allow deletes) on the log. The one
 * that does is the validation trigger, for a file's check of every NRC it names (lambdas/data/file-checks.ts:
 * Puts only, on keys of their own; README Decisions).
 */
export const AUDIT_WITH_POINTERS: FunctionGrants = { tables: { audit: { actions: ['PutItem'] } } };
/** Reads of a registry search or lookup are audited, GET or not. */
export const AUDIT_ENTRY: FunctionGrants = { tables: { audit: { actions: ['PutItem'] } } };
/** An action that notifies writes its outbox item (pk=OUTBOX#…) in the directory, in the transaction of its change. */
export const NOTIFIES: FunctionGrants = { tables: { directory: { actions: ['PutItem'] } }, notifies: true };

/**
 * Every route's chain reads the caller's roles from the directory (lambdas/data/caller-directory.ts):
 * the user's memberships (Query gsi1 USER#{sub}) and platform-admin records (Query pk).
 */
export const CALLER: FunctionGrants = { tables: { directory: read(['Query'], 'gsi1') } };
