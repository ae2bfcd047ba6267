import { describe, expect, it } from 'vitest';
import { jsonlSink, lenderCsv, lenderJsonl } from '#data/payroll/reconciliation-files.js';
import { jsonLineBatches, jsonLines } from '#lib/jsonl.js';
import { toCsv } from '#shared/rules/csv.js';
import type { ReconciliationLine } from '#shared/rules/reconciliation.js';

const line = (employee_no: string, nrc: string, name: string, reason: string | null = null): ReconciliationLine => ({
  employee_no,
  nrc,
  name,
  expected: 250.5,
  applied: 100,
  status: 'SHORT',
  reason,
});

describe('lenderJsonl and lenderCsv', () => {
  it.each([
    ['plain texts', line('EC1000001', '100001/10/1', 'Mwila Banda')],
    ['a quote, a comma and a backslash', line('E"1', '100001/10/1', 'Banda, M. \\ "Jr"', 'INSUFFICIENT PAY')],
    ['texts starting like formulas', line('=SUM(A1)', '+260', '-Mwila', '@x')],
    ['letters beyond ASCII and line breaks', line('ÉC1', '100001/10/1', 'Mwíla\r\nBanda\t')],
    ['empty texts', line('', '', '')],
  ])('writes %s as JSON.stringify and toCsv do', (_label, reconciled) => {
    const lines = [reconciled, reconciled];
    expect(new TextDecoder().decode(lenderJsonl(lines))).toBe(lines.map((l) => JSON.stringify(l)).join('\n'));
    const row = [reconciled.employee_no, reconciled.nrc, reconciled.name, 'A001', '250.50', '100.00', 'SHORT', reconciled.reason ?? ''];
    expect(lenderCsv('A001', lines)).toBe(
      `\uFEFF${toCsv([['EMPLOYEE NUMBER', 'NRC', 'NAME', 'PAYEE KEY', 'EXPECTED', 'APPLIED', 'STATUS', 'REASON'], row, row])}`,
    );
  });

  it('grows its buffer past the first guess and writes nothing for no lines', () => {
    const long = line('EC1', '100001/10/1', 'Ñ'.repeat(400), 'x'.repeat(300));
    const lines = Array.from({ length: 9 }, () => long);
    expect(new TextDecoder().decode(lenderJsonl(lines))).toBe(lines.map((l) => JSON.stringify(l)).join('\n'));
    expect(lenderJsonl([])).toHaveLength(0);
  });

  it('writes lines past its first size and its pieces, ASCII pieces and others alike, as JSON.stringify does', () => {
    const plainLine = line('EC1000001', '100001/10/1', 'Mwila Banda', 'INSUFFICIENT PAY');
    const lines = Array.from({ length: 3000 }, (_, i) => (i % 1000 === 999 ? line(`ÉC${i}`, '100001/10/1', 'Mwíla “Banda”', 'Ñ') : plainLine));
    const sink = jsonlSink(2);
    for (const l of lines) sink.add(l.employee_no, l.nrc, l.name, l.expected, l.applied, l.status, l.reason);
    expect(new TextDecoder().decode(sink.end())).toBe(lines.map((l) => JSON.stringify(l)).join('\n'));
  });
});

async function* body(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('jsonLineBatches', () => {
  it.each([1, 3, 7, 1024])('reads every line of a body handed over %i bytes at a time, split letters and blank lines included', async (size) => {
    const values = [{ a: 'Mwíla' }, { b: 2 }, { c: 'ü€' }];
    const text = `${JSON.stringify(values[0])}\n\n${JSON.stringify(values[1])}\r\n${JSON.stringify(values[2])}`;
    const batches = [];
    for await (const batch of jsonLineBatches(body(text, size))) batches.push(batch);
    expect(batches.flat()).toEqual(values);
    expect(batches.every((batch) => batch.length > 0)).toBe(true);
    const one = [];
    for await (const value of jsonLines(body(`${text}\n`, size))) one.push(value);
    expect(one).toEqual(values);
  });
});
