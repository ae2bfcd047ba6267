import { afterEach, describe, expect, it } from 'vitest';
import {
  currentMonth,
  lusakaDay,
  daysInMonth,
  firstDayOfMonth,
  fromExcelSerial,
  isCalendarDate,
  isLastDayOfMonth,
  isLeapYear,
  isMonth,
  lastDayOfMonth,
  lusakaRetryTime,
  monthOf,
  parseCellDate,
} from '#shared/rules/dates.js';

describe('parseCellDate', () => {
  it.each([
    ['ISO with dashes', '2026-03-01', '2026-03-01'],
    ['ISO with slashes', '2026/03/01', '2026-03-01'],
    ['ISO with dots', '2026.03.01', '2026-03-01'],
    ['ISO without leading zeros', '2026-3-1', '2026-03-01'],
    ['ISO with a time, taken as written', '2026-02-28T23:30:00.000Z', '2026-02-28'],
    ['ISO with a time and offset', '2026-03-31 23:59:59+02:00', '2026-03-31'],
    ['D/M/Y', '01/03/2026', '2026-03-01'],
    ['D/M/Y is day first', '03/01/2026', '2026-01-03'],
    ['D-M-Y', '31-12-2026', '2026-12-31'],
    ['D.M.Y', '29.02.2024', '2024-02-29'],
    ['D/M/Y without leading zeros', '1/3/2026', '2026-03-01'],
    ['D/M/YY as 20xx', '01/03/26', '2026-03-01'],
    ['D/M/YY 99 as 2099', '31/12/99', '2099-12-31'],
    ['D/M/YY 00 as 2000', '29/02/00', '2000-02-29'],
    ['D/M/Y with a time', '31/03/2026 00:00', '2026-03-31'],
    ['day month-name year', '1 March 2026', '2026-03-01'],
    ['abbreviated month name', '1 Mar 2026', '2026-03-01'],
    ['month-name day, year', 'Mar 1, 2026', '2026-03-01'],
    ['full month-name day, year', 'March 31, 2026', '2026-03-31'],
    ['Excel text style', '01-Mar-26', '2026-03-01'],
    ['ordinal and weekday', 'Sunday, March 1st, 2026', '2026-03-01'],
    ['"of"', '1st of March 2026', '2026-03-01'],
    ['year month-name day', '2026 March 1', '2026-03-01'],
    ['Sept', '30 Sept 2026', '2026-09-30'],
    ['upper case', '28 FEB 2027', '2027-02-28'],
    ['Date#toString output', 'Sun Mar 01 2026 00:00:00 GMT+0200 (Central Africa Time)', '2026-03-01'],
    ['surrounding spaces', '  2026-03-01 ', '2026-03-01'],
  ])('%s: %j', (_name, text, expected) => {
    expect(parseCellDate(text)).toBe(expected);
  });

  it.each([
    ['serial 1 is 1900-01-01', 1, '1900-01-01'],
    ['serial 59 is 1900-02-28', 59, '1900-02-28'],
    ['serial 61 is 1900-03-01, after the fictitious 29th', 61, '1900-03-01'],
    ['serial 45292 is 2024-01-01', 45292, '2024-01-01'],
    ['serial 45351 is 2024-02-29', 45351, '2024-02-29'],
    ['serial 46082 is 2026-03-01', 46082, '2026-03-01'],
    ['serial 46112 is 2026-03-31', 46112, '2026-03-31'],
    ['a time of day is dropped', 46082.99, '2026-03-01'],
    ['serial text', '46082', '2026-03-01'],
    ['serial text with a time', '46112.5', '2026-03-31'],
    ['the last serial is 9999-12-31', 2958465, '9999-12-31'],
  ])('1900 system: %s', (_name, serial, expected) => {
    expect(parseCellDate(serial)).toBe(expected);
  });

  it.each([
    ['serial 0 is 1904-01-01', 0, '1904-01-01'],
    ['serial 1 is 1904-01-02', 1, '1904-01-02'],
    ['serial 44620 is 2026-03-01', 44620, '2026-03-01'],
    ['serial 44650 is 2026-03-31', 44650, '2026-03-31'],
    ['serial 43889 is 2024-02-29', 43889, '2024-02-29'],
    ['serial text', '44620', '2026-03-01'],
  ])('1904 system: %s', (_name, serial, expected) => {
    expect(parseCellDate(serial, { date1904: true })).toBe(expected);
  });

  it.each([
    ['serial 0 (Excel 1900-01-00)', 0],
    ['serial 60 (the fictitious 1900-02-29)', 60],
    ['a negative serial', -1],
    ['a serial past 9999-12-31', 2958466],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('1900 system rejects %s', (_name, serial) => {
    expect(parseCellDate(serial)).toBeNull();
  });

  it.each([
    ['midnight UTC', Date.UTC(2026, 2, 1), '2026-03-01'],
    ['late in the UTC day', Date.UTC(2026, 1, 28, 23, 30), '2026-02-28'],
    ['early in the UTC day', Date.UTC(2026, 11, 31, 0, 1), '2026-12-31'],
    ['a leap day', Date.UTC(2024, 1, 29), '2024-02-29'],
  ])('a Date object gives its UTC calendar date: %s', (_name, ms, expected) => {
    expect(parseCellDate(new Date(ms))).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['text', 'soon'],
    ['month only', 'March 2026'],
    ['31 April', '31/04/2026'],
    ['29 Feb in a non-leap year', '29/02/2025'],
    ['29 Feb 1900', '1900-02-29'],
    ['month 13', '2026-13-01'],
    ['month 0', '2026-00-10'],
    ['day 0', '2026-03-00'],
    ['mixed separators', '2026-03/01'],
    ['trailing junk', '2026-03-01x'],
    ['three-digit year', '01/03/026'],
    ['two month names', '1 March April 2026'],
    ['an unknown word', '1 Marchy 2026'],
    ['three numbers and a month', '1 2 March 2026'],
    ['an invalid Date', new Date(Number.NaN)],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['an object', {}],
  ])('rejects %s', (_name, value) => {
    expect(parseCellDate(value)).toBeNull();
  });

  describe('in any runtime time zone', () => {
    const saved = process.env.TZ;
    afterEach(() => {
      process.env.TZ = saved;
    });

    it.each(['UTC', 'Africa/Lusaka', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'])('gives the same dates in %s', (zone) => {
      process.env.TZ = zone;
      const values: unknown[] = ['2026-03-01', '01/03/26', 'Mar 1, 2026', '1 March 2026', 46082, new Date(Date.UTC(2026, 2, 1))];
      expect(values.map((value) => parseCellDate(value))).toEqual(Array(values.length).fill('2026-03-01'));
      expect(currentMonth(new Date(Date.UTC(2026, 2, 31, 22, 0)))).toBe('2026-04');
    });
  });
});

describe('fromExcelSerial', () => {
  it('counts consecutive days across the 1900 leap-year bug', () => {
    expect([58, 59, 61, 62].map((n) => fromExcelSerial(n))).toEqual(['1900-02-27', '1900-02-28', '1900-03-01', '1900-03-02']);
  });

  it('puts the two systems 1462 days apart', () => {
    for (const serial of [1462, 40000, 46082, 50000]) {
      expect(fromExcelSerial(serial - 1462, { date1904: true })).toBe(fromExcelSerial(serial));
    }
  });
});

describe('isLeapYear and daysInMonth', () => {
  it.each([
    [2024, 2, 29],
    [2025, 2, 28],
    [2026, 2, 28],
    [2000, 2, 29],
    [2100, 2, 28],
    [2026, 1, 31],
    [2026, 4, 30],
    [2026, 6, 30],
    [2026, 9, 30],
    [2026, 11, 30],
    [2026, 12, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
    if (month === 2) expect(isLeapYear(year)).toBe(days === 29);
  });
});

describe('isMonth', () => {
  it.each([
    ['2026-03', true],
    ['2026-12', true],
    ['2026-01', true],
    ['2026-13', false],
    ['2026-00', false],
    ['2026-3', false],
    ['26-03', false],
    ['2026/03', false],
    ['2026-03-01', false],
    [' 2026-03', false],
    ['', false],
    [202603, false],
    [null, false],
  ])('%j is a month: %s', (value, expected) => {
    expect(isMonth(value)).toBe(expected);
  });
});

describe('month boundaries', () => {
  it.each([
    ['2026-01', '2026-01-01', '2026-01-31'],
    ['2026-02', '2026-02-01', '2026-02-28'],
    ['2024-02', '2024-02-01', '2024-02-29'],
    ['2000-02', '2000-02-01', '2000-02-29'],
    ['2100-02', '2100-02-01', '2100-02-28'],
    ['2026-04', '2026-04-01', '2026-04-30'],
    ['2026-12', '2026-12-01', '2026-12-31'],
  ])('%s runs from %s to %s', (month, first, last) => {
    expect(firstDayOfMonth(month)).toBe(first);
    expect(lastDayOfMonth(month)).toBe(last);
    expect(monthOf(last)).toBe(month);
  });

  it.each(['2026-13', '2026-3', ''])('refuses the month %j', (month) => {
    expect(() => firstDayOfMonth(month)).toThrow(RangeError);
    expect(() => lastDayOfMonth(month)).toThrow(RangeError);
  });

  it.each([
    ['2026-01-31', true],
    ['2026-03-31', true],
    ['2026-03-30', false],
    ['2026-04-30', true],
    ['2026-04-29', false],
    ['2026-02-28', true],
    ['2024-02-28', false],
    ['2024-02-29', true],
    ['2026-12-31', true],
    ['2026-02-29', false],
    ['2026-04-31', false],
    ['not a date', false],
  ])('%s is the last day of its month: %s', (date, expected) => {
    expect(isLastDayOfMonth(date)).toBe(expected);
  });

  it.each([
    ['2026-03-01', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-3-1', false],
    ['2026-03-01T00:00', false],
    [null, false],
  ])('%j is a calendar date: %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe('currentMonth', () => {
  it.each([
    ['mid-month', Date.UTC(2026, 2, 15, 12), '2026-03'],
    ['21:59 UTC on 31 March is still March in Lusaka', Date.UTC(2026, 2, 31, 21, 59), '2026-03'],
    ['22:00 UTC on 31 March is April in Lusaka', Date.UTC(2026, 2, 31, 22, 0), '2026-04'],
    ['22:00 UTC on 31 December is January in Lusaka', Date.UTC(2026, 11, 31, 22, 0), '2027-01'],
  ])('%s', (_name, ms, expected) => {
    expect(currentMonth(new Date(ms))).toBe(expected);
  });

  it('takes another UTC offset', () => {
    expect(currentMonth(new Date(Date.UTC(2026, 11, 31, 22, 0)), 0)).toBe('2026-12');
  });
});

describe('lusakaDay', () => {
  it.each([
    ['2026-12-27T10:00:00.000Z', '27 Dec 2026'],
    ['2026-12-31T22:30:00.000Z', '1 Jan 2027'],
    ['2027-03-01T21:59:59.000Z', '1 Mar 2027'],
  ])('%s is %s in Lusaka', (instant, day) => {
    expect(lusakaDay(instant)).toBe(day);
  });
});

describe('lusakaRetryTime', () => {
  const now = new Date('2026-11-27T12:00:00Z'); // 14:00 in Lusaka
  it.each([
    ['a whole minute, today', '2026-11-27T12:06:00Z', '14:06 Lusaka time'],
    ['a second into a minute rounds up', '2026-11-27T12:06:01Z', '14:07 Lusaka time'],
    ['before midnight in Lusaka is today', '2026-11-27T21:59:00Z', '23:59 Lusaka time'],
    ['past midnight in Lusaka names the day', '2026-11-27T22:00:00Z', '00:00 Lusaka time on 28 Nov'],
    ['a day on names the day', '2026-11-28T12:00:00Z', '14:00 Lusaka time on 28 Nov'],
    ['across a year end', '2026-12-31T22:30:00Z', '00:30 Lusaka time on 1 Jan'],
  ])('%s', (_, at, expected) => {
    expect(lusakaRetryTime(new Date(at), now)).toBe(expected);
  });
});
