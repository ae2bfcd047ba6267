import { describe, expect, it, vi } from 'vitest';

// The server stops a page of the latest list before a byte budget; the screen follows the cursor.
const calls = vi.hoisted(() => [] as { cursor?: string }[]);
vi.mock('@/lib/api-client', () => ({
  callRoute: async (_route: unknown, { query }: { query: { limit: number; cursor?: string } }) => {
    calls.push({ cursor: query.cursor });
    const start = query.cursor ? Number(query.cursor) : 0;
    const items = Array.from({ length: Math.min(3, 8 - start) }, (_, i) => ({ id: `r${start + i}` }));
    const end = start + items.length;
    return { items, limit: query.limit, next_cursor: end < 8 ? String(end) : null };
  },
}));
const { latestFraudReports } = await import('../../web/src/features/fraud/api/search-reports.js');

describe('latestFraudReports', () => {
  it('follows the cursor until the limit is reached or nothing is left', async () => {
    calls.length = 0;
    const all = await latestFraudReports(50);
    expect(all.items.map((item) => item.id)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
    expect(calls.map((c) => c.cursor)).toEqual([undefined, '3', '6']);

    calls.length = 0;
    const some = await latestFraudReports(5);
    expect(some.items).toHaveLength(5);
    expect(some.next_cursor).toBe('6');
    expect(calls).toHaveLength(2);
  });
});
