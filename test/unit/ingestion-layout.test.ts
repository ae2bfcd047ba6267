import { describe, expect, it } from 'vitest';
import { CHUNK_ROWS, chunkCount, chunkKey, chunkOf, splitRows } from '#data/ingestion/layout.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { borrowerKey } from '#shared/rules/signal-borrowers.js';

/** How a submitted file is cut into chunks (lambdas/data/ingestion/layout.ts). */
const ID = '0b7e4a52-6f0c-4d2a-9a51-3c1f7d2e9b10';
const row = (i: number, over: Partial<CanonicalRow> = {}): CanonicalRow => ({
  employee_no: `E${i}`,
  nrc: `${100_000 + i}/10/1`,
  start_date: '2026-01-01',
  end_date: '2027-01-31',
  installment_amount: 100,
  amount: 100,
  payee_key: 'P001',
  ...over,
});

describe('chunk keys', () => {
  it('name the submission and the chunk, and read back', () => {
    expect(chunkKey(ID, 3, 20)).toBe(`chunks/${ID}/3-of-20.json`);
    expect(chunkOf(chunkKey(ID, 3, 20))).toEqual({ submissionId: ID, index: 3, count: 20 });
  });
  it.each([`chunks/${ID}/20-of-20.json`, `chunks/not-an-id/0-of-2.json`, `ingest/${ID}.json`, `chunks/${ID}/1-of-2.json.tmp`])('refuse %s', (key) => {
    expect(chunkOf(key)).toBeNull();
  });
});

describe('splitRows', () => {
  it("cuts a file into chunks of about CHUNK_ROWS, keeping each borrower's rows together and in file order", () => {
    const rows = Array.from({ length: 3 * CHUNK_ROWS + 17 }, (_, i) => row(i % 12_000, { installment_amount: i }));
    rows.push(row(0, { nrc: null, employee_no: 'WITHOUT-NRC' }), row(1, { nrc: null, employee_no: null }));
    const count = chunkCount(rows.length);
    const chunks = splitRows(rows, count);
    expect(count).toBe(4);
    expect(chunks.flat()).toHaveLength(rows.length);
    for (const chunk of chunks) expect(chunk.length).toBeGreaterThan(CHUNK_ROWS * 0.6);
    const home = new Map<string, number>();
    chunks.forEach((chunk, index) => {
      for (const r of chunk) {
        const key = borrowerKey(r);
        if (key === null) continue;
        expect(home.get(key) ?? index).toBe(index);
        home.set(key, index);
      }
      // File order within a chunk: a borrower's loans stay in the order the file gave them.
      const installments = chunk.filter((r) => r.employee_no === 'E5').map((r) => r.installment_amount);
      expect(installments).toEqual([...installments].sort((a, b) => a - b));
    });
    // The same file always splits the same way.
    expect(splitRows(rows, count)).toEqual(chunks);
  });
  it('makes no chunk of an empty file', () => {
    expect(chunkCount(0)).toBe(0);
    expect(chunkCount(1)).toBe(1);
  });
});
