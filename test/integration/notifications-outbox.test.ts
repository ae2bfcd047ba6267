import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Role } from '#shared/roles.js';
import { STREAM_TRIGGERS } from '../../infra/definitions.js';
import { startStreamMapping } from '../../infra/local/streams.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey, type SeededOrg } from '../fixtures/submissions/directory.js';
import { createUser, signIn } from '../support/cognito.js';
import { outbox } from './notify-support.js';

/**
 * The notifications outbox: an action's outbox item commits with its change, and the table's stream
 * delivers it through the twin's event source mapping (infra/local/streams.ts) to the real sender. A
 * process killed between the change and the delivery, replays and out-of-order batches still send each
 * email once; a record that keeps failing is bisected out of its batch and dead-lettered alone.
 */
const twin = inject('twin');
const mail = outbox(twin);
Object.assign(process.env, twin.env);
const { dynamo } = await import('#adapters/aws-clients.js');
const { outboxItem } = await import('#data/notifications/outbox.js');
const { putDispute } = await import('#data/disputes/disputes.js');
const sender = (await import('../../lambdas/events/send-notification.js')).handler as unknown as (
  event: DynamoDBStreamEvent,
  context: unknown,
) => Promise<unknown>;
const trigger = STREAM_TRIGGERS.find((t) => t.id === 'send-notification')!;
type QueuedEvent = Parameters<typeof outboxItem>[0];

const raw = new DynamoDBClient({ endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB, region: twin.env.AWS_REGION });
const doc = DynamoDBDocumentClient.from(raw);
const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));

let org: SeededOrg;
let admins: string[];
async function admin(role: Role = 'fi_admin') {
  const user = await createUser(twin, [role]);
  const { idToken } = await signIn(twin, user.email, user.password);
  await seedMembership(twin, org, subOf(idToken), 'approved', role, user.email);
  return user.email.toLowerCase();
}
beforeAll(async () => {
  org = await seedOrganisation(twin, uniquePayeeKey(), 'Outbox Lender');
  admins = [await admin(), await admin()];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const opened = (): QueuedEvent & { kind: 'dispute.opened' } => ({
  kind: 'dispute.opened',
  dispute_id: randomUUID(),
  org_id: org.orgId,
  payee_key: org.payeeKey,
  month: '2026-03',
  nrc: '123456/10/1',
  reason: 'Never took this loan',
});

/** A table of this test's own with the directory's stream, so that only this test's mappings read it. */
async function streamTable(): Promise<string> {
  const name = `outbox-test-${randomUUID().slice(0, 8)}`;
  await raw.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
    }),
  );
  return name;
}

/** A mapping of the sender on `table`, as the twin runs it, with `handler` standing for the function. */
function mapping(table: string, handler: typeof sender, files = { checkpoint: path.join(dir, `${table}.json`), dlq: path.join(dir, `${table}-dlq.jsonl`) }) {
  return startStreamMapping({
    endpoint: twin.env.AWS_ENDPOINT_URL_DYNAMODB!,
    region: twin.env.AWS_REGION!,
    tableName: table,
    trigger,
    loadHandler: async () => handler,
    checkpointFile: files.checkpoint,
    dlqFile: files.dlq,
  });
}
/** A function that never answers: the process running it was killed. */
const killed =
  (onInvoke: (event: DynamoDBStreamEvent) => Promise<void> = async () => undefined) =>
  async (event: DynamoDBStreamEvent) => {
    await onInvoke(event);
    return new Promise<never>(() => undefined);
  };
const write = (table: string, event: QueuedEvent) => doc.send(new PutCommand({ TableName: table, Item: outboxItem(event) }));

describe('the outbox commits with the change', () => {
  it('an action that dies right after its transaction still notifies, once', async () => {
    const event = opened();
    const dispute = {
      id: event.dispute_id,
      nrc: event.nrc,
      nrc_digits: String(100_000_000 + Math.floor(Math.random() * 800_000_000)),
      payee_key: org.payeeKey,
      month: '2026-03',
      org_id: org.orgId,
      org_name: 'Outbox Lender',
      reason: event.reason,
      status: 'open',
      opened: { email: 'reviewer@example.test', user_id: 'u1', at: new Date().toISOString() },
      opened_by: 'reviewer',
      response: null,
      decision: null,
    };
    // The process dies as the transaction returns: nothing after it in the action runs.
    const name = `die-after-commit-${event.dispute_id}`;
    dynamo.middlewareStack.add(
      (next) => async (args) => {
        await next(args);
        throw new Error('the process was killed');
      },
      { step: 'initialize', name },
    );
    try {
      await expect(putDispute(dispute as Parameters<typeof putDispute>[0], event)).rejects.toThrow('the process was killed');
    } finally {
      dynamo.middlewareStack.remove(name);
    }
    await mail.exactlyOne(admins, event.dispute_id);
  });
});

describe("the twin's stream mapping", () => {
  it('a delivery killed before the sender ran: the next process delivers it, once', async () => {
    const table = await streamTable();
    const event = opened();
    let invoked = 0;
    const first = mapping(
      table,
      killed(async () => void invoked++),
    );
    await write(table, event);
    // The first process is killed during its delivery: it never checkpoints.
    void first.drain();
    await expect.poll(() => invoked).toBeGreaterThan(0);
    void first.stop();

    const second = mapping(table, sender);
    await second.drain();
    await second.stop();
    await mail.exactlyOne(admins, event.dispute_id);
    await raw.send(new DeleteTableCommand({ TableName: table }));
  });

  it('a delivery killed after the emails went out, and the whole stream replayed: each email once', async () => {
    const table = await streamTable();
    const events = [opened(), opened(), opened()];
    const first = mapping(
      table,
      killed(async (batch) => void (await sender(batch, {}))),
    );
    for (const event of events) await write(table, event);
    void first.drain();
    for (const event of events) await mail.exactlyOne(admins, event.dispute_id);
    void first.stop();

    // The next process starts from the last checkpoint (none), then a replay from the stream's start.
    const second = mapping(table, sender);
    await second.drain();
    await second.stop();
    const replay = mapping(table, sender, { checkpoint: path.join(dir, `${table}-replay.json`), dlq: path.join(dir, `${table}-dlq.jsonl`) });
    await replay.drain();
    await replay.stop();
    for (const event of events) await mail.exactlyOne(admins, event.dispute_id);
    await raw.send(new DeleteTableCommand({ TableName: table }));
  });

  it('out of order and repeated within a batch: each email once', async () => {
    const table = await streamTable();
    const [a, b] = [opened(), opened()];
    for (const event of [a, b, a]) await write(table, event);
    const reversed = mapping(table, async (batch) => sender({ Records: [...batch.Records].reverse().concat(batch.Records) }, {}));
    await reversed.drain();
    await reversed.stop();
    for (const event of [a, b]) await mail.exactlyOne(admins, event.dispute_id);
    await raw.send(new DeleteTableCommand({ TableName: table }));
  });

  it('a record that keeps failing is bisected out of its batch, retried, then dead-lettered alone; the others are delivered', async () => {
    const table = await streamTable();
    const events = [opened(), opened(), opened(), opened()];
    const poison = events[2]!.dispute_id;
    const calls: number[] = [];
    const dlq = path.join(dir, `${table}-dlq.jsonl`);
    // All four are on the stream before the mapping starts (from its trim horizon), so its first batch holds them all.
    for (const event of events) await write(table, event);
    const failing = mapping(table, async (batch) => {
      calls.push(batch.Records.length);
      if (batch.Records.some((r) => r.dynamodb?.NewImage?.event?.S?.includes(poison))) throw new Error('the function failed');
      return sender(batch, {});
    });
    await failing.drain();
    await failing.stop();

    for (const event of events.filter((e) => e.dispute_id !== poison)) await mail.exactlyOne(admins, event.dispute_id);
    expect(await mail.about(admins[0]!, poison)).toEqual([]);
    // 4 → 2 + 2 → 1 + 1 (the poison alone, on its last retry), each half retried as Lambda bisects.
    expect(calls[0]).toBe(4);
    expect(calls).toContain(1);
    expect(existsSync(dlq)).toBe(true);
    const letters = readFileSync(dlq, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { records: { dynamodb: { NewImage: { event: { S: string } } } }[] });
    expect(letters.flatMap((l) => l.records.map((r) => (JSON.parse(r.dynamodb.NewImage.event.S) as { dispute_id: string }).dispute_id))).toEqual([poison]);
    await raw.send(new DeleteTableCommand({ TableName: table }));
  });
});
