import { describe, expect, it } from 'vitest';
import { ExpiringMap } from '#lib/expiring-map.js';

/** What warm functions remember between requests (the caller's organisation, submission statuses, the twin's verified tokens). */
describe('ExpiringMap', () => {
  it.each([
    ['before it expires', 999, 'a'],
    ['at its expiry', 1_000, undefined],
    ['after it', 5_000, undefined],
  ])('gives a value %s', (_name, now, expected) => {
    const map = new ExpiringMap<string, string>(10);
    map.set('k', 'a', 1_000);
    expect(map.get('k', now)).toBe(expected);
  });
  it('keeps null apart from nothing', () => {
    const map = new ExpiringMap<string, string | null>(10);
    map.set('k', null, 1_000);
    expect(map.get('k', 0)).toBeNull();
    expect(map.get('other', 0)).toBeUndefined();
  });
  it('is cleared whole when a new key would pass its maximum; a known key is replaced in place', () => {
    const map = new ExpiringMap<string, number>(2);
    map.set('a', 1, 1_000);
    map.set('b', 2, 1_000);
    map.set('b', 3, 1_000);
    expect([map.get('a', 0), map.get('b', 0)]).toEqual([1, 3]);
    map.set('c', 4, 1_000);
    expect([map.get('a', 0), map.get('b', 0), map.get('c', 0)]).toEqual([undefined, undefined, 4]);
  });
});
