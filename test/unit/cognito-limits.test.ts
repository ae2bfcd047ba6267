import { describe, expect, it } from 'vitest';
import { HourlyLimit, lockoutMs, SignInLockout } from '../../infra/local/cognito-limits.js';

/** The twin's Cognito limits on a clock the test moves, so no test waits. */
function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the sign-in lockout (Cognito: 5 failures, then 1 s doubling up to 15 minutes)', () => {
  it.each([
    [4, 0],
    [5, 1000],
    [6, 2000],
    [7, 4000],
    [14, 512_000],
    [15, 900_000],
    [40, 900_000],
  ])('%i failures lock for %i ms', (failures, ms) => expect(lockoutMs(failures)).toBe(ms));

  it('locks after the fifth failure, whatever the case of the name, until the period ends', () => {
    const t = clock();
    const lockout = new SignInLockout(t.now);
    for (let i = 0; i < 4; i++) lockout.failed('Ana@Example.com');
    expect(lockout.locked('ana@example.com')).toBe(false);
    lockout.failed('ana@example.com');
    expect(lockout.locked('ANA@example.com')).toBe(true);
    t.advance(1001);
    expect(lockout.locked('ana@example.com')).toBe(false);
    lockout.failed('ana@example.com');
    t.advance(1999);
    expect(lockout.locked('ana@example.com')).toBe(true);
    t.advance(2);
    expect(lockout.locked('ana@example.com')).toBe(false);
  });

  it('starts again after a success, or after 15 quiet minutes', () => {
    const t = clock();
    const lockout = new SignInLockout(t.now);
    for (let i = 0; i < 5; i++) lockout.failed('a');
    lockout.succeeded('a');
    lockout.failed('a');
    expect(lockout.locked('a')).toBe(false);
    for (let i = 0; i < 4; i++) lockout.failed('b');
    t.advance(15 * 60_000 + 1);
    lockout.failed('b');
    expect(lockout.locked('b')).toBe(false);
  });
});

describe('reset codes per account per hour', () => {
  it('allows 5 an hour and counts refused ones for nothing', () => {
    const t = clock();
    const limit = new HourlyLimit(5, t.now);
    for (let i = 0; i < 5; i++) {
      expect(limit.take('A@example.com')).toBe(true);
      t.advance(60_000);
    }
    expect(limit.take('a@example.com')).toBe(false);
    expect(limit.take('other@example.com')).toBe(true);
    t.advance(60 * 60_000 - 5 * 60_000 + 1);
    expect(limit.take('a@example.com')).toBe(true);
    expect(limit.take('a@example.com')).toBe(false);
  });
});
