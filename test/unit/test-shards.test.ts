import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** scripts/test-shards.mjs, the plain-JavaScript module `npm test` runs: its functions as this test calls them. */
interface Shard {
  files: string[];
  ms: number;
}
interface TestShards {
  testFiles(root: string, suite: 'e2e' | 'integration'): string[];
  readDurations(root: string): Record<'e2e' | 'integration', Record<string, number>>;
  assignShards(files: string[], durations: Record<string, number>, count: number): Shard[];
  fileArguments: Record<'e2e' | 'integration', (files: string[]) => string[]>;
}

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const modulePath = path.join(ROOT, 'scripts/test-shards.mjs');
const { assignShards, fileArguments, readDurations, testFiles } = (await import(modulePath)) as TestShards;
const SUITES = ['e2e', 'integration'] as const;

/** What each runner's argument selects: Playwright's a regular expression over the absolute path, Vitest's a part of the path. */
const selects: Record<(typeof SUITES)[number], (argument: string, file: string) => boolean> = {
  e2e: (argument, file) => new RegExp(argument, 'gi').test(path.join(ROOT, file)),
  integration: (argument, file) => file.toLowerCase().includes(argument.toLowerCase()),
};

describe.each(SUITES)('the %s shards of `npm test`', (suite) => {
  const files = testFiles(ROOT, suite);
  const durations = readDurations(ROOT)[suite];

  it.each([1, 2, 3, 4, 5])('run every test file exactly once across %i shard(s)', (count) => {
    const shards = assignShards(files, durations, count);
    expect(shards).toHaveLength(count);
    const assigned = shards.flatMap((s) => s.files);
    expect(assigned.sort()).toEqual([...files].sort());
    expect(new Set(assigned).size).toBe(assigned.length);
  });

  it('select each assigned file, and only it, on the runner’s command line', () => {
    for (const shard of assignShards(files, durations, 3)) {
      const args = fileArguments[suite](shard.files);
      expect(args).toHaveLength(shard.files.length);
      args.forEach((argument, i) =>
        expect(
          files.filter((file) => selects[suite](argument, file)),
          argument,
        ).toEqual([shard.files[i]]),
      );
    }
  });

  it('end within the longest file of each other by recorded time', () => {
    const shards = assignShards(files, durations, 3);
    const longest = Math.max(...files.map((f) => durations[f] ?? 0));
    const totals = shards.map((s) => s.ms);
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(longest);
  });
});

describe('sharing files out by recorded time', () => {
  it.each<{ name: string; files: string[]; durations: Record<string, number>; count: number; expected: string[][] }>([
    {
      name: 'new files, never timed, spread evenly',
      files: ['a', 'b', 'c', 'd', 'e', 'f'],
      durations: {},
      count: 3,
      expected: [
        ['a', 'd'],
        ['b', 'e'],
        ['c', 'f'],
      ],
    },
    {
      name: 'a long file alone, the short ones together',
      files: ['long', 's1', 's2', 's3'],
      durations: { long: 90, s1: 30, s2: 30, s3: 30 },
      count: 2,
      expected: [['long'], ['s1', 's2', 's3']],
    },
    {
      name: 'a new file counted as the mean of the timed ones, on the lightest shard',
      files: ['a', 'b', 'new'],
      durations: { a: 100, b: 40 },
      count: 2,
      expected: [['a'], ['b', 'new']],
    },
    { name: 'more shards than files: the rest empty', files: ['a'], durations: { a: 5 }, count: 3, expected: [['a'], [], []] },
  ])('$name', ({ files, durations, count, expected }) => {
    expect(assignShards(files, durations, count).map((s) => s.files)).toEqual(expected);
  });

  it('are the same shares for the same inputs, whatever their order', () => {
    const durations = { a: 10, b: 10, c: 20, d: 5 };
    expect(assignShards(['d', 'c', 'b', 'a'], durations, 2)).toEqual(assignShards(['a', 'b', 'c', 'd'], durations, 2));
  });
});
