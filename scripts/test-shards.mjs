// How `npm test` (scripts/test.mjs) shares the end-to-end and integration test files out to its shards: by the
// time each file took when last recorded (test/durations.json), not by their count, so that the shards end
// together. `node scripts/test-shards.mjs` prints the shares.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The recorded durations, committed: `npm test -- --refresh-durations` rewrites them from the run's reports. */
export const DURATIONS_FILE = 'test/durations.json';

/** Each sharded suite's test files: the same folders and names as playwright.config.ts's and vitest.config.ts's. */
export const SUITES = {
  e2e: { dir: 'test/e2e', pattern: /\.(spec|test)\.[cm]?[jt]sx?$/ },
  integration: { dir: 'test/integration', pattern: /\.test\.ts$/ },
};

/** A suite's test files, relative to the root with forward slashes, sorted. */
export function testFiles(root, suite) {
  const { dir, pattern } = SUITES[suite];
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const name = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(name);
      else if (pattern.test(entry.name)) found.push(name);
    }
  };
  walk(dir);
  return found.sort();
}

/** The committed durations, in ms per file and suite (none when the file is missing). */
export function readDurations(root) {
  const file = path.join(root, DURATIONS_FILE);
  const recorded = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  return { e2e: recorded.e2e ?? {}, integration: recorded.integration ?? {} };
}

/**
 * Shares `files` out to `count` shards, longest first, each to the shard with the least time so far (ties to the
 * first). A file never timed counts as the mean of those timed, so new files spread over the shards like the others.
 * Every file lands in exactly one shard; a shard's files are sorted. Returns [{ files, ms }], one per shard.
 */
export function assignShards(files, durations, count) {
  const timed = files.map((f) => durations[f]).filter((ms) => Number.isFinite(ms));
  const fallback = timed.length ? timed.reduce((a, b) => a + b, 0) / timed.length : 1_000;
  const weighted = files.map((file) => ({ file, ms: Number.isFinite(durations[file]) ? durations[file] : fallback }));
  weighted.sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file));
  const shards = Array.from({ length: count }, () => ({ files: [], ms: 0 }));
  for (const { file, ms } of weighted) {
    const lightest = shards.reduce((best, shard) => (shard.ms < best.ms ? shard : best));
    lightest.files.push(file);
    lightest.ms += ms;
  }
  for (const shard of shards) shard.files.sort();
  return shards;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The command-line arguments that select exactly these files: Playwright reads each as a regular expression
 * over the file's absolute path (anchored here at its end), Vitest as a part of the path from the root.
 */
export const fileArguments = {
  e2e: (files) => files.map((file) => `(^|/)${escapeRegExp(file)}$`),
  integration: (files) => [...files],
};

/** Each suite's shards for this checkout: its files and the recorded durations. */
export function plan(root, count) {
  const durations = readDurations(root);
  return Object.fromEntries(Object.keys(SUITES).map((suite) => [suite, assignShards(testFiles(root, suite), durations[suite], count)]));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const shards = plan(root, Number(process.env.TEST_SHARDS ?? 3));
  for (const [suite, list] of Object.entries(shards)) {
    list.forEach((shard, i) =>
      console.log(`${suite}-${i + 1}: ${shard.files.length} files, ${(shard.ms / 1000).toFixed(0)} s recorded\n  ${shard.files.join('\n  ')}`),
    );
  }
}
