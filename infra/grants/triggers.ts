import type { TriggerGrantTable } from './model.js';

/**
 * What the kinds of an event function's `uses` (infra/definitions.ts; their actions in kinds.ts) cannot say, by id
 * (a Cognito trigger by function name), each with its reason. Every other action comes from its `uses`
 * (trigger-grants.ts). An entry in the earlier style (a function's whole actions, its `uses` listing its stores)
 * is moved into its `uses` by scripts/uses-from-grants.ts; the IAM test fails while one is left.
 */
export const ACTIONS_BY_TRIGGER = {
  // BatchWriteItem may put or delete any item, so no kind holds it. The file's check of each NRC it names
  // (lambdas/data/audit/file-checks.ts) writes Puts only, on keys of their own: the one function with it on the audit log.
  'validate-upload': { tables: { audit: { actions: ['BatchWriteItem'] } } },
  // A chunk's rows into history, in batches.
  'ingest-chunk': { tables: { history: { actions: ['BatchWriteItem'] } } },
  // A register's chunk: its employees' items (two each), in batches.
  'ingest-register': { tables: { register: { actions: ['BatchWriteItem'] } } },
  // The outbox item's emails through SES, linking into the SPA (its URL's SSM parameter): neither is a store.
  'send-notification': { sendsEmail: true, readsAppUrl: true },
} satisfies TriggerGrantTable;
