import { randomUUID } from 'node:crypto';
import type { SeededOrg } from '../test/fixtures/submissions/directory.js';

/**
 * Submissions and their dashboard counters for the read benchmarks (metrics, reads), written straight
 * to DynamoDB Local in the key design of lambdas/data/submissions/submissions.ts and counters.ts. Import after the
 * twin's env is set: the writes go through the platform's own client.
 */
export type Item = Record<string, unknown>;
const PARALLEL = 16;

/** Puts items 25 a call, PARALLEL calls in flight, retrying unprocessed ones; stops taking new batches at `deadline`. */
export async function putAll(table: string, items: Iterable<Item>, deadline = Infinity): Promise<number> {
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamo } = await import('#adapters/aws-clients.js');
  const iterator = items[Symbol.iterator]();
  let written = 0;
  const nextBatch = () => {
    const batch: Item[] = [];
    for (let r = iterator.next(); !r.done; r = batch.length < 25 ? iterator.next() : { done: true, value: undefined }) batch.push(r.value);
    return batch;
  };
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let batch = nextBatch(); batch.length && performance.now() < deadline; batch = nextBatch()) {
        let pending = batch.map((Item) => ({ PutRequest: { Item } }));
        while (pending.length) {
          const out = await dynamo.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
          pending = (out.UnprocessedItems?.[table] as typeof pending | undefined) ?? [];
        }
        written += batch.length;
      }
    }),
  );
  return written;
}

export interface BenchSubmission {
  id: string;
  org: SeededOrg;
  created: string;
  kind: 'inputs' | 'stoppages';
  month: string;
  rows: number;
  status: string;
}

/** `count` submissions spread over the last 12 months and the organisations, each of `rows` rows, newest first. */
export function benchSubmissions(
  count: number,
  orgs: readonly SeededOrg[],
  rows: number,
  statusOf: (j: number) => string = () => 'pending',
): BenchSubmission[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, j) => {
    const org = orgs[j % orgs.length]!;
    const created = new Date(now - Math.floor((j / count) * 360) * 86_400_000 - (j % 600) * 1000).toISOString();
    const kind = j % 5 === 4 ? 'stoppages' : 'inputs';
    return { id: randomUUID(), org, created, kind, month: created.slice(0, 7), rows, status: statusOf(j) };
  });
}

/** A submission's item as submit and review leave it (ingested). */
export const submissionItem = (s: BenchSubmission): Item => ({
  pk: `SUB#${s.id}`,
  sk: 'META',
  gsi1pk: `STATUS#${s.status}`,
  gsi1sk: s.created,
  gsi2pk: `ORG#${s.org.orgId}`,
  gsi2sk: s.created,
  id: s.id,
  created_at: s.created,
  status: s.status,
  doc_kind: s.kind,
  payee_key: s.org.payeeKey,
  upload_month: s.month,
  bucket: 'uploads',
  file_kind: 'xlsx',
  file_key: `${s.month}/${s.org.payeeKey}/${s.kind}/bench-${s.id}.xlsx`,
  file_name: 'bench.xlsx',
  row_count: s.rows,
  parsed_rows: s.rows,
  org_id: s.org.orgId,
  org_name: s.org.orgName,
  upload_id: s.id,
  submitted_by: 'bench',
  submitted_by_email: 'bench@example.com',
  ingestion_status: 'done',
  counts: { inserted: s.rows, updated: 0, skipped: 0 },
});

/** The counters as submit and ingestion leave them (their ADDs summed per item): the state, not the path. */
export async function counterItems(subs: readonly BenchSubmission[]): Promise<Item[]> {
  const { counterKey, counterPeriods, counterScopes } = await import('#data/submissions/counters.js');
  const counters = new Map<string, Item>();
  for (const s of subs) {
    const field = s.kind === 'inputs' ? 'inputs_rows' : 'stoppages_rows';
    for (const scope of counterScopes(s.org.orgId)) {
      for (const period of counterPeriods(s.created)) {
        const key = counterKey(scope, period);
        const c = counters.get(`${key.pk}|${key.sk}`) ?? { ...key, submissions: 0, inputs_rows: 0, stoppages_rows: 0 };
        c.submissions = (c.submissions as number) + 1;
        c[field] = (c[field] as number) + s.rows;
        counters.set(`${key.pk}|${key.sk}`, c);
      }
    }
  }
  return [...counters.values()];
}
