import { createHash, createHmac, type Hash, type Hmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * AWS Signature Version 4 as the twin's fronts check it. Rather than hashing by hand, the request is
 * signed again with the SDK's own signer (same date, scope, headers and query) and the two
 * signatures compared: a handler that signs the wrong key, bucket or secret is refused here as AWS
 * would refuse it.
 */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

type SourceData = string | ArrayBuffer | ArrayBufferView;

export type Verdict = { ok: true } | { ok: false; status: 400 | 403; code: string; message: string };

/** SHA-256 and HMAC-SHA-256 on node:crypto, in the shape the signer asks for. */
class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(this.secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

function bytes(data: SourceData): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

const refuse = (status: 400 | 403, code: string, message: string): Verdict => ({ ok: false, status, code, message });
const MISMATCH = refuse(
  403,
  'SignatureDoesNotMatch',
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
);
const UNSIGNED = 'UNSIGNED-PAYLOAD';

/** 20240131T120000Z → a Date, or null. */
function amzDate(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : null;
}

/** The query as the signer wants it: decoded names and values, repeated names as lists. */
function parseQuery(raw: string): Record<string, string | string[]> | null {
  const query: Record<string, string | string[]> = {};
  try {
    for (const pair of raw.split('&').filter(Boolean)) {
      const at = pair.indexOf('=');
      const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      const [k, v] = [decodeURIComponent(name), decodeURIComponent(value)];
      const prior = query[k];
      query[k] = prior === undefined ? v : [...(Array.isArray(prior) ? prior : [prior]), v];
    }
  } catch {
    return null;
  }
  return query;
}

const safeEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Verifies the request's signature, sent either in the Authorization header or as a presigned
 * query (X-Amz-Signature). `body` is hashed when the request names no x-amz-content-sha256 (every
 * service but S3); S3 requests carry their payload hash in that header and the body is not read.
 */
export async function verifySigV4(req: IncomingMessage, creds: Credentials, body?: Buffer): Promise<Verdict> {
  const rawUrl = req.url ?? '/';
  const q = rawUrl.indexOf('?');
  const [path, query] = q < 0 ? [rawUrl, parseQuery('')] : [rawUrl.slice(0, q), parseQuery(rawUrl.slice(q + 1))];
  if (!query) return refuse(400, 'InvalidArgument', 'The query string is not valid percent-encoding.');
  const auth = req.headers.authorization;
  const presigned = typeof query['X-Amz-Signature'] === 'string';
  if (!presigned && !auth)
    return refuse(403, 'AccessDenied', 'Access Denied: the request is not signed. Sign it with SigV4 (an AWS SDK client, or a presigned URL from one).');

  const fields = presigned ? presignedFields(query) : headerFields(String(auth), req);
  if ('ok' in fields) return fields;
  const [accessKeyId, day, region, service, terminator] = fields.credential.split('/');
  if (!accessKeyId || !day || !region || !service || terminator !== 'aws4_request') {
    return refuse(400, 'AuthorizationHeaderMalformed', 'The credential must be <access key>/<yyyymmdd>/<region>/<service>/aws4_request.');
  }
  if (accessKeyId !== creds.accessKeyId) return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const signingDate = amzDate(fields.date);
  if (!signingDate) return refuse(400, 'AccessDenied', 'X-Amz-Date must be yyyymmddThhmmssZ.');
  if (presigned && Date.now() > signingDate.getTime() + Number(fields.expires) * 1000) return refuse(403, 'AccessDenied', 'Request has expired');

  const signedNames = fields.signedHeaders.split(';').filter(Boolean);
  const headers: Record<string, string> = {};
  for (const name of signedNames) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // A presigned URL's payload is unsigned unless the signer put the hash among the signed headers.
  const unsignable = new Set<string>();
  if (presigned && !signedNames.includes('x-amz-content-sha256')) {
    headers['x-amz-content-sha256'] = UNSIGNED;
    unsignable.add('x-amz-content-sha256');
  }
  const host = String(req.headers.host ?? '');
  const request = {
    method: req.method ?? 'GET',
    protocol: 'http:',
    hostname: host.replace(/:\d+$/, ''),
    path,
    query: Object.fromEntries(Object.entries(query).filter(([k]) => k !== 'X-Amz-Signature')),
    headers,
    body,
  };
  const signer = new SignatureV4({ credentials: creds, region, service, sha256: Sha256, uriEscapePath: service !== 's3', applyChecksum: false });
  const keep = { signableHeaders: new Set(signedNames), unsignableHeaders: unsignable, signingDate, signingRegion: region, signingService: service };
  let expected: string;
  if (presigned) {
    const signed = await signer.presign(request, { ...keep, expiresIn: Number(fields.expires), unhoistableHeaders: new Set([...signedNames, ...unsignable]) });
    expected = String(signed.query?.['X-Amz-Signature'] ?? '');
  } else {
    const signed = await signer.sign(request, keep);
    expected = /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization))?.[1] ?? '';
  }
  return safeEqual(expected, fields.signature) ? { ok: true } : MISMATCH;
}

interface Fields {
  credential: string;
  signedHeaders: string;
  signature: string;
  date: string | undefined;
  expires?: string;
}

function presignedFields(query: Record<string, string | string[]>): Fields | Verdict {
  const one = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
  if (one('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
    return refuse(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256".');
  const expires = one('X-Amz-Expires');
  if (!expires || !/^\d+$/.test(expires) || Number(expires) > 604_800) {
    return refuse(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be a number of seconds from 0 to 604800 (seven days).');
  }
  return {
    credential: one('X-Amz-Credential') ?? '',
    signedHeaders: one('X-Amz-SignedHeaders') ?? '',
    signature: one('X-Amz-Signature') ?? '',
    date: one('X-Amz-Date'),
    expires,
  };
}

function headerFields(auth: string, req: IncomingMessage): Fields | Verdict {
  const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(auth.trim());
  if (!m) return refuse(400, 'AuthorizationHeaderMalformed', 'The Authorization header must be "AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…".');
  const date = req.headers['x-amz-date'];
  return { credential: m[1]!, signedHeaders: m[2]!, signature: m[3]!, date: typeof date === 'string' ? date : undefined };
}
