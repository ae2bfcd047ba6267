import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { change, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { batchGetAll, isConditionFailure, isValidationError, retrying } from '#adapters/dynamo/toolkit.js';
import { inParallel } from '#lib/concurrency.js';
import { VERSION } from './summary-items.js';

/**
 * Writing the borrower summary items of the history table (lambdas/data/history/summaries.ts): one plain
 * UpdateItem per item. A transaction bought nothing here (each item's update stands alone) and cost twice
 * the write units. Each update sets and removes named attributes only, so writers racing on one item
 * (two lenders naming one borrower) keep each other's entries; the one kind of write that rewrites an
 * attribute from what it read, a compaction, is conditioned on the version it read and planned again
 * from a fresh read when it loses the race.
 */
type Key = { pk: string; sk: string };
type Stored = Record<string, unknown> & { pk: string };

export interface SummaryUpdate {
  key: Key;
  /** Attributes to set, by name. */
  set: Record<string, unknown>;
  remove: readonly string[];
  /** When present, the update holds only if the item's version is still this (null: none yet), and bumps it. */
  version?: number | null;
}

/** One item's write: planned from the item as stored (undefined when absent); `compact` false plans one that needs no version. */
export interface PlannedWrite {
  key: Key;
  plan(stored: Stored | undefined, compact: boolean): SummaryUpdate | null;
}

/** Updates in flight at once (a chunk's; the chunks running at once multiply it). */
const IN_FLIGHT = 16;
/** Lost races before a write gives up compacting (it then only adds its entry). */
const RACES = 5;
const BUSY = 'Borrower records are busy; ingestion will be retried.';

const when = conditionsOf<Stored>();

/** The names to remove and the attributes to set, as one update's fields (a name both removed and set is set, as `applied` has it). */
const withRemoved = (set: Record<string, unknown>, remove: readonly string[]): Record<string, unknown> =>
  Object.assign(Object.fromEntries(remove.map((name) => [name, change.remove()])), set);

function send(table: string, update: SummaryUpdate) {
  // The version, when the update holds on it, is bumped with the other attributes.
  const versioned = update.version !== undefined;
  const set = versioned ? { ...update.set, [VERSION]: (update.version ?? 0) + 1 } : update.set;
  const condition = !versioned ? undefined : update.version === null ? when.missing(VERSION) : when.is(VERSION, update.version);
  return dynamo.send(
    new UpdateCommand({ TableName: table, Key: update.key, ...updateOf<Stored>(withRemoved(set, update.remove), condition, { wholeNames: true }) }),
  );
}

/** These summary items as stored now (eventually consistent: a write planned on a stale read loses its race and reads again). */
export async function readSummaryItems(keys: readonly Key[]): Promise<Map<string, Stored>> {
  const unique = [...new Map(keys.map((key) => [key.pk, key])).values()];
  const items = unique.length ? await batchGetAll<Stored>(tableName('history'), unique, { busy: BUSY }) : [];
  return new Map(items.map((item) => [item.pk, item]));
}

async function readFresh(table: string, key: Key): Promise<Stored | undefined> {
  const out = await dynamo.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
  return out.Item as Stored | undefined;
}

/**
 * Makes each planned write, IN_FLIGHT at once, throttling retried; answers the writes DynamoDB refused
 * (an item past 400 KB that an older stack let grow) after making every other one.
 */
export async function updateSummaryItems(writes: readonly PlannedWrite[], stored: ReadonlyMap<string, Stored>): Promise<PlannedWrite[]> {
  const table = tableName('history');
  const refused: PlannedWrite[] = [];
  await inParallel(writes, IN_FLIGHT, async (write) => {
    let update = write.plan(stored.get(write.key.pk), true);
    for (let lost = 0; update;) {
      try {
        await retrying(() => send(table, update!), 10);
        return;
      } catch (error) {
        if (isValidationError(error)) {
          refused.push(write);
          return;
        }
        if (!isConditionFailure(error)) throw error;
        lost++;
        update = write.plan(await readFresh(table, write.key), lost < RACES);
      }
    }
  });
  return refused;
}

/** Sets attributes on summary items as they are (marks and flags): the attributes of one item in one update. */
export async function setAttributes(writes: readonly { key: Key; name: string; value: unknown }[]): Promise<number> {
  const byItem = new Map<string, SummaryUpdate>();
  for (const write of writes) {
    const update = byItem.get(write.key.pk) ?? { key: write.key, set: {}, remove: [] };
    update.set[write.name] = write.value;
    byItem.set(write.key.pk, update);
  }
  const refused = await updateSummaryItems(
    [...byItem.values()].map((update) => ({ key: update.key, plan: () => update })),
    new Map(),
  );
  return refused.length;
}

/** The item as this update leaves it (what DynamoDB does with it): for weighing and testing plans without a table. */
export function applied(item: Record<string, unknown> | undefined, update: SummaryUpdate): Record<string, unknown> {
  const after: Record<string, unknown> = { ...(item ?? update.key) };
  for (const name of update.remove) delete after[name];
  Object.assign(after, update.set);
  if (update.version !== undefined) after[VERSION] = (update.version ?? 0) + 1;
  return after;
}
