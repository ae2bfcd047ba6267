import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { change, updateOf, type Updates } from '#adapters/dynamo/expressions.js';
import { batchGetAll } from '#adapters/dynamo/toolkit.js';
import { ZAMBIA_UTC_OFFSET_MINUTES } from '#shared/rules/dates.js';

/**
 * Dashboard counters in the submissions table: pk=COUNTER#{scope} sk={period}.
 * - scope: ALL (platform-wide) or ORG#{org_id}
 * - period: Y#{yyyy}, M#{yyyy-mm} or D#{yyyy-mm-dd}, in Zambia's time (UTC+2) of the submission's created_at
 * - attributes: submissions, late_submissions (after their month's window closed), inputs_rows,
 *   stoppages_rows (rows ingested into borrower history)
 * They only ever grow by ADD, inside the same transaction as the one-time write that makes the event
 * happen (creating a submission, recording its ingestion counts), so a retry never counts twice.
 */
export type CounterField = 'submissions' | 'late_submissions' | 'inputs_rows' | 'stoppages_rows';

export const counterKey = (scope: string, period: string) => ({ pk: `COUNTER#${scope}`, sk: period });

/** The scopes a submission counts in: the platform, and its organisation when it has one. */
export function counterScopes(orgId: string | null | undefined): string[] {
  return orgId ? ['ALL', `ORG#${orgId}`] : ['ALL'];
}

/** Year, month and day periods of an instant, in Zambia's time. */
export function counterPeriods(iso: string): string[] {
  const local = new Date(Date.parse(iso) + ZAMBIA_UTC_OFFSET_MINUTES * 60_000).toISOString();
  return [`Y#${local.slice(0, 4)}`, `M#${local.slice(0, 7)}`, `D#${local.slice(0, 10)}`];
}

/** The transaction items adding `adds` to every counter of these scopes and periods. */
export function counterUpdates(scopes: readonly string[], createdAt: string, adds: Partial<Record<CounterField, number>>) {
  const fields = Object.entries(adds).filter(([, value]) => value !== undefined && value !== 0) as [CounterField, number][];
  if (fields.length === 0) return [];
  const updates: Updates<CounterFigures> = {};
  for (const [field, value] of fields) updates[field] = change.add(value);
  return scopes.flatMap((scope) =>
    counterPeriods(createdAt).map((period) => ({
      Update: {
        TableName: tableName('submissions'),
        Key: counterKey(scope, period),
        ...updateOf<CounterFigures>(updates),
      },
    })),
  );
}

/** A counter's figures; a field never added to is zero. Written only by ADD (counterUpdates), never put whole. */
const count = z.number().default(0);
const counterCodec = defineCodec(
  'counter',
  z.object({ submissions: count, late_submissions: count, inputs_rows: count, stoppages_rows: count } satisfies Record<CounterField, typeof count>),
);
export type CounterFigures = Record<CounterField, number>;
const ZERO: CounterFigures = { submissions: 0, late_submissions: 0, inputs_rows: 0, stoppages_rows: 0 };
const figuresOf = (item: Record<string, unknown> | undefined): CounterFigures => counterCodec.parse(item) ?? ZERO;

/** One counter item's figures (zeros when nothing was counted yet). */
export async function getCounter(scope: string, period: string): Promise<CounterFigures> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: counterKey(scope, period), ConsistentRead: true }));
  return figuresOf(out.Item);
}

/**
 * Many counter items at once, in BatchGets of 100 (run together), retrying unprocessed keys; missing
 * items read as zeros. Keyed `${scope}|${period}`. Strongly consistent, so a Refresh right after a
 * submission shows it.
 */
export async function getCounters(keys: readonly { scope: string; period: string }[]): Promise<Map<string, CounterFigures>> {
  const table = tableName('submissions');
  const result = new Map<string, CounterFigures>(keys.map(({ scope, period }) => [`${scope}|${period}`, figuresOf(undefined)]));
  const unique = [...new Set(result.keys())].map((id) => {
    const [scope, period] = id.split('|') as [string, string];
    return counterKey(scope, period);
  });
  const found = await batchGetAll(table, unique, { consistentRead: true, busy: 'The dashboard counters are busy; try again.' });
  for (const item of found) result.set(`${String(item.pk).slice('COUNTER#'.length)}|${String(item.sk)}`, figuresOf(item));
  return result;
}
