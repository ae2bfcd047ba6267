import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { chunked, inParallel } from '#lib/concurrency.js';
import { dynamo } from '../aws-clients.js';
import type { ReadExpressions } from './queries.js';

/**
 * The data toolkit: how every repository in lambdas/data pages, batches, retries and reads a refused
 * condition. The IAM check (test/infra/handler-calls.ts) counts the Query, Scan, BatchGetItem or
 * BatchWriteItem these functions send at their call, on the table the caller names.
 */

type Key = Record<string, unknown>;
type QueryInput = Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select'>;
type ScanInput = Omit<ScanCommandInput, 'ExclusiveStartKey' | 'Select'>;

/** BatchGetItem's own limit. */
export const BATCH_GET_KEYS = 100;
/** BatchWriteItem's own limit. */
export const BATCH_WRITE_ITEMS = 25;
/** Batches in flight at once unless a caller says otherwise. */
const CONCURRENCY = 16;
const ATTEMPTS = 10;

/** Every page of one Query, followed through LastEvaluatedKey. */
export async function queryAll<T = Key>(input: QueryInput): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Key | undefined;
  do {
    const out = await dynamo.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...((out.Items ?? []) as T[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Every page of one Scan, followed through LastEvaluatedKey. */
export async function scanAll(input: ScanInput): Promise<Key[]> {
  const items: Key[] = [];
  let ExclusiveStartKey: Key | undefined;
  do {
    const out = await dynamo.send(new ScanCommand({ ...input, ExclusiveStartKey }));
    items.push(...(out.Items ?? []));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/**
 * Where a Query resumes after this item: its key in the table, and in the index it was read from. Every
 * table keys on pk/sk and its index gsiN on gsiNpk/gsiNsk (shared/stores.ts).
 */
function resumeKey(item: Key, index: string | undefined): Key {
  const names = ['pk', 'sk', ...(index ? [`${index}pk`, `${index}sk`] : [])];
  return Object.fromEntries(names.map((name) => [name, item[name]]));
}

export interface PageRequest<T> {
  /** The most records a page holds. */
  limit: number;
  /** Where the page starts: a `next` of an earlier page; absent or null from the beginning. */
  start?: Key | null;
  /** The record an item holds, or null to skip it (a codec's parse). */
  read: (item: Key) => T | null;
  /** Filters applied in code, after DynamoDB's FilterExpression. */
  keep?: (record: T) => boolean;
}

/**
 * One page of a Query: the first `limit` records from `start`, reading DynamoDB's pages until it has them
 * or the Query ends; `next` is where the following page starts, null once the Query is read to its end.
 * Without `Limit` in the input each call asks DynamoDB for as many items as the page still lacks, so a page
 * ends where DynamoDB's does; with it (the size of DynamoDB's pages, for filters applied in code) a page may
 * end inside DynamoDB's, and continues after its last record's item (whose keys the read must not project away).
 */
export async function queryPage<T>(input: QueryInput, page: PageRequest<T>): Promise<{ items: T[]; next: Key | null }> {
  const records: T[] = [];
  let ExclusiveStartKey = page.start ?? undefined;
  if (page.limit < 1) return { items: records, next: ExclusiveStartKey ?? null };
  do {
    const out = await dynamo.send(new QueryCommand({ ...input, Limit: input.Limit ?? page.limit - records.length, ExclusiveStartKey }));
    const items = out.Items ?? [];
    ExclusiveStartKey = out.LastEvaluatedKey;
    for (const [i, item] of items.entries()) {
      const record = page.read(item);
      if (record === null || (page.keep && !page.keep(record))) continue;
      records.push(record);
      if (records.length === page.limit && i < items.length - 1) return { items: records, next: resumeKey(item, input.IndexName) };
    }
  } while (ExclusiveStartKey && records.length < page.limit);
  return { items: records, next: ExclusiveStartKey ?? null };
}

/** How many items one Query matches (after its filter), over every page, reading no attributes. */
export async function queryCount(input: QueryInput): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Key | undefined;
  do {
    const out = await dynamo.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey }));
    count += out.Count ?? 0;
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** Exponential backoff with full jitter (25 ms, 50 ms, … capped at 1 s), so retrying writers spread out. */
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(1000, 25 * 2 ** attempt)));

export interface BatchOptions {
  /** The message thrown when DynamoDB still holds items back after every retry. */
  busy: string;
  /** Batches in flight at once (default 16). */
  concurrency?: number;
}

/**
 * BatchGetItem over any number of keys: 100 a call, `concurrency` calls at once, retrying the keys
 * DynamoDB leaves unprocessed with backoff. Missing keys are simply absent from the result.
 */
export async function batchGetAll<T = Key>(
  table: string,
  keys: readonly Key[],
  options: BatchOptions & { projection?: Pick<ReadExpressions, 'ProjectionExpression' | 'ExpressionAttributeNames'>; consistentRead?: boolean },
): Promise<T[]> {
  const found: T[] = [];
  const read = {
    ...options.projection,
    ...(options.consistentRead ? { ConsistentRead: true } : {}),
  };
  await inParallel(chunked(keys, BATCH_GET_KEYS), options.concurrency ?? CONCURRENCY, async (part) => {
    let pending: Key[] = part;
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= ATTEMPTS) throw new Error(options.busy);
      if (attempt) await backoff(attempt);
      const out: BatchGetCommandOutput = await dynamo.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ...read } } }));
      found.push(...((out.Responses?.[table] ?? []) as T[]));
      pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
    }
  });
  return found;
}

/** One BatchWriteItem of at most 25 Puts, retrying what DynamoDB leaves unprocessed with backoff. */
async function writeBatch(table: string, part: readonly Key[], busy: string): Promise<void> {
  let pending = part.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt >= ATTEMPTS) throw new Error(busy);
    if (attempt) await backoff(attempt);
    const out = await dynamo.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = (out.UnprocessedItems?.[table] ?? []).flatMap((request) => (request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : []));
  }
}

/**
 * BatchWriteItem Puts of any number of items: 25 a call, `concurrency` calls at once, retrying unprocessed
 * items with backoff. With `onRefused`, an item DynamoDB refuses (past 400 KB, a key too long), which
 * refuses its whole batch, is handed to it once the batch's other items are written one by one.
 */
export async function batchWriteAll(table: string, items: readonly Key[], options: BatchOptions & { onRefused?: (item: Key) => void }): Promise<void> {
  await inParallel(chunked(items, BATCH_WRITE_ITEMS), options.concurrency ?? CONCURRENCY, async (part) => {
    try {
      await writeBatch(table, part, options.busy);
    } catch (error) {
      if (!options.onRefused || !isValidationError(error)) throw error;
      for (const item of part) {
        try {
          await writeBatch(table, [item], options.busy);
        } catch (alone) {
          if (!isValidationError(alone)) throw alone;
          options.onRefused(item);
        }
      }
    }
  });
}

type AwsError = { name?: string; CancellationReasons?: ({ Code?: string } | undefined)[] };

/** DynamoDB refused the request itself (an item past 400 KB, a key too long): sending it again changes nothing. */
export const isValidationError = (error: unknown): boolean => (error as AwsError | null)?.name === 'ValidationException';

/**
 * Whether a write was refused by its condition: a single write's ConditionalCheckFailedException, or a
 * cancelled transaction whose item `index` (any item when omitted) failed its condition.
 */
export function isConditionFailure(error: unknown, index?: number): boolean {
  const e = error as AwsError | null;
  if (e?.name === 'ConditionalCheckFailedException') return true;
  if (e?.name !== 'TransactionCanceledException') return false;
  const reasons = e.CancellationReasons ?? [];
  return index === undefined ? reasons.some((r) => r?.Code === 'ConditionalCheckFailed') : reasons[index]?.Code === 'ConditionalCheckFailed';
}

/** A transaction that lost a race with another one on the same items: safe to run again. */
export function isTransactionConflict(error: unknown): boolean {
  const e = error as AwsError | null;
  return (
    e?.name === 'TransactionConflictException' ||
    (e?.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r?.Code === 'TransactionConflict'))
  );
}

// InternalServerError too: DynamoDB asks for it to be retried.
const TRANSIENT = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TransactionConflictException',
  'InternalServerError',
]);
const TRANSIENT_REASONS = new Set(['None', 'TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/** Throttled, or cancelled only by conflicts and throttling (no condition refused): worth another attempt after a pause. */
export function isRetryable(error: unknown): boolean {
  const e = error as AwsError | null;
  if (TRANSIENT.has(e?.name ?? '')) return true;
  return e?.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).every((r) => TRANSIENT_REASONS.has(r?.Code ?? 'None'));
}

/**
 * Runs one write again while DynamoDB throttles it or cancels it for racing another transaction (at most
 * `attempts` tries, with backoff); a refused condition or any other error comes straight back.
 */
export async function retrying<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await backoff(attempt);
    }
  }
}
