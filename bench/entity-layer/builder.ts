import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#adapters/aws-clients.js';
import { change, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import type { SummaryUpdate } from '#data/history/summary-attributes.js';
import { VERSION } from '#data/history/summary-items.js';
import { versioned, type EntityLayer, type HistoryItem } from './layer.js';

type Stored = Record<string, unknown> & { pk: string };
const when = conditionsOf<Stored>();

/** The project's builder, as summary-attributes.ts `send` calls it (its `withRemoved`, the version among the sets). */
function update(table: string, summary: SummaryUpdate) {
  const { set, condition } = versioned(summary);
  const fields = Object.assign(Object.fromEntries(summary.remove.map((name) => [name, change.remove()])), set);
  const check = !condition ? undefined : 'missing' in condition ? when.missing(VERSION) : when.is(VERSION, condition.is);
  return { TableName: table, Key: summary.key, ...updateOf<Stored>(fields, check, { wholeNames: true }) };
}

const put = (table: string, item: HistoryItem) => ({ TableName: table, Item: item });

export const builderLayer: EntityLayer = {
  name: 'builder',
  update,
  put,
  sendUpdate: (table, summary) => dynamo.send(new UpdateCommand(update(table, summary))),
  sendPut: (table, item) => dynamo.send(new PutCommand(put(table, item))),
};
