import type { EventEmitter } from 'node:events';
import { appendFileSync } from 'node:fs';
import type { S3Event, S3EventRecord } from 'aws-lambda';
import { S3_TRIGGERS, type S3TriggerDef } from '../definitions.js';
import { loadHandler } from './handlers.js';

/** S3 puts URL-encoded keys (spaces as '+') in its events; s3rver does not, so encode here. */
export function encodeEventKey(key: string): string {
  return key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/%20/g, '+'))
    .join('/');
}

/**
 * At most `concurrency` runs at once, the others held back in order, as reserved concurrency holds back
 * Lambda's asynchronous invocations; a run held back longer than `maxAgeMs` is given up (dead-lettered).
 */
function bounded(concurrency: number, maxAgeMs: number) {
  let running = 0;
  const waiting: { since: number; start: () => void; expire: () => void }[] = [];
  const next = () => {
    while (running < concurrency && waiting.length) {
      const turn = waiting.shift()!;
      if (Date.now() - turn.since > maxAgeMs) turn.expire();
      else {
        running++;
        turn.start();
      }
    }
  };
  return (run: () => Promise<void>, expire: () => void) =>
    new Promise<void>((resolve) => {
      waiting.push({
        since: Date.now(),
        start: () => void run().finally(() => (running--, resolve(), next())),
        expire: () => (expire(), resolve()),
      });
      next();
    });
}

/**
 * Delivers s3rver's object events to the handlers of S3_TRIGGERS as Lambda's asynchronous
 * invocation does: one record per event, two retries on failure, then the dead-letter file; a trigger
 * with `bounded` runs at most its concurrency at once, holding the other events back.
 */
export function wireS3Events(opts: { server: EventEmitter; bucketNames: Record<string, string>; region: string; dlqFile: string; retryDelayMs?: number }) {
  const delay = opts.retryDelayMs ?? 500;
  const pending = new Set<Promise<void>>();
  const triggers: readonly S3TriggerDef[] = S3_TRIGGERS;
  const limits = new Map(
    triggers.flatMap((t) => (t.bounded ? [[t.handler, bounded(t.bounded.concurrency, t.bounded.maxEventAgeSeconds * 1000)] as const] : [])),
  );
  const deadLetter = (triggerHandler: string, event: S3Event, error: unknown) =>
    appendFileSync(opts.dlqFile, `${JSON.stringify({ at: new Date().toISOString(), handler: triggerHandler, error: String(error), event })}\n`);

  const run = async (triggerHandler: string, event: S3Event) => {
    const handler = await loadHandler(triggerHandler);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await handler(event, { functionName: triggerHandler, awsRequestId: `${Date.now()}-${attempt}` });
        return;
      } catch (error) {
        if (attempt === 2) {
          deadLetter(triggerHandler, event, error);
          console.error(`[s3-events] ${triggerHandler} failed 3 times; event sent to the dead-letter file`, error);
          return;
        }
        await new Promise((r) => setTimeout(r, delay * (attempt + 1)));
      }
    }
  };
  const deliver = (triggerHandler: string, event: S3Event) => {
    const limit = limits.get(triggerHandler);
    if (!limit) return run(triggerHandler, event);
    return limit(
      () => run(triggerHandler, event),
      () => deadLetter(triggerHandler, event, 'held back past its maximum event age'),
    );
  };

  opts.server.on('event', (raw: { Records: S3EventRecord[] }) => {
    for (const record of raw.Records) {
      if (!record.eventName.startsWith('ObjectCreated')) continue;
      const key = record.s3.object.key;
      for (const trigger of triggers) {
        if (opts.bucketNames[trigger.bucket] !== record.s3.bucket.name || !key.startsWith(trigger.prefix)) continue;
        const event: S3Event = {
          Records: [{ ...record, awsRegion: opts.region, s3: { ...record.s3, object: { ...record.s3.object, key: encodeEventKey(key) } } }],
        };
        const p = deliver(trigger.handler, event).finally(() => pending.delete(p));
        pending.add(p);
      }
    }
  });

  /**
   * Resolves once no delivery is in flight, retries included and those a delivery set off (an object a
   * handler wrote is an event before its PUT returns): used on shutdown and by tests.
   */
  const drain = async () => {
    while (pending.size) await Promise.all([...pending]);
  };
  return { drain };
}
