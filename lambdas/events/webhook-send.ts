import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { loopbackAllowed } from '#data/webhooks/signature.js';
import { isPrivateAddress, WEBHOOK_TIMEOUT_MS } from '#shared/api/webhooks.js';

/**
 * One POST of a delivery. The endpoint's name is resolved here and every address it resolves to is checked
 * before connecting (the connection uses the address checked): a name that pointed to the internet when it
 * was registered and to a private network now (DNS rebinding) is refused, so a webhook never reaches the
 * platform's own network (SSRF). Loopback only where the deployment allows it (../data/webhooks/signature.ts).
 */

const isLoopback = (address: string) => /^127\./.test(address) || address === '::1' || address === '::ffff:127.0.0.1';

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => isPrivateAddress(a.address) && !(loopbackAllowed() && isLoopback(a.address)));
    if (refused || !addresses.length)
      return callback(Object.assign(new Error(`${hostname} resolves to a private network address; not delivered.`), { code: 'EPRIVATE' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
}

/** POSTs the body; the answer's status code, or why no answer came (never throws). */
export function sendWebhook(url: string, headers: Record<string, string>, body: string): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup, timeout: WEBHOOK_TIMEOUT_MS },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ statusCode: res.statusCode ?? null, error: null }));
        res.on('error', (error) => resolve({ statusCode: res.statusCode ?? null, error: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`)));
    req.on('error', (error) => resolve({ statusCode: null, error: error.message }));
    req.end(body);
  });
}
