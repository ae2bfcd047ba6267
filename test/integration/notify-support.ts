import type { S3Event } from 'aws-lambda';
import { expect } from 'vitest';
import type { OutboxMessage } from '../../infra/local/outbox.js';
import { encodeEventKey } from '../../infra/local/s3-events.js';
import type { TestTwinInfo } from '../support/cognito.js';
import { twinSettled } from '../support/twin-process.js';

type About = string | ((message: OutboxMessage) => boolean);

/** Helpers of the notification tests: the twin's outbox, seen from outside, and the sender's S3 event. */
export function outbox(twin: TestTwinInfo) {
  const messages = async (to: string): Promise<OutboxMessage[]> =>
    (await (await fetch(`${twin.url}/_local/outbox.json?to=${encodeURIComponent(to)}`)).json()) as OutboxMessage[];
  /**
   * Messages to `to` about one thing: a link holding this text, or the messages a predicate picks (the
   * outbox also holds each test user's invite or sign-up code).
   */
  const about = async (to: string, what: About) =>
    (await messages(to)).filter(typeof what === 'string' ? (m) => m.links.some((l) => l.includes(what)) : what);

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

/** The S3 event of one object in the uploads bucket, as the twin (and S3) delivers it to the sender. */
export function objectCreated(bucket: string, key: string): S3Event {
  return {
    Records: [{ eventName: 'ObjectCreated:Put', awsRegion: 'af-south-1', s3: { bucket: { name: bucket }, object: { key: encodeEventKey(key) } } }],
  } as unknown as S3Event;
}
