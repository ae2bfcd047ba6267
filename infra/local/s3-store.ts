import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3rverStore } from 's3rver';

/** Writes `content` to `path`, resolving once the file holds every byte (its stream closed). */
async function writeWhole(content: Readable | Buffer, path: string): Promise<{ size: number; md5: string }> {
  const md5 = createHash('md5');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, count, createWriteStream(path));
  return { size, md5: md5.digest('hex') };
}

/**
 * Puts as S3 answers them, for s3rver's filesystem store. s3rver answers a PutObject (and announces its
 * ObjectCreated event) once it has read the request, while the object's bytes may still be on their way to
 * disk, and it rewrites a key in place: a HEAD or GET right after a PUT could see the object short (Submit's
 * copy then measured the stored file smaller than the file validated and answered 409 file_changed), and a
 * read during a rewrite saw a cut object. S3 answers a PUT once the object is stored, and a reader sees the
 * old object or the new one whole. Here the bytes go to a file beside the object's, which takes the object's
 * name (one rename) only once it is written and its ETag and metadata are stored; the PUT is answered after.
 * A part of a multipart upload is answered once it is on disk too.
 */
export function storeWholeObjects(store: S3rverStore): void {
  store.putObject = async (object) => {
    const path = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(path), { recursive: true });
    // Not named `*._S3rver_object`, so listings never show it.
    const writing = `${path}.${randomUUID()}.writing`;
    try {
      const written = await writeWhole(object.content, writing);
      await store.putMetadata(object.bucket, object.key, object.metadata, written.md5);
      await rename(writing, path);
      return written;
    } finally {
      await rm(writing, { force: true });
    }
  };
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const path = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber));
    await mkdir(dirname(path), { recursive: true });
    const written = await writeWhole(content, path);
    await writeFile(`${path}.md5`, written.md5);
    return written;
  };
}
