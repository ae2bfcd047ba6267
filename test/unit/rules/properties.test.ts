import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '#shared/rules/amount.js';
import { csvRow } from '#shared/rules/csv.js';
import { isLastDayOfMonth, lastDayOfMonth, parseCellDate } from '#shared/rules/dates.js';
import { mapColumns } from '#shared/rules/headers.js';
import { NRC_PATTERN, extractNrcs, normaliseNrc, nrcDigits } from '#shared/rules/nrc.js';
import { normalisePayeeKey, orgTypeFromPayeeKey } from '#shared/rules/payee-key.js';
import { createRowValidator } from '#shared/rules/submission-rules.js';

const DAY_MS = 86_400_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const slashedNrc = fc
  .tuple(fc.stringMatching(/^\d{6,8}$/), fc.stringMatching(/^\d{2}$/), fc.stringMatching(/^\d$/))
  .map(([prefix, middle, last]) => `${prefix}/${middle}/${last}`);
/** Text holding no digit and no slash, so it can never form or extend an NRC. */
const noise = fc.string({ unit: 'binary', maxLength: 30 }).map((text) => text.replace(/[\d/]/g, ' '));
const nrcLikeText = fc.string({ unit: fc.constantFrom('0', '1', '7', '9', '/', ' ', '-', 'a', '\n'), maxLength: 200 });
const calendarDay = fc.integer({ min: Date.UTC(1900, 2, 1) / DAY_MS, max: Date.UTC(9999, 11, 31) / DAY_MS }).map((day) => new Date(day * DAY_MS));

/** A one-row RFC 4180 reader, enough to read back what csvRow writes. */
function readCsvRow(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  return [...fields, field];
}

describe('NRC properties', () => {
  it('finds a slashed NRC in any surrounding text, and normalising it changes nothing', () => {
    fc.assert(
      fc.property(slashedNrc, noise, noise, (nrc, before, after) => {
        const found = extractNrcs(`${before} ${nrc} ${after}`);
        expect(found).toEqual([nrc]);
        expect(found.map(normaliseNrc)).toEqual([nrc]);
      }),
    );
  });

  it('finds the same NRC written as bare digits', () => {
    fc.assert(
      fc.property(slashedNrc, noise, (nrc, around) => {
        expect(extractNrcs(`${around}${nrcDigits(nrc)}${around}`)).toEqual([nrc]);
        expect(normaliseNrc(nrcDigits(nrc))).toBe(nrc);
      }),
    );
  });

  it('returns a list of NRCs once each, in order of first appearance', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(slashedNrc, fc.boolean(), noise), { maxLength: 20 }), (entries) => {
        const text = entries.map(([nrc, bare, gap]) => `${bare ? nrcDigits(nrc) : nrc} ${gap}`).join('\n');
        expect(extractNrcs(text)).toEqual([...new Set(entries.map(([nrc]) => nrc))]);
      }),
    );
  });

  it('never extracts an invalid NRC or the same NRC twice', () => {
    fc.assert(
      fc.property(nrcLikeText, (text) => {
        const found = extractNrcs(text);
        expect(found.every((nrc) => NRC_PATTERN.test(nrc))).toBe(true);
        expect(new Set(found).size).toBe(found.length);
      }),
    );
  });

  it('normalises idempotently', () => {
    fc.assert(
      fc.property(nrcLikeText, (text) => {
        expect(normaliseNrc(normaliseNrc(text))).toBe(normaliseNrc(text));
      }),
    );
  });
});

describe('payee key properties', () => {
  it('normalises to letters, digits, dot, underscore and hyphen, idempotently', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (raw) => {
        const key = normalisePayeeKey(raw);
        expect(key).toMatch(/^[A-Z0-9._-]*$/);
        expect(normalisePayeeKey(key)).toBe(key);
        expect(['FI', 'PMEC']).toContain(orgTypeFromPayeeKey(key));
      }),
    );
  });
});

describe('date properties', () => {
  it('reads every accepted form of a day as that day', () => {
    fc.assert(
      fc.property(calendarDay, (date) => {
        const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
        const iso = date.toISOString().slice(0, 10);
        const [mm, dd] = [String(m).padStart(2, '0'), String(d).padStart(2, '0')];
        const month = MONTHS[m - 1] ?? '';
        const serial = (date.getTime() - Date.UTC(1899, 11, 30)) / DAY_MS;
        const forms: unknown[] = [
          iso,
          `${y}/${mm}/${dd}`,
          `${y}.${m}.${d}`,
          `${dd}/${mm}/${y}`,
          `${d}-${m}-${y}`,
          `${d} ${month} ${y}`,
          `${month.slice(0, 3)} ${d}, ${y}`,
          date,
          serial,
        ];
        if (y >= 2000 && y <= 2099) forms.push(`${dd}/${mm}/${String(y).slice(2)}`);
        expect(forms.map((form) => parseCellDate(form))).toEqual(forms.map(() => iso));
        if (serial >= 1462) expect(parseCellDate(serial - 1462, { date1904: true })).toBe(iso);
      }),
    );
  });

  it('ends every month on the day before the next month starts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9998 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const last = lastDayOfMonth(`${year}-${String(month).padStart(2, '0')}`);
        expect(new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)).toBe(last);
        expect(isLastDayOfMonth(last)).toBe(true);
      }),
    );
  });
});

describe('amount properties', () => {
  const formats: ((text: string) => string)[] = [(t) => t, (t) => `ZMW ${t}`, (t) => ` K ${t} `, (t) => `$${t}`, (t) => `${t} ZMW`];
  it('reads a formatted amount back to its value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.constantFrom(...formats), (cents, format) => {
        const text = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
        expect(parseAmount(format(text))).toBe(cents / 100);
        expect(parseAmount(`(${format(text)})`)).toBe(cents === 0 ? 0 : -cents / 100);
      }),
    );
  });
});

describe('CSV properties', () => {
  it('never starts a field with a formula character, and reads back to the neutralised text', () => {
    const text = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", 'a', ' '), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (values) => {
        const fields = readCsvRow(csvRow(values));
        expect(fields).toEqual(values.map((value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)));
        for (const field of fields) expect(field).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });
});

describe('row validator properties', () => {
  const columns = mapColumns(['EMP', 'NRC', 'START', 'END', 'AMOUNT', 'CODE']);
  it('passes the good row of any month of either kind, and pins stoppages to the last day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 }), calendarDay, (year, m, other) => {
        const month = `${year}-${String(m).padStart(2, '0')}`;
        const [first, last] = [`${month}-01`, lastDayOfMonth(month)];
        const inputs = createRowValidator({ kind: 'inputs', month, payeeKey: 'A001', columns });
        const stoppages = createRowValidator({ kind: 'stoppages', month, payeeKey: 'A001', columns });
        expect(inputs.validate(2, ['E1', '123456/78/9', first, last, 1, 'A001'])).toEqual([]);
        expect(stoppages.validate(2, ['E1', '123456/78/9', first, last, 0, 'A001'])).toEqual([]);
        const end = other.toISOString().slice(0, 10);
        const expected = end === last ? [] : [`End Date must be ${last} (last day of submission month)`];
        expect(stoppages.validate(3, ['E2', '222222/22/2', first, end, 0, 'A001']).map((issue) => issue.message)).toEqual(expected);
      }),
    );
  });
});
