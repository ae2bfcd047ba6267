import { describe, expect, it } from 'vitest';
import { inParallelFromAsync } from '#lib/concurrency.js';

/** A streamed source of `count` items. */
async function* numbers(count: number) {
  for (let i = 0; i < count; i++) yield i;
}

describe('inParallelFromAsync', () => {
  it.each([
    { count: 0, limit: 8, most: 0 },
    { count: 3, limit: 8, most: 3 },
    { count: 20, limit: 1, most: 1 },
    { count: 20, limit: 8, most: 8 },
  ])('runs $count items from a stream, at most $limit at once ($most)', async ({ count, limit, most }) => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await inParallelFromAsync(numbers(count), limit, async (item) => {
      running++;
      peak = Math.max(peak, running);
      // Each task waits for every other task ready to start to have started.
      for (let tick = 0; tick < limit * 4; tick++) await Promise.resolve();
      running--;
      done.push(item);
    });
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(peak).toBe(most);
  });

  it('ends with the error of a task, having started no item twice', async () => {
    const seen: number[] = [];
    const failing = inParallelFromAsync(numbers(10), 4, async (item) => {
      seen.push(item);
      await Promise.resolve();
      if (item === 5) throw new Error('line 5 failed');
    });
    await expect(failing).rejects.toThrow('line 5 failed');
    expect(new Set(seen).size).toBe(seen.length);
  });
});
