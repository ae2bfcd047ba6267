import { describe, expect, it } from 'vitest';
import { clientAddress, limitAddress, limitKeyOf } from '#http/client-address.js';
import { viewerIp } from '#shared/edge.js';

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

describe('clientAddress believes the viewer header only from our CloudFront, else keys on the connection', () => {
  const SECRET = 'a-secret-the-stack-generated-48-characters-long!';
  const event = (headers: Record<string, string>, sourceIp = '130.176.1.1') =>
    ({ headers, requestContext: { http: { sourceIp } } }) as unknown as Parameters<typeof clientAddress>[0];
  const viewer = { 'cloudfront-viewer-address': '198.51.100.10:46532' };

  it.each([
    ['behind our CloudFront (the secret sent): the viewer, not the edge', SECRET, { ...viewer, 'x-origin-verify': SECRET }, '198.51.100.10'],
    ['a viewer header sent straight to execute-api, no secret: the connection', SECRET, viewer, '130.176.1.1'],
    ['a wrong secret: the connection', SECRET, { ...viewer, 'x-origin-verify': 'guess' }, '130.176.1.1'],
    ['the secret with one character more: the connection', SECRET, { ...viewer, 'x-origin-verify': `${SECRET}x` }, '130.176.1.1'],
    ['an empty secret header: the connection', SECRET, { ...viewer, 'x-origin-verify': '' }, '130.176.1.1'],
    ['the twin sets no secret: never the viewer header, whatever is sent', '', { ...viewer, 'x-origin-verify': '' }, '130.176.1.1'],
    ['the secret but a malformed viewer header: the connection', SECRET, { 'cloudfront-viewer-address': 'nonsense', 'x-origin-verify': SECRET }, '130.176.1.1'],
    ['a direct call: the connection', SECRET, {}, '130.176.1.1'],
    ['X-Forwarded-For is written by the caller: never read', SECRET, { 'x-forwarded-for': '192.0.2.99', 'x-origin-verify': SECRET }, '130.176.1.1'],
  ])('%s', (_case, secret, headers, address) => {
    expect(clientAddress(event(headers), secret)).toBe(address);
  });

  it('reads no secret from an environment without one (the twin, these tests)', () => {
    expect(clientAddress(event({ ...viewer, 'x-origin-verify': '' }))).toBe('130.176.1.1');
  });

  it("says 'unknown' when neither is known", () => {
    expect(clientAddress({ headers: {}, requestContext: {} } as unknown as Parameters<typeof clientAddress>[0])).toBe('unknown');
  });
});

describe('limitKeyOf keys a per-address limit: IPv4 as it is, IPv6 by its /64, IPv4-mapped IPv6 as its IPv4', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:db8:85a3:8d3:ffff:ffff:ffff:1', '2001:db8:85a3:8d3::/64'],
    ['2001:DB8:85A3:08D3::1', '2001:db8:85a3:8d3::/64'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['2001:db8:0:1::', '2001:db8:0:1::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::FFFF:198.51.100.7', '198.51.100.7'],
    ['::ffff:c633:6407', '198.51.100.7'],
    ['0:0:0:0:0:ffff:198.51.100.7', '198.51.100.7'],
    ['64:ff9b::198.51.100.7', '64:ff9b:0:0::/64'],
    ['2001:db8::1::2', '2001:db8::1::2'],
    ['2001:db8:1:2:3:4:5:6:7', '2001:db8:1:2:3:4:5:6:7'],
    ['::ffff:198.51.100.300', '::ffff:198.51.100.300'],
    ['unknown', 'unknown'],
  ])('%s → %s', (address, key) => {
    expect(limitKeyOf(address)).toBe(key);
  });

  it('gives two addresses of one /64 the same key and two /64s different keys', () => {
    const key = (sourceIp: string) =>
      limitAddress({ headers: {}, requestContext: { http: { sourceIp } } } as unknown as Parameters<typeof limitAddress>[0], '');
    expect(key('2001:db8:1:2::a')).toBe(key('2001:db8:1:2:ffff::b'));
    expect(key('2001:db8:1:2::a')).not.toBe(key('2001:db8:1:3::a'));
  });
});
