import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOf } from '#adapters/dynamo/queries.js';

/**
 * The data toolkit (lambdas/adapters/dynamo/toolkit.ts) against DynamoDB Local: batches of any size, throttled
 * batches, bounded concurrency, paging (whole Queries and Scans, and pages of records), refused
 * conditions and retried conflicts.
 */
const twin = inject('twin');
Object.assign(process.env, twin.env);
const { dynamo } = await import('#adapters/aws-clients.js');
const kit = await import('#adapters/dynamo/toolkit.js');
const { chunked, inParallel } = await import('#lib/concurrency.js');

const table = `toolkit-${randomUUID().slice(0, 8)}`;
const BUSY = 'The test table is busy.';

beforeAll(async () => {
  const admin = new DynamoDBClient({
    endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB,
    region: twin.env.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await admin.send(
    new CreateTableCommand({
      TableName: table,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: 'gsi1pk', AttributeType: 'S' },
        { AttributeName: 'gsi1sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
});

const removals: (() => void)[] = [];
afterEach(() => removals.splice(0).forEach((remove) => remove()));

/** Runs `fault` before every command the repositories' client sends during one test. */
function intercept(
  name: string,
  fault: (command: string, input: Record<string, any>) => { send?: Record<string, any>; output?: Record<string, any>; error?: Error } | null,
) {
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const outcome = fault(String(context.commandName ?? ''), args.input as Record<string, any>);
      if (!outcome) return next(args);
      if (outcome.error) throw outcome.error;
      const result = await next(outcome.send ? { ...args, input: outcome.send } : args);
      Object.assign(result.output as object, outcome.output ?? {});
      return result;
    },
    { step: 'initialize', name },
  );
  removals.push(() => dynamo.middlewareStack.remove(name));
}

const items = (pk: string, count: number) => Array.from({ length: count }, (_, i) => ({ pk, sk: String(i).padStart(4, '0'), n: i }));

describe('batchWriteAll and batchGetAll', () => {
  it('write and read any number of items, 25 and 100 a call; missing keys are simply absent', async () => {
    const pk = `B#${randomUUID()}`;
    const calls: Record<string, number[]> = { BatchWriteItemCommand: [], BatchGetItemCommand: [] };
    intercept('count', (command, input) => {
      if (command in calls)
        calls[command]!.push(command === 'BatchWriteItemCommand' ? input.RequestItems[table].length : input.RequestItems[table].Keys.length);
      return null;
    });
    await kit.batchWriteAll(table, items(pk, 260), { busy: BUSY });
    const keys = [...items(pk, 260), ...items(`${pk}-missing`, 30)].map(({ pk: p, sk }) => ({ pk: p, sk }));
    const found = await kit.batchGetAll<{ n: number }>(table, keys, { busy: BUSY, projection: readOf({ project: ['n'] }), consistentRead: true });
    expect(found.map((i) => i.n).sort((a, b) => a - b)).toEqual(items(pk, 260).map((i) => i.n));
    expect(calls.BatchWriteItemCommand).toHaveLength(11);
    expect(Math.max(...calls.BatchWriteItemCommand!)).toBe(25);
    expect(calls.BatchGetItemCommand).toEqual([100, 100, 90]);
  });

  it('retry what a throttled DynamoDB leaves unprocessed until every item is stored and read once', async () => {
    const pk = `T#${randomUUID()}`;
    let throttled = 0;
    intercept('throttle', (command, input) => {
      const requests =
        command === 'BatchWriteItemCommand' ? input.RequestItems[table] : command === 'BatchGetItemCommand' ? input.RequestItems[table].Keys : null;
      if (!requests || requests.length < 2) return null;
      throttled++;
      const half = Math.ceil(requests.length / 2);
      if (command === 'BatchWriteItemCommand')
        return { send: { RequestItems: { [table]: requests.slice(0, half) } }, output: { UnprocessedItems: { [table]: requests.slice(half) } } };
      const sent = { ...input.RequestItems[table], Keys: requests.slice(0, half) };
      return { send: { RequestItems: { [table]: sent } }, output: { UnprocessedKeys: { [table]: { ...sent, Keys: requests.slice(half) } } } };
    });
    await kit.batchWriteAll(table, items(pk, 120), { busy: BUSY });
    const found = await kit.batchGetAll(
      table,
      items(pk, 120).map(({ sk }) => ({ pk, sk })),
      { busy: BUSY, consistentRead: true },
    );
    expect(found).toHaveLength(120);
    expect(new Set(found.map((i) => i.sk)).size).toBe(120);
    expect(throttled).toBeGreaterThan(10);
  });

  it('give up with the caller’s message when DynamoDB never takes the items', async () => {
    intercept('refuse', (command, input) =>
      command === 'BatchWriteItemCommand'
        ? { send: { RequestItems: { [table]: [input.RequestItems[table][0]] } }, output: { UnprocessedItems: input.RequestItems } }
        : null,
    );
    await expect(kit.batchWriteAll(table, items(`R#${randomUUID()}`, 3), { busy: BUSY })).rejects.toThrow(BUSY);
  });

  it('keep at most `concurrency` calls in flight', async () => {
    let inFlight = 0;
    let most = 0;
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName !== 'BatchWriteItemCommand') return next(args);
        most = Math.max(most, ++inFlight);
        try {
          return await next(args);
        } finally {
          inFlight--;
        }
      },
      { step: 'initialize', name: 'in-flight' },
    );
    removals.push(() => dynamo.middlewareStack.remove('in-flight'));
    await kit.batchWriteAll(table, items(`C#${randomUUID()}`, 25 * 12), { busy: BUSY, concurrency: 3 });
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(3);
  });
});

describe('queryAll and queryCount', () => {
  it('follow every page', async () => {
    const pk = `Q#${randomUUID()}`;
    await kit.batchWriteAll(table, items(pk, 53), { busy: BUSY });
    const query = { TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: 7, ConsistentRead: true };
    expect((await kit.queryAll<{ n: number }>(query)).map((i) => i.n)).toEqual(items(pk, 53).map((i) => i.n));
    expect(await kit.queryCount(query)).toBe(53);
    expect(await kit.queryCount({ ...query, FilterExpression: 'n >= :min', ExpressionAttributeValues: { ':pk': pk, ':min': 50 } })).toBe(3);
  });
});

describe('scanAll', () => {
  it('follows every page of a Scan', async () => {
    const pk = `S#${randomUUID()}`;
    await kit.batchWriteAll(table, items(pk, 30), { busy: BUSY });
    const found = await kit.scanAll({
      TableName: table,
      FilterExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      Limit: 11,
      ConsistentRead: true,
    });
    expect(found.map((i) => i.n).sort((a, b) => Number(a) - Number(b))).toEqual(items(pk, 30).map((i) => i.n));
  });
});

describe('queryPage', () => {
  const numbered = (item: Record<string, unknown>) => (typeof item.n === 'number' ? { sk: String(item.sk), n: item.n } : null);
  /** Every page of a Query, one queryPage after another, each from the `next` of the one before. */
  type Row = { sk: string; n: number };
  async function allPages(input: Parameters<typeof kit.queryPage>[0], request: Omit<Parameters<typeof kit.queryPage<Row>>[1], 'start'>) {
    const pages: Row[][] = [];
    let start: Record<string, unknown> | null = null;
    do {
      const page: { items: Row[]; next: Record<string, unknown> | null } = await kit.queryPage(input, { ...request, start });
      pages.push(page.items);
      start = page.next;
    } while (start && pages.length < 50);
    return pages;
  }

  it('gives `limit` records a page, ending where DynamoDB does, and no cursor once the Query is read', async () => {
    // Prepare
    const pk = `P#${randomUUID()}`;
    await kit.batchWriteAll(table, items(pk, 45), { busy: BUSY });
    const calls: number[] = [];
    intercept('limits', (command, input) => (command === 'QueryCommand' && input.TableName === table ? (calls.push(input.Limit), null) : null));
    // Act
    const pages = await allPages(
      { TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true },
      { limit: 20, read: numbered },
    );
    // Assess
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages.flat().map((r) => r.n)).toEqual(items(pk, 45).map((i) => i.n));
    expect(calls).toEqual([20, 20, 20]);
  });

  it('reads on through DynamoDB’s pages for records kept in code, and resumes inside a page right after the last record given', async () => {
    const pk = `F#${randomUUID()}`;
    await kit.batchWriteAll(table, items(pk, 60), { busy: BUSY });
    const pages = await allPages(
      { TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true, Limit: 7 },
      { limit: 4, read: numbered, keep: (r) => r.n % 3 === 0 },
    );
    expect(pages.flat().map((r) => r.n)).toEqual(
      items(pk, 60)
        .map((i) => i.n)
        .filter((n) => n % 3 === 0),
    );
    expect(pages.slice(0, -1).every((p) => p.length === 4)).toBe(true);
  });

  it('resumes on an index from the item’s keys in the table and in the index, newest first', async () => {
    const pk = `G#${randomUUID()}`;
    const indexed = items(pk, 25).map((item) => ({ ...item, gsi1pk: `IDX#${pk}`, gsi1sk: `T#${String(item.n % 5)}#${item.sk}` }));
    await kit.batchWriteAll(table, indexed, { busy: BUSY });
    const pages = await allPages(
      {
        TableName: table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `IDX#${pk}` },
        ScanIndexForward: false,
        Limit: 10,
      },
      { limit: 3, read: (item) => ({ sk: String(item.gsi1sk), n: Number(item.n) }), keep: (r) => r.n % 2 === 0 },
    );
    const expected = indexed
      .filter((i) => i.n % 2 === 0)
      .map((i) => i.gsi1sk)
      .sort()
      .reverse();
    expect(pages.flat().map((r) => r.sk)).toEqual(expected);
  });

  it('skips the items `read` refuses and still fills the page', async () => {
    const pk = `M#${randomUUID()}`;
    const mixed = items(pk, 12).map((item) => (item.n % 4 === 1 ? { pk: item.pk, sk: item.sk, n: 'not a number' } : item));
    await kit.batchWriteAll(table, mixed, { busy: BUSY });
    const page = await kit.queryPage(
      { TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true },
      { limit: 5, read: numbered },
    );
    expect(page.items.map((r) => r.n)).toEqual([0, 2, 3, 4, 6]);
    const rest = await kit.queryPage(
      { TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true },
      { limit: 5, read: numbered, start: page.next },
    );
    expect(rest).toEqual({ items: [7, 8, 10, 11].map((n) => ({ sk: String(n).padStart(4, '0'), n })), next: null });
  });
});

describe('isConditionFailure, retrying', () => {
  const put = (pk: string) => new PutCommand({ TableName: table, Item: { pk, sk: 'X' }, ConditionExpression: 'attribute_not_exists(pk)' });
  const caught = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (error: unknown) => error,
    );

  it('tell a refused condition from other failures, in single writes and at an index of a transaction', async () => {
    const pk = `K#${randomUUID()}`;
    await dynamo.send(put(pk));
    const single = await caught(dynamo.send(put(pk)));
    expect(kit.isConditionFailure(single)).toBe(true);
    expect(kit.isRetryable(single)).toBe(false);

    const fresh = `K#${randomUUID()}`;
    const tx = await caught(dynamo.send(new TransactWriteCommand({ TransactItems: [{ Put: put(fresh).input as any }, { Put: put(pk).input as any }] })));
    expect(kit.isConditionFailure(tx)).toBe(true);
    expect(kit.isConditionFailure(tx, 1)).toBe(true);
    expect(kit.isConditionFailure(tx, 0)).toBe(false);
    expect(kit.isRetryable(tx)).toBe(false);

    const invalid = await caught(dynamo.send(new PutCommand({ TableName: table, Item: { pk } })));
    expect(kit.isConditionFailure(invalid)).toBe(false);
    expect(kit.isConditionFailure(new Error('network'))).toBe(false);
    expect(kit.isConditionFailure(null)).toBe(false);
  });

  it('run a write again after conflicts and throttling, never after a refused condition', async () => {
    const conflict = Object.assign(new Error('conflict'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
    });
    const throttled = Object.assign(new Error('slow down'), { name: 'ThrottlingException' });
    const faults = [conflict, throttled];
    intercept('conflicts', (command) => (command === 'PutItemCommand' && faults.length ? { error: faults.shift()! } : null));
    const pk = `X#${randomUUID()}`;
    let tries = 0;
    await kit.retrying(() => (tries++, dynamo.send(put(pk))));
    expect(tries).toBe(3);

    tries = 0;
    const refused = await caught(kit.retrying(() => (tries++, dynamo.send(put(pk)))));
    expect(kit.isConditionFailure(refused)).toBe(true);
    expect(tries).toBe(1);
  });

  it('stop after the attempts it was given', async () => {
    intercept('always', (command) =>
      command === 'PutItemCommand' ? { error: Object.assign(new Error('conflict'), { name: 'TransactionConflictException' }) } : null,
    );
    let tries = 0;
    await expect(kit.retrying(() => (tries++, dynamo.send(put(`Y#${randomUUID()}`))), 3)).rejects.toThrow('conflict');
    expect(tries).toBe(3);
  });
});

describe('chunked and inParallel', () => {
  it.each([
    [0, 25, []],
    [1, 25, [1]],
    [25, 25, [25]],
    [26, 25, [25, 1]],
    [250, 100, [100, 100, 50]],
  ])('%i items in runs of %i', (count, size, lengths) => {
    expect(
      chunked(
        Array.from({ length: count }, (_, i) => i),
        size,
      ).map((c) => c.length),
    ).toEqual(lengths);
  });

  it('runs every task once and rejects with the first failure', async () => {
    const seen: number[] = [];
    await inParallel([1, 2, 3, 4, 5], 2, async (n) => void seen.push(n));
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
    await expect(
      inParallel([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error('two');
      }),
    ).rejects.toThrow('two');
  });
});
