import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startDynamoDb } from '../../infra/local/dynamodb.js';
import { freePort } from '../../infra/local/ports.js';

/**
 * Twins started side by side choose their emulators' ports independently: when another server takes a port
 * between the choice and the emulator's bind, the start says EADDRINUSE (and is made again on new ports) rather
 * than provisioning tables on whatever answers there.
 */
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'twin-ports-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

it('DynamoDB Local on a port another server answers is reported as EADDRINUSE, not taken for ready', async () => {
  const port = await freePort();
  const squatter = createServer((_req, res) => res.writeHead(404).end('Not Found'));
  await new Promise<void>((resolve) => squatter.listen(port, '0.0.0.0', resolve));
  try {
    await expect(startDynamoDb(tempDir(), port)).rejects.toThrow(/EADDRINUSE/);
  } finally {
    await new Promise((resolve) => squatter.close(resolve));
  }
}, 60_000);

it('DynamoDB Local on a free port is ready once it listens there itself', async () => {
  const port = await freePort();
  const child = await startDynamoDb(tempDir(), port);
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: {
        'x-amz-target': 'DynamoDB_20120810.ListTables',
        'content-type': 'application/x-amz-json-1.0',
        authorization: 'AWS4-HMAC-SHA256 Credential=x/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=x',
      },
      body: '{}',
    });
    expect(await res.json()).toHaveProperty('TableNames');
  } finally {
    await child.stop();
  }
}, 60_000);
