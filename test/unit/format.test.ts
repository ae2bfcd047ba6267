import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatBytes,
  formatCompact,
  formatCount,
  formatDate,
  formatDateTime,
  formatMonth,
  formatRate,
  formatText,
  formatTime,
  formatZmw,
  formatZmwChange,
  kindLabel,
} from '../../web/src/lib/format.js';

// Instants are written in the runtime's time zone: the clock cases read the expected time in that zone.
const NOON = '2026-03-03T12:05:09.000Z';
const pad = (n: number) => String(n).padStart(2, '0');
const local = new Date(NOON);
const clock = `${pad(local.getHours())}:${pad(local.getMinutes())}`;
const day = `${local.getDate()} Mar 2026`;

describe('numbers and money, in British English', () => {
  it.each<[string, string, string]>([
    ['a count', formatCount(1234567), '1,234,567'],
    ['a count of zero', formatCount(0), '0'],
    ['no count', formatCount(null), '—'],
    ['a count that is not a number', formatCount(Number.NaN), '—'],
    ['an amount, always 2 decimals', formatAmount(1234.5), '1,234.50'],
    ['an amount rounded to the ngwee', formatAmount(0.125), '0.13'],
    ['no amount', formatAmount(undefined), '—'],
    ['kwacha', formatZmw(1234.5), 'ZMW 1,234.50'],
    ['a negative sum of kwacha', formatZmw(-20), 'ZMW -20.00'],
    ['no kwacha', formatZmw(null), '—'],
    ['a fall in kwacha', formatZmwChange(-520), '−ZMW 520.00'],
    ['a rise in kwacha', formatZmwChange(50), '+ZMW 50.00'],
    ['no change in kwacha', formatZmwChange(0), 'ZMW 0.00'],
    ['a rate in percent', formatRate(87.5), '87.5%'],
    ['a rate rounded to one decimal', formatRate((2 / 3) * 100), '66.7%'],
    ['a whole rate', formatRate(100), '100%'],
    ['no rate', formatRate(null), '—'],
    ['a rate that is not a number', formatRate(Number.POSITIVE_INFINITY), '—'],
    ['an axis number', formatCompact(1250).toLowerCase(), '1.3k'],
    ['a small axis number', formatCompact(950), '950'],
    ['bytes', formatBytes(512), '512 B'],
    ['kilobytes', formatBytes(3482), '3.4 KB'],
    ['megabytes', formatBytes(9.8 * 1024 * 1024), '9.8 MB'],
  ])('%s: %s', (_, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('months, days and instants', () => {
  it.each<[string, string, string]>([
    ['a month, long', formatMonth('2026-06'), 'June 2026'],
    ['a month, short', formatMonth('2026-06', 'short'), 'Jun 2026'],
    ['a month, by name alone', formatMonth('2026-12', 'name'), 'Dec'],
    ['no month', formatMonth(null), '—'],
    ['a month that is none', formatMonth('2026-13'), '2026-13'],
    ['text that is no month', formatMonth('soon'), 'soon'],
    ['a calendar date, as written whatever the zone', formatDate('2026-06-01'), '1 Jun 2026'],
    ['a calendar date, long', formatDate('2026-11-27', 'long'), '27 November 2026'],
    ['a day that is none', formatDate('2026-02-30'), '2026-02-30'],
    ['an instant’s day, in the browser’s zone', formatDate(NOON), day],
    ['no date', formatDate(null), '—'],
    ['text that is no date', formatDate('not yet'), 'not yet'],
    ['an instant', formatDateTime(NOON), `${day}, ${clock}`],
    ['an instant with seconds', formatDateTime(NOON, { seconds: true }), `${day}, ${clock}:09`],
    ['no instant', formatDateTime(undefined), '—'],
    ['text that is no instant', formatDateTime('later'), '—'],
    ['a clock time, on a 24-hour clock', formatTime(NOON), clock],
    ['no clock time', formatTime(null), ''],
  ])('%s: %s', (_, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('kinds and texts', () => {
  it.each<[string, string, string]>([
    ['a file of inputs', kindLabel('inputs'), 'Inputs'],
    ['a file of stoppages', kindLabel('stoppages'), 'Stoppages'],
    ['a history row’s input', kindLabel('input'), 'Input'],
    ['a history row’s stoppage', kindLabel('stoppage'), 'Stoppage'],
    ['a lender', kindLabel('fi'), 'FI'],
    ['the payroll authority', kindLabel('pmec'), 'PMEC'],
    ['an applied deductions file', kindLabel('applied'), 'Applied deductions'],
    ['a kind not named yet, capitalised', kindLabel('remittance'), 'Remittance'],
    ['a text', formatText('Plan A'), 'Plan A'],
    ['a blank text', formatText('  '), '—'],
    ['no text', formatText(null), '—'],
  ])('%s: %s', (_, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
