import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import type { WebhookEventType } from '#shared/api/webhooks.js';
import { createWebhook } from '#shared/routes/webhooks.js';
import { call, okBody } from './api.js';
import type { TestTwinInfo } from './cognito.js';

type Verify = (secret: string, headers: IncomingHttpHeaders | Record<string, string>, body: string, toleranceSeconds?: number) => boolean;

/**
 * The signature check exactly as docs/features/integration-guide.md prints it ("Webhooks"): the guide's
 * first js block after that heading, written to a module and imported, so a test of it tests the guide.
 */
export async function guideRecipe(): Promise<{ verifyWebhook: Verify; lines: number }> {
  const guide = readFileSync(join(import.meta.dirname, '../../docs/features/integration-guide.md'), 'utf8');
  const section = guide.slice(guide.indexOf('\n## Webhooks'));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('The integration guide has no js block under "## Webhooks".');
  const file = join(mkdtempSync(join(tmpdir(), 'webhook-recipe-')), 'verify.mjs');
  writeFileSync(file, code);
  const module = (await import(pathToFileURL(file).href)) as { verifyWebhook: Verify };
  return { verifyWebhook: module.verifyWebhook, lines: code.trim().split('\n').length };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A lender's endpoint on this machine: records each POST and answers the next status of `answers` (the
 * last one repeats), so a test can answer 500 first and 200 after.
 */
export async function startReceiver(answers: number[] = [200]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answers[Math.min(received.length, answers.length) - 1] ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface Payload {
  id: string;
  type: WebhookEventType;
  organisation_id: string;
  data: Record<string, unknown>;
}

/**
 * A receiver registered as an endpoint of the caller's organisation for `events`. `delivery` waits (polling
 * up to a deadline, a bound and not an assertion on time) for the one payload of a type whose data has the
 * given ids, checks its signature with the guide's recipe, and returns it; `payloads` lists those received so far.
 */
export async function registeredReceiver(twin: TestTwinInfo, caller: string, events: [WebhookEventType, ...WebhookEventType[]]) {
  const r = await startReceiver();
  const made = okBody(await call(twin, createWebhook, { body: { url: r.url, events }, caller }));
  const { verifyWebhook } = await guideRecipe();
  const matching = (type: WebhookEventType, ids: Record<string, unknown>) =>
    r.received.filter((got) => {
      const payload = JSON.parse(got.body) as Payload;
      return payload.type === type && Object.entries(ids).every(([key, value]) => payload.data[key] === value);
    });
  const payloads = (type: WebhookEventType, ids: Record<string, unknown> = {}) => matching(type, ids).map((got) => JSON.parse(got.body) as Payload);
  const delivery = async (type: WebhookEventType, ids: Record<string, unknown>) => {
    await expect.poll(() => matching(type, ids).length, { timeout: 60_000, message: `one ${type} delivery with ${JSON.stringify(ids)}` }).toBe(1);
    const got = matching(type, ids)[0]!;
    expect(verifyWebhook(made.secret, got.headers, got.body)).toBe(true);
    return JSON.parse(got.body) as Payload;
  };
  return { ...r, id: made.id, delivery, payloads };
}
