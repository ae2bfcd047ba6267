import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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
