import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { BUCKETS } from '#shared/stores.js';
import { storeWholeObjects } from './s3-store.js';

export interface LocalS3 {
  server: S3rver;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts s3rver in-process with one bucket per entry of BUCKETS (the stack's own list), its puts answered once stored (./s3-store.ts). */
export async function startS3(dataDir: string, port: number): Promise<LocalS3> {
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {};
  const configureBuckets = Object.entries(BUCKETS).map(([key, def]) => {
    env[def.envVar] = key;
    return { name: key };
  });
  const server = new S3rver({ address: '127.0.0.1', port, directory: dataDir, silent: true, allowMismatchedSignatures: true, configureBuckets });
  storeWholeObjects(server.store);
  await server.run();
  return { server, env, stop: () => server.close() };
}
