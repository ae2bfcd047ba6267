import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../infra/local/ports.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 300_000;

export interface TwinHandle {
  url: string;
  env: Record<string, string>;
  admin: { email: string; password: string };
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real local twin (the same entry as `npm start`) on a free port with its own data
 * folder, and stops it afterwards: tests never touch a developer's .local/.
 * A free port is only free until someone binds it: when twins start side by side (npm test's shards),
 * another one can take a port between its choice and its use. That start fails with EADDRINUSE and is
 * made again on new ports, at most three times. A test twin holds DynamoDB's tables in memory (decision 0245);
 * `inMemory: false` keeps them on disk, as the benches' earlier revisions and recorded baselines ran.
 */
export async function startTestTwin({ inMemory = true } = {}): Promise<TwinHandle> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startTwinOnce(inMemory);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startTwinOnce(inMemory: boolean): Promise<TwinHandle> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'twin-test-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      '--import',
      'tsx',
      'infra/local/main.ts',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--ready-json',
      ...(inMemory ? ['--in-memory'] : []),
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Admin-Passw0rd!' },
    },
  );
  let output = '';
  // `npm test` starts four twins beside the type check and the linter on two cores: give them time.
  const ready = await new Promise<Omit<TwinHandle, 'stop' | 'dataDir'>>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`twin did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('TWIN_READY '));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('TWIN_READY '.length)));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`twin exited with ${code}:\n${output}`));
    });
  });
  return {
    ...ready,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Waits until the twin has no S3 event delivery in flight (retries and the events a delivery set off
 * included): every message the requests made so far will ever cause has been sent. Tests that expect a
 * message exactly once, or none, read the outbox after this rather than after a pause.
 */
export async function twinSettled(twin: { url: string }): Promise<void> {
  const res = await fetch(`${twin.url}/_local/events/settled`);
  const body = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  if (!res.ok || (body as { settled?: unknown }).settled !== true)
    throw new Error(`the twin answered ${res.status} to /_local/events/settled: ${JSON.stringify(body).slice(0, 200)}`);
}
