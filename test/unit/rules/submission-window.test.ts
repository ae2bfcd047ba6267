import { describe, expect, it } from 'vitest';
import { updateSettingsRequestSchema, submissionWindowSchema, retentionSchema, SETTINGS_MESSAGES } from '#shared/api/settings.js';
import {
  closingDate,
  closingDay,
  DEFAULT_SUBMISSION_WINDOW,
  isLate,
  monthName,
  windowClosesAt,
  windowNotice,
  type SubmissionWindow,
} from '#shared/rules/submission-window.js';

const W = (open_day: number, close_day: number, blocking = false): SubmissionWindow => ({ open_day, close_day, blocking });

describe('the window closes at midnight in Lusaka (UTC+2) after its closing day', () => {
  it.each([
    ['the default, November', '2026-11', DEFAULT_SUBMISSION_WINDOW, '2026-11-05T22:00:00.000Z'],
    ['a close day past February’s end is its last day', '2026-02', W(1, 31), '2026-02-28T22:00:00.000Z'],
    ['February of a leap year', '2028-02', W(1, 30), '2028-02-29T22:00:00.000Z'],
    ['the 31st in a 30-day month', '2026-04', W(1, 31), '2026-04-30T22:00:00.000Z'],
    ['December closes in the new year’s first day, Lusaka time', '2026-12', W(1, 31), '2026-12-31T22:00:00.000Z'],
    ['a one-day window', '2026-06', W(10, 10), '2026-06-10T22:00:00.000Z'],
  ])('%s', (_name, month, window, closes) => {
    expect(windowClosesAt(month, window).toISOString()).toBe(closes);
  });

  it('refuses something that is not a month', () => {
    expect(() => windowClosesAt('2026-13', DEFAULT_SUBMISSION_WINDOW)).toThrow(RangeError);
  });
});

describe('isLate: the edges, in Lusaka time', () => {
  it.each([
    ['23:59:59 on the 5th in Lusaka (21:59:59 UTC)', '2026-11-05T21:59:59.999Z', false],
    ['00:00 on the 6th in Lusaka (22:00 UTC on the 5th)', '2026-11-05T22:00:00.000Z', true],
    ['the 6th at noon', '2026-11-06T10:00:00.000Z', true],
    ['the 1st, when the window opens', '2026-10-31T22:00:00.000Z', false],
    ['before the window opens: early is on time', '2026-10-20T08:00:00.000Z', false],
    ['a month later', '2026-12-03T08:00:00.000Z', true],
  ])('November 2026 with the default window at %s: late %s', (_name, now, late) => {
    expect(isLate('2026-11', DEFAULT_SUBMISSION_WINDOW, new Date(now))).toBe(late);
  });
});

describe('what people read', () => {
  it.each([
    ['2026-01', 'January 2026'],
    ['2026-11', 'November 2026'],
    ['2027-12', 'December 2027'],
  ])('monthName(%s) is %s', (month, name) => expect(monthName(month)).toBe(name));

  it.each([
    ['2026-11', W(1, 5), 5, '5 November 2026'],
    ['2026-02', W(1, 31), 28, '28 February 2026'],
    ['2024-02', W(3, 30), 29, '29 February 2024'],
  ])('%s with %j closes on day %i, %s', (month, window, day, date) => {
    expect(closingDay(month, window)).toBe(day);
    expect(closingDate(month, window)).toBe(date);
  });

  it.each([
    ['on time: nothing', DEFAULT_SUBMISSION_WINDOW, '2026-11-05T12:00:00.000Z', null],
    [
      'late, accepted and marked',
      DEFAULT_SUBMISSION_WINDOW,
      '2026-11-06T12:00:00.000Z',
      'The window for November 2026 closed on 5 November 2026: this submission will be marked late.',
    ],
    [
      'late and blocking',
      W(1, 5, true),
      '2026-11-06T12:00:00.000Z',
      'The window for November 2026 closed on 5 November 2026: submissions for November 2026 are no longer accepted.',
    ],
    ['blocking but on time: nothing', W(1, 5, true), '2026-11-02T12:00:00.000Z', null],
  ])('windowNotice: %s', (_name, window, now, notice) => {
    expect(windowNotice('2026-11', window, new Date(now))).toBe(notice);
  });
});

describe('the settings schemas', () => {
  it.each([
    [W(1, 5), true],
    [W(1, 31, true), true],
    [W(28, 28), true],
    [W(0, 5), false],
    [W(29, 31), false],
    [W(5, 4), false],
    [W(1, 32), false],
    [{ open_day: 1.5, close_day: 5, blocking: false }, false],
    [{ open_day: '1', close_day: 5, blocking: false }, false],
    [{ open_day: 1, close_day: 5 }, false],
  ])('window %j valid: %s', (window, valid) => {
    expect(submissionWindowSchema.safeParse(window).success).toBe(valid);
  });

  it.each([
    [{ report_years: 6 }, true],
    [{ report_years: 1 }, true],
    [{ report_years: 20 }, true],
    [{ report_years: 0 }, false],
    [{ report_years: 21 }, false],
    [{ report_years: 2.5 }, false],
  ])('retention %j valid: %s', (retention, valid) => {
    expect(retentionSchema.safeParse(retention).success).toBe(valid);
  });

  it('an update names at least one setting and nothing else', () => {
    expect(updateSettingsRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(SETTINGS_MESSAGES.nothing);
    expect(updateSettingsRequestSchema.safeParse({ colour: 'blue' }).success).toBe(false);
    expect(updateSettingsRequestSchema.safeParse({ window: W(2, 6) }).success).toBe(true);
  });
});
