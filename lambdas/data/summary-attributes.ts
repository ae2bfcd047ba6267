import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { chunked, inParallel } from '../lib/concurrency.js';
import { dynamo, tableName } from './clients.js';
import { batchGetAll, isValidationError, refusedItems, retrying } from './dynamo.js';
import { boundedWrite } from './summary-bounds.js';

/** One attribute to set on one summary item of the history table (made if absent). */
export interface AttributeWrite {
  key: { pk: string; sk: string };
  name: string;
  value: unknown;
}

interface Update extends AttributeWrite {
  set: boolean;
  remove: readonly string[];
}

const PARALLEL = 16;
/** TransactWriteItems' own limit. */
const TRANSACTION_ITEMS = 100;
const BUSY = 'Borrower records are busy; ingestion will be retried.';

function send(table: string, updates: readonly Update[]) {
  return dynamo.send(
    new TransactWriteCommand({
      TransactItems: updates.map((update) => {
        const names: Record<string, string> = update.set ? { '#entry': update.name } : {};
        update.remove.forEach((field, i) => (names[`#r${i}`] = field));
        const set = update.set ? 'SET #entry = :entry' : '';
        const remove = update.remove.length ? `REMOVE ${update.remove.map((_, i) => `#r${i}`).join(', ')}` : '';
        return {
          Update: {
            TableName: table,
            Key: update.key,
            UpdateExpression: `${set} ${remove}`.trim(),
            ExpressionAttributeNames: names,
            ...(update.set ? { ExpressionAttributeValues: { ':entry': update.value } } : {}),
          },
        };
      }),
    }),
  );
}

/**
 * One transaction of these updates, tried again while it races another lender's; answers the updates
 * DynamoDB refused (an item past 400 KB, a key too long) after writing every other one, so one item
 * that cannot take its update never holds back the rest.
 */
async function transact(table: string, updates: readonly Update[]): Promise<Update[]> {
  if (!updates.length) return [];
  try {
    await retrying(() => send(table, updates), 10);
    return [];
  } catch (error) {
    const refused = refusedItems(error);
    if (refused.length) return [...refused.map((i) => updates[i]!), ...(await transact(table, updates.filter((_, i) => !refused.includes(i))))];
    if (!isValidationError(error)) throw error;
    if (updates.length === 1) return [...updates];
    // Refused whole without naming an item: each is tried on its own.
    const alone: Update[] = [];
    for (const update of updates) alone.push(...(await transact(table, [update])));
    return alone;
  }
}

/**
 * Sets one attribute on each of these summary items: one transaction of up to 100 keyed updates per call,
 * one request instead of a hundred; a call that races another lender's on the same borrower is cancelled
 * whole and tried again. With `bounded`, each item is read first and the write also removes what the
 * item's bounds no longer keep (summary-bounds.ts). Answers the writes DynamoDB refused; all others are made.
 */
export async function setAttributes(writes: readonly AttributeWrite[], options: { bounded?: boolean } = {}): Promise<AttributeWrite[]> {
  const table = tableName('history');
  const refused: AttributeWrite[] = [];
  await inParallel(chunked(writes, TRANSACTION_ITEMS), PARALLEL, async (chunk) => {
    let updates: Update[] = chunk.map((write) => ({ ...write, set: true, remove: [] }));
    if (options.bounded) {
      const items = await batchGetAll<Record<string, unknown> & { pk: string }>(table, chunk.map((write) => write.key), { busy: BUSY });
      const stored = new Map(items.map((item) => [item.pk, item]));
      updates = chunk
        .map((write) => ({ ...write, ...boundedWrite(stored.get(write.key.pk), write.name, write.value) }))
        .filter((update) => update.set || update.remove.length > 0);
    }
    const failed = await transact(table, updates);
    refused.push(...failed.map(({ key, name, value }) => ({ key, name, value })));
  });
  return refused;
}
