import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients.js';

/** Registry summary item of one NRC: pk=NRC#{digits} sk=SUMMARY (written with each report). */
export const summaryKey = (digits: string) => ({ pk: `NRC#${digits}`, sk: 'SUMMARY' });

const BATCH = 100; // BatchGetItem's own limit
const PARALLEL = 16;

/**
 * Which of these NRCs (digits only) are on the fraud registry: one BatchGetItem per 100 NRCs,
 * run in parallel, retrying unprocessed keys — never one query per NRC.
 */
export async function flaggedNrcDigits(digits: Iterable<string>): Promise<Set<string>> {
  const unique = [...new Set(digits)].filter(Boolean);
  const flagged = new Set<string>();
  const table = tableName('registry');
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += BATCH) chunks.push(unique.slice(i, i + BATCH));

  const runChunk = async (chunk: string[]) => {
    let keys: Record<string, unknown>[] = chunk.map(summaryKey);
    for (let attempt = 0; keys.length && attempt < 8; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
      const out: BatchGetCommandOutput = await dynamo.send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ProjectionExpression: 'pk' } } }),
      );
      for (const item of out.Responses?.[table] ?? []) flagged.add(String(item.pk).slice('NRC#'.length));
      keys = (out.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
    }
    if (keys.length) throw new Error('The fraud registry is busy; please try again in a moment.');
  };

  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await runChunk(chunks[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, chunks.length) }, worker));
  return flagged;
}
