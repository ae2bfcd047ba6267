import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request as httpRequest } from 'node:http';
import { pipeline } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import busboy from 'busboy';
import { escapeHtml } from '#lib/html.js';
import { conditionalCopy } from './s3-copy.js';
import { applyCors, type CorsRule } from './s3-cors.js';
import { getVersion, withVersionId } from './s3-versions.js';
import { verifySigV4 } from './sigv4.js';

/**
 * S3 in front of s3rver, as the browser and the handlers see it. s3rver accepts presigned POSTs
 * without enforcing their policy and any request without checking its signature, so this proxy
 * does both the way S3 does: a browser POST must meet its signed policy (signature, expiry,
 * bucket, key, content-length-range, Content-Type), every other request must carry a valid SigV4
 * signature (Authorization header or presigned query, unexpired); CORS preflights stay open.
 * CopyObject is answered here with its conditions (./s3-copy.ts), which s3rver ignores, and an object's
 * GET or HEAD carries its version id, a GET of one version answered here (./s3-versions.ts).
 */
export interface S3ProxyOptions {
  prefix: string;
  s3rverPort: number;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Each bucket's CORS rules, as the stack configures them (a browser on another origin posts). */
  cors: Record<string, readonly CorsRule[]>;
}

type Condition = Record<string, string> | [string, string | number, string | number];

class PolicyError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function sendS3Error(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeHtml(message)}</Message></Error>`);
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function expectedSignature(secret: string, credential: string, policy: string): string {
  const [, date, region, service] = credential.split('/');
  const kDate = hmac(`AWS4${secret}`, date ?? '');
  const kRegion = hmac(kDate, region ?? '');
  const kService = hmac(kRegion, service ?? '');
  const kSigning = hmac(kService, 'aws4_request');
  return createHmac('sha256', kSigning).update(policy).digest('hex');
}

interface ParsedPost {
  fields: Record<string, string>;
  file: Buffer | null;
  fileName: string;
  tooLarge: boolean;
}

function parseMultipart(req: IncomingMessage, maxFileBytes: number): Promise<ParsedPost> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Buffer | null = null;
    let fileName = '';
    let tooLarge = false;
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: maxFileBytes + 1, files: 1, fields: 50, fieldSize: 64 * 1024 } });
    } catch (error) {
      return reject(new PolicyError(400, 'MalformedPOSTRequest', (error as Error).message));
    }
    bb.on('field', (name, value) => {
      fields[name.toLowerCase() === 'content-type' ? 'Content-Type' : name] = value;
    });
    bb.on('file', (_name, stream, info) => {
      fileName = info.filename ?? '';
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        file = Buffer.concat(chunks);
      });
    });
    bb.on('close', () => resolve({ fields, file, fileName, tooLarge }));
    bb.on('error', (e) => reject(new PolicyError(400, 'MalformedPOSTRequest', (e as Error).message)));
    req.pipe(bb);
  });
}

function checkPolicy(post: ParsedPost, bucket: string, secret: string): { key: string; contentType?: string } {
  const { fields } = post;
  const policyB64 = fields.Policy ?? fields.policy;
  if (!policyB64) throw new PolicyError(403, 'AccessDenied', 'Bucket POST must contain a field named Policy.');
  const signature = fields['X-Amz-Signature'];
  const credential = fields['X-Amz-Credential'];
  if (!signature || !credential) throw new PolicyError(403, 'AccessDenied', 'Bucket POST must be signed.');
  if (expectedSignature(secret, credential, policyB64) !== signature) {
    throw new PolicyError(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  const policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8')) as { expiration: string; conditions: Condition[] };
  if (Date.parse(policy.expiration) < Date.now()) throw new PolicyError(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  const key = (fields.key ?? '').replace('${filename}', post.fileName);
  const values: Record<string, string> = { ...fields, bucket, key };
  const covered = new Set(['policy', 'x-amz-signature', 'file', 'bucket']);
  for (const condition of policy.conditions) {
    const failed = () => new PolicyError(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
    if (Array.isArray(condition)) {
      const [op, a, b] = condition;
      if (op === 'content-length-range') {
        const size = post.file?.length ?? 0;
        if (post.tooLarge || size > Number(b)) throw new PolicyError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        if (size < Number(a)) throw new PolicyError(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
        continue;
      }
      const field = String(a).replace(/^\$/, '');
      covered.add(field.toLowerCase());
      const actual = values[field] ?? '';
      if (op === 'eq' && actual !== String(b)) throw failed();
      if (op === 'starts-with' && !actual.startsWith(String(b))) throw failed();
    } else {
      for (const [field, expected] of Object.entries(condition)) {
        covered.add(field.toLowerCase());
        if ((values[field] ?? '') !== expected) throw failed();
      }
    }
  }
  for (const field of Object.keys(fields)) {
    const lower = field.toLowerCase();
    if (!covered.has(lower) && !lower.startsWith('x-ignore-')) {
      throw new PolicyError(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${field}`);
    }
  }
  if (!post.file) throw new PolicyError(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  return { key, contentType: fields['Content-Type'] };
}

export function createS3Proxy(opts: S3ProxyOptions) {
  const internal = new S3Client({
    endpoint: `http://127.0.0.1:${opts.s3rverPort}`,
    region: opts.region,
    forcePathStyle: true,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
  });

  const forward = (req: IncomingMessage, res: ServerResponse, path: string, isObjectRead: boolean) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: opts.s3rverPort, method: req.method, path, headers: { ...req.headers, host: `127.0.0.1:${opts.s3rverPort}` } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, isObjectRead ? withVersionId(up.headers) : up.headers);
        // s3rver cuts a body short when the object is rewritten while it is read: the answer is cut too, never left open.
        pipeline(up, res, () => undefined);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : sendS3Error(res, 503, 'ServiceUnavailable', 'The storage emulator is not answering.')));
    req.pipe(upstream);
  };

  return async function handleS3(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const rest = url.pathname.slice(opts.prefix.length) || '/';
    const segments = rest.split('/').filter(Boolean);
    if (applyCors(req, res, opts.cors[segments[0] ?? ''] ?? [])) return;
    const isBrowserPost = req.method === 'POST' && segments.length === 1 && /multipart\/form-data/i.test(req.headers['content-type'] ?? '');
    if (isBrowserPost) {
      try {
        // Read at most 1 GiB; the policy's own content-length-range is checked below.
        const post = await parseMultipart(req, 1024 * 1024 * 1024);
        const { key, contentType } = checkPolicy(post, segments[0]!, opts.secretAccessKey);
        await internal.send(new PutObjectCommand({ Bucket: segments[0], Key: key, Body: post.file!, ContentType: contentType }));
        const status = Number(post.fields.success_action_status ?? 204);
        res.writeHead([200, 201, 204].includes(status) ? status : 204, { location: `${url.origin}${opts.prefix}/${segments[0]}/${encodeURIComponent(key)}` });
        return void res.end();
      } catch (error) {
        if (error instanceof PolicyError) return sendS3Error(res, error.status, error.code, error.message);
        throw error;
      }
    }
    // Everything else is signed by an SDK client or is a presigned link, as S3 requires of a private bucket.
    const verdict = await verifySigV4(req, opts);
    if (!verdict.ok) return sendS3Error(res, verdict.status, verdict.code, verdict.message);
    const isCopy = req.method === 'PUT' && req.headers['x-amz-copy-source'] !== undefined && segments.length > 1 && !url.searchParams.has('partNumber');
    if (isCopy) {
      req.resume();
      const key = decodeURIComponent(rest.slice(segments[0]!.length + 2));
      const answer = await conditionalCopy(internal, req, { bucket: segments[0]!, key });
      if (!('etag' in answer)) return sendS3Error(res, answer.status, answer.code, answer.message);
      res.writeHead(200, { 'content-type': 'application/xml' });
      return void res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<CopyObjectResult><LastModified>${answer.lastModified.toISOString()}</LastModified><ETag>"${answer.etag}"</ETag></CopyObjectResult>`,
      );
    }
    const isObjectRead = (req.method === 'GET' || req.method === 'HEAD') && segments.length > 1;
    const versionId = url.searchParams.get('versionId');
    if (isObjectRead && versionId !== null) {
      req.resume();
      const answer = await getVersion(
        internal,
        { bucket: segments[0]!, key: decodeURIComponent(rest.slice(segments[0]!.length + 2)) },
        versionId,
        url.searchParams,
      );
      if (!('body' in answer)) return sendS3Error(res, answer.status, answer.code, answer.message);
      res.writeHead(200, answer.headers);
      return void res.end(req.method === 'HEAD' ? undefined : answer.body);
    }
    forward(req, res, `${rest}${url.search}`, isObjectRead);
  };
}
