import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { expect } from 'vitest';
import type { OutboxMessage } from '../../infra/local/outbox.js';
import type { TestTwinInfo } from '../support/cognito.js';
import { twinSettled } from '../support/twin-process.js';

type About = string | ((message: OutboxMessage) => boolean);

/** Helpers of the notification tests: the twin's outbox, seen from outside, and the sender's stream records. */
export function outbox(twin: TestTwinInfo) {
  const messages = async (to: string): Promise<OutboxMessage[]> =>
    (await (await fetch(`${twin.url}/_local/outbox.json?to=${encodeURIComponent(to)}`)).json()) as OutboxMessage[];
  /**
   * Messages to `to` about one thing: a link holding this text, or the messages a predicate picks (the
   * outbox also holds each test user's invite or sign-up code).
   */
  const about = async (to: string, what: About) => (await messages(to)).filter(typeof what === 'string' ? (m) => m.links.some((l) => l.includes(what)) : what);

  /**
   * Waits until `count` messages about `about` reached `to`, then until the twin has no event in flight
   * (it delivers S3 events asynchronously, retries included), so that a duplicate would be seen.
   */
  async function settled(to: string, aboutText: About, count = 1): Promise<OutboxMessage[]> {
    const deadline = Date.now() + 20_000;
    while ((await about(to, aboutText)).length < count) {
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await twinSettled(twin);
    return about(to, aboutText);
  }

  /** Exactly one message about `aboutText` to each of `emails`; answers them. */
  async function exactlyOne(emails: string[], aboutText: About): Promise<OutboxMessage[]> {
    const found = await Promise.all(emails.map((to) => settled(to, aboutText)));
    found.forEach((list, i) => expect(list.length, `messages to ${emails[i]} about ${String(aboutText)}`).toBe(1));
    return found.map((list) => list[0]!);
  }

  /** The messages about `what` to `to` once the twin has no event in flight: expected none. */
  async function afterAWhile(to: string, what: About): Promise<OutboxMessage[]> {
    await twinSettled(twin);
    return about(to, what);
  }

  return { messages, about, settled, exactlyOne, afterAWhile };
}

let sequence = 0;
/** The stream record of an outbox item, as DynamoDB Streams (and the twin's mapping) hands it to the sender. */
export function outboxRecord(
  item: { pk: string; sk: string; event: string; queued_at: string; expires_at: number },
  eventName: 'INSERT' | 'MODIFY' = 'INSERT',
): DynamoDBRecord {
  const keys = { pk: { S: item.pk }, sk: { S: item.sk } };
  return {
    eventID: `test-${++sequence}`,
    eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'af-south-1',
    dynamodb: {
      Keys: keys,
      NewImage: { ...keys, event: { S: item.event }, queued_at: { S: item.queued_at }, expires_at: { N: String(item.expires_at) } },
      SequenceNumber: String(1e20 + sequence),
      SizeBytes: item.event.length,
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

/** A batch of stream records. */
export const streamBatch = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });
