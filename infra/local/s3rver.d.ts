declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { Readable } from 'node:stream';
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string; configs?: string[] }[];
  }
  /** s3rver's filesystem store, as far as the twin uses it (infra/local/s3-store.ts); not a published interface. */
  export interface S3rverStore {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
    putObject(object: { bucket: string; key: string; content: Readable | Buffer; metadata: Record<string, string> }): Promise<{ size: number; md5: string }>;
    putPart(bucket: string, uploadId: string, partNumber: number, content: Readable): Promise<{ size: number; md5: string }>;
  }
  export default class S3rver extends EventEmitter {
    constructor(options: S3rverOptions);
    /** The filesystem store the server answers from. */
    store: S3rverStore;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
