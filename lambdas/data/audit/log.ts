import { randomUUID } from 'node:crypto';
import { PutCommand, type QueryCommandInput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { queryPage, retrying } from '#adapters/dynamo/toolkit.js';
import { chunked, inParallel } from '#lib/concurrency.js';
import { type AuditItem, auditItemSchema } from '#shared/api/audit.js';
import type { Role } from '#shared/roles.js';
import type { AuditSubject } from './subjects.js';

/**
 * The audit log: append-only (items are only ever Put with a fresh id, never updated or deleted; in AWS
 * the functions hold no UpdateItem or DeleteItem on this table). Keys:
 * - by day, newest first: pk=DAY#{yyyy-mm-dd} sk={ts}#{id}
 * - one subject's whole trail (an NRC, a user, a record): gsi1pk=SUBJECT#{subject} gsi1sk={ts}#{id}
 * An entry about several people (a fraud search that matched 40 NRCs) is one entry plus one small
 * pointer per NRC (`also`), so "who looked this NRC up" stays one Query on gsi1.
 */
export interface AuditEntry {
  /** Who did it, as the request's caller names them (an employee has no email); null for anonymous requests and jobs. */
  actor: { userId: string; email: string | null; roles: readonly Role[] } | null;
  org_id?: string | null;
  action: string;
  /** What it was done to (subjects.ts builds it: `auditSubject.nrc(digits)`, `auditSubject.submission(id)`, ...). */
  subject: AuditSubject;
  outcome: 'ok' | 'refused' | 'failed';
  details?: Record<string, unknown>;
  /** Further subjects the entry concerns (e.g. 'NRC#…' of every match): each gets a pointer entry. */
  also?: readonly AuditSubject[];
}

/** TransactWriteItems' own limit. */
const TRANSACTION_ITEMS = 100;
const PARALLEL = 8;

/** An entry as stored and read; `entry_id` only on a pointer. Readers default what older entries may lack. */
const auditCodec = defineCodec(
  'audit entry',
  auditItemSchema.extend({
    actor_id: auditItemSchema.shape.actor_id.default(null),
    actor_email: auditItemSchema.shape.actor_email.default(null),
    actor_roles: auditItemSchema.shape.actor_roles.default([]),
    org_id: auditItemSchema.shape.org_id.default(null),
    details: auditItemSchema.shape.details.default({}),
    entry_id: auditItemSchema.shape.entry_id.default(null),
  }),
  (e) => ({ pk: `DAY#${e.ts.slice(0, 10)}`, sk: `${e.ts}#${e.id}`, gsi1pk: `SUBJECT#${e.subject}`, gsi1sk: `${e.ts}#${e.id}` }),
);

/** The stored item of an entry (the capacity bench weighs it); a pointer names its entry and that entry's subject. */
export function auditItem(entry: Omit<AuditEntry, 'also'>, ts: string, id: string, pointer?: { entry_id: string; via: AuditSubject }) {
  const item = auditCodec.build({
    id,
    ts,
    actor_id: entry.actor?.userId ?? null,
    actor_email: entry.actor?.email ?? null,
    actor_roles: [...(entry.actor?.roles ?? [])],
    org_id: entry.org_id ?? null,
    action: entry.action,
    subject: entry.subject,
    outcome: entry.outcome,
    details: entry.details ?? {},
    ...(pointer ? { entry_id: pointer.entry_id } : {}),
  });
  // `via` is for a reader of the table itself: the API's entries do not carry it.
  return pointer ? { ...item, via: pointer.via } : item;
}

export async function writeAudit(entry: AuditEntry): Promise<void> {
  const ts = new Date().toISOString();
  const id = randomUUID();
  const { also = [], ...main } = entry;
  const table = tableName('audit');
  await dynamo.send(new PutCommand({ TableName: table, Item: auditItem(main, ts, id), ...conditionOf(conditionsOf<AuditItem>().missing('pk')) }));
  if (also.length === 0) return;
  // Pointers carry who, what and when, and name the entry they belong to; they hold no details. They are
  // written as transactions of conditional Puts (authorised as PutItem): the functions never hold
  // BatchWriteItem on the audit log, which would allow deletes too.
  const pointers = [...new Set(also)].map((subject) => ({
    Put: {
      TableName: table,
      Item: auditItem({ ...main, subject, details: {} }, ts, randomUUID(), { entry_id: id, via: entry.subject }),
      ...conditionOf(conditionsOf<AuditItem>().missing('pk')),
    },
  }));
  // Throttled or in conflict: tried again; the ids are fresh, so a retry never doubles an entry.
  await inParallel(chunked(pointers, TRANSACTION_ITEMS), PARALLEL, async (batch) => {
    await retrying(() => dynamo.send(new TransactWriteCommand({ TransactItems: batch })), 9);
  });
}

export interface AuditFilter {
  /** Inclusive days, YYYY-MM-DD; `to` is where reading starts (newest first). */
  from: string;
  to: string;
  action?: string;
  actor?: string;
  outcome?: AuditItem['outcome'];
  subject?: string;
}

const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Cursor: the day being read and DynamoDB's own last key there, as opaque base64url JSON. */
export const encodeCursor = (day: string, key: Record<string, unknown> | undefined) =>
  Buffer.from(JSON.stringify({ day, key: key ?? null })).toString('base64url');
/** A cursor names a day and, when it is inside one, nothing but the log's own key attributes. */
const cursorSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  key: z.partialRecord(z.enum(['pk', 'sk', 'gsi1pk', 'gsi1sk']), z.unknown()).nullable(),
});
export function decodeCursor(cursor: string): { day: string; key: Record<string, unknown> | null } | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Entries newest first, a page at a time: one Query per day partition (or on the subject index when a
 * subject is given), filters applied by DynamoDB. Never a Scan.
 */
const whenEntry = conditionsOf<AuditItem>();
export async function listAudit(filter: AuditFilter, limit: number, cursor?: { day: string; key: Record<string, unknown> | null }) {
  const conditions = [
    ...(filter.action ? [whenEntry.beginsWith('action', filter.action)] : []),
    ...(filter.actor ? [whenEntry.is('actor_email', filter.actor)] : []),
    ...(filter.outcome ? [whenEntry.is('outcome', filter.outcome)] : []),
  ];
  const read = conditions.length ? { filter: whenEntry.and(...conditions) } : {};
  const base = (): Partial<QueryCommandInput> => ({ TableName: tableName('audit'), ScanIndexForward: false });

  if (filter.subject) {
    const page = await queryPage(
      {
        ...base(),
        TableName: tableName('audit'),
        ...queryOf<AuditItem>({ IndexName: 'gsi1', pk: `SUBJECT#${filter.subject}`, sk: sortKey.between(filter.from, `${filter.to}~`), ...read }),
      },
      { limit, start: cursor?.key, read: auditCodec.parse },
    );
    return { items: page.items, next_cursor: page.next ? encodeCursor(filter.to, page.next) : null };
  }

  // One day partition after another, newest first, each from where the last page stopped.
  const items: AuditItem[] = [];
  let day = cursor?.day ?? filter.to;
  let key = cursor?.key ?? null;
  while (day >= filter.from && items.length < limit) {
    const page = await queryPage(
      { ...base(), TableName: tableName('audit'), ...queryOf<AuditItem>({ pk: `DAY#${day}`, ...read }) },
      { limit: limit - items.length, start: key, read: auditCodec.parse },
    );
    items.push(...page.items);
    key = page.next;
    if (!key) day = previousDay(day);
  }
  const more = day >= filter.from;
  return { items, next_cursor: more ? encodeCursor(day, key ?? undefined) : null };
}

/** Every entry about one subject, oldest first (an export: bounded by what one person's trail holds). */
export async function auditOfSubject(subject: AuditSubject, max = 5_000): Promise<AuditItem[]> {
  const page = await queryPage(
    { TableName: tableName('audit'), ...queryOf({ IndexName: 'gsi1', pk: `SUBJECT#${subject}` }) },
    { limit: max, read: auditCodec.parse },
  );
  return page.items;
}

/** The entries about one subject since `since` (an ISO time), newest first, at most `max`: one Query on gsi1. */
export async function recentAuditOfSubject(subject: AuditSubject, since: string, max: number, keep?: (item: AuditItem) => boolean): Promise<AuditItem[]> {
  const page = await queryPage(
    {
      TableName: tableName('audit'),
      ...queryOf({ IndexName: 'gsi1', pk: `SUBJECT#${subject}`, sk: sortKey.atLeast(since) }),
      ScanIndexForward: false,
    },
    { limit: max, read: auditCodec.parse, keep },
  );
  return page.items;
}
