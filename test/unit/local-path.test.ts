import { describe, expect, it } from 'vitest';
import { signInTarget } from '../../web/src/features/accounts/utils/sign-in-target.js';
import { isSameOriginPath } from '../../web/src/lib/local-path.js';

/** Every redirect the SPA follows after sign-in must be a clean path of its own origin. */
const CASES: [string, string, string][] = [
  ['a screen', '/fraud/search', '/fraud/search'],
  ['a screen with its query and hash', '/reviews?status=pending#top', '/reviews?status=pending#top'],
  ['a tab that browsers strip into //host', '/\t/evil.example', '/app'],
  ['a newline', '/\n/evil.example', '/app'],
  ['a carriage return', '/\r/evil.example', '/app'],
  ['a NUL', '/app\u0000', '/app'],
  ['a C1 control character', '/app\u0085', '/app'],
  ['a leading space', ' /app', '/app'],
  ['a protocol-relative URL', '//evil.example', '/app'],
  ['a backslash read as a slash', '/\\evil.example', '/app'],
  ['a backslash further in', '/app\\..\\x', '/app'],
  ['a javascript: URL', 'javascript:alert(1)', '/app'],
  ['an absolute URL', 'https://evil.example/app', '/app'],
  ['a data: URL', 'data:text/html,hi', '/app'],
  ['a relative path', 'app', '/app'],
  ['an empty value', '', '/app'],
  ['a public screen (sign-in would loop)', '/signin', '/app'],
];

describe('where sign-in goes: the ?redirect= rule', () => {
  it.each(CASES)('%s', (_name, redirect, expected) => {
    expect(signInTarget(null, `?redirect=${encodeURIComponent(redirect)}`)).toBe(expected);
  });

  it('goes to /app when there is no redirect at all', () => {
    expect(signInTarget(null, '')).toBe('/app');
  });

  it('applies the same rule to the remembered location', () => {
    expect(signInTarget({ from: { pathname: '/history', search: '?nrc=1', hash: '' } }, '')).toBe('/history?nrc=1');
    expect(signInTarget({ from: { pathname: '/\t/evil.example' } }, '')).toBe('/app');
    expect(signInTarget({ from: { pathname: '/history', search: '?\t' } }, '')).toBe('/app');
  });

  it('refuses what is not a string', () => {
    for (const value of [null, undefined, 42, ['/app'], { pathname: '/app' }]) expect(isSameOriginPath(value)).toBe(false);
  });
});
