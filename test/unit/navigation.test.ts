import { describe, expect, it } from 'vitest';
import { ENTRY_PATHS, isPublicPath, PENDING_SCREEN, PUBLIC_SCREENS, SCREENS, screenFor } from '#shared/navigation.js';

/** Spec part 1 §2 "Session gating": which paths need no session, as the router is built from them (and the API reference). */
const PUBLIC = [
  '/',
  '/home',
  '/signin',
  '/sign-in',
  '/signup',
  '/sign-up',
  '/request-access',
  '/forgot',
  '/forgot-password',
  '/reset',
  '/reset-password',
  '/invite',
  '/invite-accept',
  '/developers',
];
const SIGNED_IN = [
  '/app',
  '/pending',
  '/upload',
  '/fraud',
  '/fraud-report',
  '/fraud-list',
  '/reports',
  '/history',
  '/reviews',
  '/team',
  '/admin',
  '/admin/requests',
  '/admin/users',
  '/admin/audit',
  '/no-such-page',
];

describe('navigation', () => {
  it.each(PUBLIC)('%s needs no session, in any case and with a trailing slash', (path) => {
    expect(isPublicPath(path)).toBe(true);
    expect(isPublicPath(path.toUpperCase())).toBe(true);
    expect(isPublicPath(`${path}/`)).toBe(true);
  });

  it.each(SIGNED_IN)('%s needs a session', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });

  it('declares every public path of the spec once, as a screen, an alias or an entry path', () => {
    const declared = [...ENTRY_PATHS, ...PUBLIC_SCREENS.flatMap((s) => [s.path, ...s.aliases])];
    expect([...declared].sort()).toEqual([...PUBLIC].sort());
  });

  it('never declares one path twice across screens and aliases', () => {
    const all = [
      ...ENTRY_PATHS,
      ...PUBLIC_SCREENS.flatMap((s) => [s.path, ...s.aliases]),
      ...[...SCREENS, PENDING_SCREEN].flatMap((s) => [s.path, ...(('aliases' in s ? s.aliases : undefined) ?? [])]),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it.each(SCREENS.map((s) => [s.path, s.label]))('finds %s (%s) however it is written', (path) => {
    expect(screenFor(path.toUpperCase())?.path).toBe(path);
    expect(screenFor(`${path}/`)?.path).toBe(path);
  });

  it('gives the wide frame to the five wide tables only', () => {
    expect(SCREENS.filter((s) => 'wide' in s && s.wide).map((s) => s.path)).toEqual([
      '/reports',
      '/reviews',
      '/disputes',
      '/reconciliation',
      '/remittances',
      '/admin/requests',
    ]);
  });
});
