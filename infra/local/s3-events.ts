import type { S3Event, S3EventRecord } from 'aws-lambda';
import { appendFileSync } from 'node:fs';
import type { EventEmitter } from 'node:events';
import { S3_TRIGGERS } from '../definitions.js';
import { loadHandler } from './handlers.js';

/** S3 puts URL-encoded keys (spaces as '+') in its events; s3rver does not, so encode here. */
export function encodeEventKey(key: string): string {
  return key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/%20/g, '+'))
    .join('/');
}

/**
 * Delivers s3rver's object events to the handlers of S3_TRIGGERS as Lambda's asynchronous
 * invocation does: one record per event, two retries on failure, then the dead-letter file.
 */
export function wireS3Events(opts: { server: EventEmitter; bucketNames: Record<string, string>; region: string; dlqFile: string; retryDelayMs?: number }) {
  const delay = opts.retryDelayMs ?? 500;
  const pending = new Set<Promise<void>>();

  const deliver = async (triggerHandler: string, event: S3Event) => {
    const handler = await loadHandler(triggerHandler);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await handler(event, { functionName: triggerHandler, awsRequestId: `${Date.now()}-${attempt}` });
        return;
      } catch (error) {
        if (attempt === 2) {
          appendFileSync(opts.dlqFile, `${JSON.stringify({ at: new Date().toISOString(), handler: triggerHandler, error: String(error), event })}\n`);
          console.error(`[s3-events] ${triggerHandler} failed 3 times; event sent to the dead-letter file`, error);
          return;
        }
        await new Promise((r) => setTimeout(r, delay * (attempt + 1)));
      }
    }
  };

  opts.server.on('event', (raw: { Records: S3EventRecord[] }) => {
    for (const record of raw.Records) {
      if (!record.eventName.startsWith('ObjectCreated')) continue;
      const key = record.s3.object.key;
      for (const trigger of S3_TRIGGERS) {
        if (opts.bucketNames[trigger.bucket] !== record.s3.bucket.name || !key.startsWith(trigger.prefix)) continue;
        const event: S3Event = {
          Records: [{ ...record, awsRegion: opts.region, s3: { ...record.s3, object: { ...record.s3.object, key: encodeEventKey(key) } } }],
        };
        const p = deliver(trigger.handler, event).finally(() => pending.delete(p));
        pending.add(p);
      }
    }
  });

  /** Resolves once every delivery in flight has finished (used on shutdown and by tests). */
  return { drain: () => Promise.all([...pending]).then(() => undefined) };
}
