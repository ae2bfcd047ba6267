import { describe, expect, it } from 'vitest';
import { jsonArrayBatches, jsonArrayElements } from '#lib/json-array.js';

async function* chunksOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function elements(text: string, size: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const element of jsonArrayElements(chunksOf(text, size))) out.push(element);
  return out;
}

const ARRAYS: unknown[][] = [
  [],
  [1],
  [{ a: 'x,]}"\\', b: [] }, [1, [2, { c: null }]], 'é€😀', true, -1.5e3],
  Array.from({ length: 50 }, (_, i) => ({ i, text: `row ${i}], {` })),
];

describe('jsonArrayElements', () => {
  it.each(ARRAYS.flatMap((array) => [1, 2, 3, 7, 4096].map((size) => [array, size] as const)))(
    'reads %j in chunks of %i bytes as JSON.parse does',
    async (array, size) => {
      expect(await elements(JSON.stringify(array), size)).toEqual(array);
      expect(await elements(` \n${JSON.stringify(array, null, 2)}\n`, size)).toEqual(array);
    },
  );

  it.each(['', '[', '[1,]', '[,1]', '{}', '[1] x', '[1,2', '[1 2]', '[{"a":1]'])('refuses %j', async (text) => {
    await expect(elements(text, 2)).rejects.toThrow(SyntaxError);
  });
});

describe('jsonArrayBatches', () => {
  it('hands on the elements each chunk completes together, never an empty batch', async () => {
    const array = Array.from({ length: 200 }, (_, i) => ({ i, text: `row ${i}` }));
    const batches: unknown[][] = [];
    for await (const batch of jsonArrayBatches(chunksOf(JSON.stringify(array), 1024))) batches.push(batch);
    expect(batches.flat()).toEqual(array);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.length).toBeLessThan(array.length / 10);
    expect(batches.every((batch) => batch.length > 0)).toBe(true);
  });
});
