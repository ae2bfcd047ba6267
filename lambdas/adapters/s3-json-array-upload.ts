import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { bucketName, s3 } from './aws-clients.js';

/** S3's smallest part but the last is 5 MB: a little more, so a part is one request per 8 MB. */
const PART_BYTES = 8 * 1_048_576;

/**
 * Text written to the uploads bucket as it comes, in parts (a multipart upload), so the whole text never
 * stands in memory: at most one part's text and the part in flight. Nothing is visible under the key until
 * `complete`; a writer never completed leaves an incomplete upload, which the bucket's lifecycle rule
 * removes after a week. A small text is one PutObject.
 */
export class TextUpload {
  private pending: string[] = [];
  private pendingBytes = 0;
  private uploadId: Promise<string> | null = null;
  private readonly parts: Promise<{ ETag?: string; PartNumber: number }>[] = [];

  constructor(
    private readonly key: string,
    private readonly contentType: string,
  ) {}

  /** Adds text (synchronous: call `drain` between batches to send full parts). */
  write(text: string): void {
    this.pending.push(text);
    // Close enough to bytes for the part size: the texts are mostly ASCII.
    this.pendingBytes += text.length;
  }

  /** Sends the text gathered as a part once it makes one, and waits for the part before it: one in flight. */
  async drain(): Promise<void> {
    if (this.pendingBytes < PART_BYTES) return;
    const body = this.take();
    this.uploadId ??= s3
      .send(new CreateMultipartUploadCommand({ Bucket: bucketName('uploads'), Key: this.key, ContentType: this.contentType }))
      .then((out) => out.UploadId!);
    const previous = this.parts.at(-1);
    this.queue(body);
    await previous;
  }

  /** Makes the object visible under its key. */
  async complete(): Promise<void> {
    const last = this.take();
    if (!this.uploadId) {
      await s3.send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key: this.key, Body: last, ContentType: this.contentType }));
      return;
    }
    this.queue(last);
    const parts = await Promise.all(this.parts);
    await s3.send(
      new CompleteMultipartUploadCommand({ Bucket: bucketName('uploads'), Key: this.key, UploadId: await this.uploadId, MultipartUpload: { Parts: parts } }),
    );
  }

  /** A part on its way; its failure is heard where the parts are awaited (drain, complete), never left unhandled. */
  private queue(body: Buffer): void {
    const part = this.sendPart(body, this.parts.length + 1);
    part.catch(() => undefined);
    this.parts.push(part);
  }

  private take(): Buffer {
    const body = Buffer.from(this.pending.join(''));
    this.pending = [];
    this.pendingBytes = 0;
    return body;
  }

  private async sendPart(body: Buffer, PartNumber: number): Promise<{ ETag?: string; PartNumber: number }> {
    const out = await s3.send(new UploadPartCommand({ Bucket: bucketName('uploads'), Key: this.key, UploadId: await this.uploadId!, PartNumber, Body: body }));
    return { ETag: out.ETag, PartNumber };
  }
}

/** A JSON array written as its elements come (see TextUpload). */
export class JsonArrayUpload {
  private count = 0;
  private readonly text: TextUpload;

  constructor(key: string, contentType = 'application/json') {
    this.text = new TextUpload(key, contentType);
  }

  /** Adds one element (synchronous: call `drain` between batches to send full parts). */
  push(element: unknown): void {
    this.text.write(`${this.count++ === 0 ? '[' : ','}${JSON.stringify(element)}`);
  }

  drain(): Promise<void> {
    return this.text.drain();
  }

  /** Closes the array and makes the object visible under its key. */
  complete(): Promise<void> {
    this.text.write(this.count === 0 ? '[]' : ']');
    return this.text.complete();
  }
}
