import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { AuthenticatedCaller } from '../lib/caller.js';
import { dynamo, tableName } from './clients.js';

/**
 * The audit log: append-only (items are only ever Put with a fresh id, never updated).
 * Keys: pk=DAY#{yyyy-mm-dd} sk={ts}#{id}; gsi1pk=SUBJECT#{subject} gsi1sk={ts}#{id} so one
 * NRC, user or record's whole trail is a single Query.
 */
export interface AuditEntry {
  actor: Pick<AuthenticatedCaller, 'userId' | 'email' | 'roles'> | null;
  org_id?: string | null;
  action: string;
  /** What it was done to: 'NRC#123456789', 'SUB#{id}', 'USER#{sub}', ... */
  subject: string;
  outcome: 'ok' | 'refused' | 'failed';
  details?: Record<string, unknown>;
}

export async function writeAudit(entry: AuditEntry): Promise<void> {
  const ts = new Date().toISOString();
  const id = randomUUID();
  await dynamo.send(
    new PutCommand({
      TableName: tableName('audit'),
      Item: {
        pk: `DAY#${ts.slice(0, 10)}`,
        sk: `${ts}#${id}`,
        gsi1pk: `SUBJECT#${entry.subject}`,
        gsi1sk: `${ts}#${id}`,
        id,
        ts,
        actor_id: entry.actor?.userId ?? null,
        actor_email: entry.actor?.email ?? null,
        actor_roles: entry.actor?.roles ?? [],
        org_id: entry.org_id ?? null,
        action: entry.action,
        subject: entry.subject,
        outcome: entry.outcome,
        details: entry.details ?? {},
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}
