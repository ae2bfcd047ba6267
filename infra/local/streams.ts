import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { StreamTriggerDef } from '../definitions.js';

/**
 * Lambda's DynamoDB stream event source mappings, run against DynamoDB Local's Streams API
 * (DescribeStream, GetShardIterator, GetRecords): every mapping of STREAM_TRIGGERS (infra/definitions.ts)
 * reads its table's stream shard by shard, in order, and invokes the same handler with Lambda's event
 * shape. As Lambda's mapping does: records filtered by the mapping's criteria (event name, key prefix),
 * at most `batchSize` a batch; a batch whose handler throws is split in two (bisectBatchOnFunctionError)
 * and each half retried, up to `retryAttempts` retries, then the records go to the dead-letter file; a
 * handler that reports failed records (reportBatchItemFailures) is retried from the first of them. Each
 * shard's position is checkpointed to a file only after its batch is done, so a twin stopped between a
 * change and its delivery delivers it when it starts again.
 */
type Handler = (event: DynamoDBStreamEvent, context: unknown) => Promise<unknown>;

/** How often the shards are asked for even while every open shard's iterator is held. */
const REDESCRIBE_MS = 10_000;
/** How often a stream is polled while records come, and at most while it stays empty. */
const POLL_MS = 300;
const IDLE_POLL_MS = 1_200;

export interface StreamMappingOptions {
  endpoint: string;
  region: string;
  /** The table's name in DynamoDB Local. */
  tableName: string;
  trigger: StreamTriggerDef;
  loadHandler: (modulePath: string) => Promise<Handler>;
  checkpointFile: string;
  dlqFile: string;
}

async function streamsCall<T>(endpoint: string, region: string, action: string, body: unknown): Promise<T> {
  const date = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDBStreams_20120810.${action}`,
      'x-amz-date': date,
      // DynamoDB Local reads the caller from the credential scope and does not check the signature.
      authorization: `AWS4-HMAC-SHA256 Credential=local/${date.slice(0, 8)}/${region}/dynamodb/aws4_request, SignedHeaders=host, Signature=0`,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`DynamoDB Streams ${action}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function describeTable(endpoint: string, region: string, tableName: string): Promise<string | undefined> {
  const date = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDB_20120810.DescribeTable',
      authorization: `AWS4-HMAC-SHA256 Credential=local/${date.slice(0, 8)}/${region}/dynamodb/aws4_request, SignedHeaders=host, Signature=0`,
    },
    body: JSON.stringify({ TableName: tableName }),
  });
  const out = (await res.json()) as { Table?: { LatestStreamArn?: string } };
  return out.Table?.LatestStreamArn;
}

interface Shard {
  ShardId: string;
  ParentShardId?: string;
  SequenceNumberRange?: { EndingSequenceNumber?: string };
}

/** Lambda's filter criteria as the mapping declares them: the event's name and the partition key's prefix. */
export function matchesTrigger(record: DynamoDBRecord, trigger: Pick<StreamTriggerDef, 'events' | 'pkPrefix'>): boolean {
  const pk = record.dynamodb?.Keys?.pk?.S ?? '';
  return (trigger.events as readonly string[]).includes(record.eventName ?? '') && pk.startsWith(trigger.pkPrefix);
}

export function startStreamMapping(opts: StreamMappingOptions) {
  const { trigger } = opts;
  const checkpoints: Record<string, string> = existsSync(opts.checkpointFile)
    ? (JSON.parse(readFileSync(opts.checkpointFile, 'utf8')) as Record<string, string>)
    : {};
  const finished = new Set<string>();
  let streamArn: string | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const checkpoint = (shard: string, sequence: string) => {
    checkpoints[shard] = sequence;
    writeFileSync(opts.checkpointFile, JSON.stringify(checkpoints));
  };
  const deadLetter = (records: DynamoDBRecord[], error: unknown) => {
    appendFileSync(opts.dlqFile, `${JSON.stringify({ at: new Date().toISOString(), handler: trigger.handler, error: String(error), records })}\n`);
    console.error(`[streams] ${trigger.id}: ${records.length} record(s) failed ${trigger.retryAttempts + 1} times; sent to the dead-letter file`);
  };

  /** One invocation; the records it failed (all of them when it threw) and whether it threw. */
  const invoke = async (records: DynamoDBRecord[]): Promise<{ failedFrom: number; threw: boolean; error?: unknown }> => {
    const handler = await opts.loadHandler(trigger.handler);
    try {
      const out = (await handler({ Records: records }, { functionName: trigger.id, awsRequestId: `${Date.now()}` })) as
        { batchItemFailures?: { itemIdentifier: string }[] } | undefined;
      const failed = new Set((out?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      const first = records.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
      return { failedFrom: first, threw: false, error: first >= 0 ? 'reported as failed' : undefined };
    } catch (error) {
      return { failedFrom: 0, threw: true, error };
    }
  };

  /** A batch, with Lambda's retries and bisection; resolves once every record is delivered or dead-lettered. */
  const deliver = async (records: DynamoDBRecord[], retries: number): Promise<void> => {
    const { failedFrom, threw, error } = await invoke(records);
    if (failedFrom < 0) return;
    const rest = records.slice(failedFrom);
    if (retries >= trigger.retryAttempts) return deadLetter(rest, error);
    if (threw && trigger.bisectBatchOnFunctionError && rest.length > 1) {
      const half = Math.ceil(rest.length / 2);
      await deliver(rest.slice(0, half), retries + 1);
      await deliver(rest.slice(half), retries + 1);
      return;
    }
    await deliver(rest, retries + 1);
  };

  /**
   * As Lambda's poller does, each shard is read on with the iterator its last GetRecords answered: one call
   * a poll, where asking for the stream's shards and a fresh iterator every 300 ms cost each twin a steady
   * share of a core. The shards are asked for again when one closes, when no iterator is held (at start,
   * after an error), and every REDESCRIBE_MS; an error drops the iterators, so the next poll starts again
   * from the checkpoints (DynamoDB Local restarted, an iterator expired).
   */
  const iterators = new Map<string, string>();
  let shards: Shard[] = [];
  let describedAt = 0;

  /** Reads each shard from where it was and delivers what it finds; answers how many records it read. */
  const pollOnce = async (): Promise<number> => {
    streamArn ??= await describeTable(opts.endpoint, opts.region, opts.tableName);
    if (!streamArn) return 0;
    if (!iterators.size || Date.now() - describedAt > REDESCRIBE_MS) {
      // A fresh start from the checkpoints as well: an iterator held too long is never trusted.
      iterators.clear();
      const { StreamDescription } = await streamsCall<{ StreamDescription: { Shards: Shard[] } }>(opts.endpoint, opts.region, 'DescribeStream', {
        StreamArn: streamArn,
      });
      shards = StreamDescription.Shards;
      describedAt = Date.now();
    }
    let read = 0;
    try {
      // Parents before children: a child's records follow its parent's.
      for (const shard of shards) {
        if (finished.has(shard.ShardId)) continue;
        if (shard.ParentShardId && !finished.has(shard.ParentShardId) && shards.some((s) => s.ShardId === shard.ParentShardId)) continue;
        let iterator = iterators.get(shard.ShardId);
        if (!iterator) {
          const after = checkpoints[shard.ShardId];
          const { ShardIterator } = await streamsCall<{ ShardIterator?: string }>(opts.endpoint, opts.region, 'GetShardIterator', {
            StreamArn: streamArn,
            ShardId: shard.ShardId,
            ...(after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after } : { ShardIteratorType: 'TRIM_HORIZON' }),
          });
          if (!ShardIterator) continue;
          iterator = ShardIterator;
        }
        const out = await streamsCall<{ Records?: DynamoDBRecord[]; NextShardIterator?: string }>(opts.endpoint, opts.region, 'GetRecords', {
          ShardIterator: iterator,
          Limit: 1000,
        });
        const records = (out.Records ?? []).map((r) => ({ ...r, eventSourceARN: streamArn }) as DynamoDBRecord);
        read += records.length;
        for (let i = 0; i < records.length;) {
          // A batch is at most batchSize records that pass the mapping's filter; filtered ones are only checkpointed.
          const batch: DynamoDBRecord[] = [];
          let last = i;
          for (; last < records.length && batch.length < trigger.batchSize; last++) if (matchesTrigger(records[last]!, trigger)) batch.push(records[last]!);
          if (batch.length) await deliver(batch, 0);
          checkpoint(shard.ShardId, records[last - 1]!.dynamodb!.SequenceNumber!);
          i = last;
        }
        if (out.NextShardIterator) {
          iterators.set(shard.ShardId, out.NextShardIterator);
        } else {
          // The shard is closed: once read to its end it is finished, and its children are asked for.
          iterators.delete(shard.ShardId);
          describedAt = 0;
          if (!records.length) finished.add(shard.ShardId);
        }
      }
    } catch (error) {
      iterators.clear();
      throw error;
    }
    return read;
  };

  /** One poll at a time, whether the timer or drain asks. */
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = turn.then(run, run);
    turn = next.catch(() => undefined);
    return next;
  };

  // Every 300 ms while records come; a stream that stays empty is polled less often, up to once a second
  // (drain, which tests and shutdown call, still reads at once).
  let delay = POLL_MS;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const read = await inTurn(pollOnce).catch((error: unknown) => (console.error(`[streams] ${trigger.id}: ${String(error)}`), 0));
    delay = read ? POLL_MS : Math.min(IDLE_POLL_MS, delay * 2);
    if (!stopped) timer = setTimeout(tick, delay);
  };
  timer = setTimeout(tick, POLL_MS);

  return {
    /** Delivers until the stream holds nothing new: used by tests and on shutdown. */
    async drain(): Promise<number> {
      let total = 0;
      for (;;) {
        // Each of drain's polls starts from the checkpoints and the stream's shards as they are now, so what
        // was written before it is read, whatever a held iterator last answered.
        const read = await inTurn(() => {
          iterators.clear();
          return pollOnce();
        });
        total += read;
        if (!read) return total;
      }
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await turn;
    },
  };
}
