import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../lambdas/lib/client-address.js';
import { viewerIp } from '../../shared/edge.js';

describe('viewerIp reads the IP of a CloudFront-Viewer-Address value', () => {
  it.each([
    ['198.51.100.10:46532', '198.51.100.10'],
    ['  203.0.113.7:443 ', '203.0.113.7'],
    ['2001:db8::1:46532', '2001:db8::1'],
    ['2001:DB8:0:0:8:800:200C:417A:1', '2001:db8:0:0:8:800:200c:417a'],
    ['198.51.100.10', null],
    ['198.51.100.300:1', null],
    [':443', null],
    ['evil.example:80', null],
    ['198.51.100.10:port', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (value, ip) => {
    expect(viewerIp(value)).toBe(ip);
  });
});

describe('clientAddress keys limits on the viewer, else the connection', () => {
  const event = (headers: Record<string, string>, sourceIp = '130.176.1.1') =>
    ({ headers, requestContext: { http: { sourceIp } } }) as unknown as Parameters<typeof clientAddress>[0];

  it.each([
    ['behind CloudFront: the viewer, not the edge', { 'cloudfront-viewer-address': '198.51.100.10:46532' }, '198.51.100.10'],
    ['a direct call or the twin: the connection', {}, '130.176.1.1'],
    ['a malformed viewer header: the connection', { 'cloudfront-viewer-address': 'nonsense' }, '130.176.1.1'],
    ['X-Forwarded-For is written by the caller: never read', { 'x-forwarded-for': '192.0.2.99' }, '130.176.1.1'],
  ])('%s', (_case, headers, address) => {
    expect(clientAddress(event(headers))).toBe(address);
  });

  it("says 'unknown' when neither is known", () => {
    expect(clientAddress({ headers: {}, requestContext: {} } as unknown as Parameters<typeof clientAddress>[0])).toBe('unknown');
  });
});
