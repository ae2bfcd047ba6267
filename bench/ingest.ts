import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import type { Bench, Figure } from './figures.js';
import { progress, median, withTwin } from './support.js';

const ROWS = Number(process.env.INGEST_ROWS ?? 20_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PARALLEL = 16;

/** Distinct borrowers per round, so every round inserts (as a new month's file does). */
function rows(round: number): CanonicalRow[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    employee_no: `EC${1_000_000 + i}`,
    nrc: `${100_000 + round * ROWS + i}/${10 + (i % 90)}/${1 + (i % 9)}`,
    start_date: '2026-03-01',
    end_date: '2027-02-28',
    installment_amount: 150 + (i % 4_850),
    amount: 150 + (i % 4_850),
    payee_key: 'B001',
    first_name: 'Mwila',
    last_name: 'Banda',
  }));
}

/**
 * Ingestion into borrower history against the raw BatchWriteItem throughput of the same DynamoDB
 * (target: ≥ 80% of it), measured in the same run, rounds alternating. The raw writer puts the very items
 * ingestion would, 25 a call, 16 calls in flight, with nothing else: no reads of what is stored, no counts.
 */
export const ingestBench: Bench = {
  name: 'ingest',
  async run(): Promise<Figure[]> {
    return withTwin(async (twin) => {
      Object.assign(process.env, twin.env);
      const { dynamo, tableName } = await import('#adapters/aws-clients.js');
      const { historyItems, ingestRows } = await import('#data/history/entries.js');
      const table = tableName('history');
      const source = (id: string) => ({
        submissionId: id,
        kind: 'inputs' as const,
        month: '2026-03',
        payeeKey: 'B001',
        orgId: 'org',
        orgName: 'Bench Bank',
        submittedAt: new Date().toISOString(),
      });

      async function rawWrite(items: Record<string, unknown>[]) {
        const batches: Record<string, unknown>[][] = [];
        for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
        let next = 0;
        await Promise.all(
          Array.from({ length: PARALLEL }, async () => {
            while (next < batches.length) {
              let pending = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
              while (pending.length) {
                const out: BatchWriteCommandOutput = await dynamo.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
                pending = (out.UnprocessedItems?.[table] as typeof pending | undefined) ?? [];
              }
            }
          }),
        );
      }

      const raw: number[] = [];
      const ingest: number[] = [];
      for (let round = 0; round < RUNS; round++) {
        progress(`round ${round + 1}/${RUNS}: raw BatchWriteItem, then ingestRows, ${ROWS.toLocaleString('en-US')} rows each`);
        const rawItems = historyItems(source(`raw-${round}`), rows(round * 2)).items;
        let t = performance.now();
        await rawWrite(rawItems);
        raw.push(ROWS / ((performance.now() - t) / 1000));
        t = performance.now();
        const counts = await ingestRows(source(`ingest-${round}`), rows(round * 2 + 1));
        ingest.push(ROWS / ((performance.now() - t) / 1000));
        if (counts.inserted !== ROWS) throw new Error(`ingestion inserted ${counts.inserted} of ${ROWS}`);
      }
      const ratio = median(ingest) / median(raw);
      const list = (values: number[]) => values.map((v) => Math.round(v).toLocaleString('en-US')).join(', ');
      return [
        {
          name: 'ingest.rows_per_s',
          value: median(ingest),
          unit: 'rows/s',
          baseline: 'raw BatchWriteItem',
          baseline_value: median(raw),
          ratio,
          note: `ingestRows (BatchGet of what is stored, then BatchWrite; ${PARALLEL} in flight) vs the same items written raw; medians of ${RUNS} (ingest ${list(ingest)}; raw ${list(raw)})`,
        },
        {
          name: 'ingest.vs_raw_batch_write',
          value: ratio,
          unit: '×',
          target: { op: '>=', value: 0.8 },
          baseline: 'raw BatchWriteItem',
          baseline_value: median(raw),
        },
      ];
    });
  },
};
