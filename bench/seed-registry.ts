import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { batchWriteAll } from '#adapters/dynamo/toolkit.js';
import { digestBucket, digestKey } from '#data/registry/digest.js';
import { summaryKey } from '#data/registry/nrc-summary.js';
import { inParallel } from '#lib/concurrency.js';

/**
 * A large fraud registry for the benchmark, without filing reports: bare summary items (the key design of
 * lambdas/data/registry/nrc-summary.ts), 25 a BatchWrite in parallel, and the digest buckets of
 * lambdas/data/registry/digest.ts, one update each. Import after the twin's env is set: the writes go
 * through the platform's own client.
 */
const PARALLEL = 16;
const BUSY = 'The fraud registry is busy; please try again in a moment.';

export async function seedRegistry(digits: readonly string[], at = new Date().toISOString()): Promise<void> {
  const table = tableName('registry');
  const summaries = digits.map((d) => ({ ...summaryKey(d), nrc_key: d, report_count: 0, reports: [], last_reported_at: at }));
  await batchWriteAll(table, summaries, { busy: BUSY });
  const byBucket = new Map<number, string[]>();
  for (const d of digits) {
    const bucket = digestBucket(d);
    const members = byBucket.get(bucket);
    if (members) members.push(d);
    else byBucket.set(bucket, [d]);
  }
  await inParallel([...byBucket], PARALLEL, async ([bucket, members]) => {
    await dynamo.send(
      new UpdateCommand({ TableName: table, Key: digestKey(bucket), UpdateExpression: 'ADD nrcs :d', ExpressionAttributeValues: { ':d': new Set(members) } }),
    );
  });
}
