// The test files' times of a `npm test` run (scripts/test.mjs), read from the reports its stages wrote (Vitest's through
// scripts/vitest-durations.mjs, Playwright's through its JSON reporter): the slowest printed, the recorded durations refreshed.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DURATIONS_FILE, readDurations, SUITES, testFiles } from './test-shards.mjs';

/** Playwright's JSON report: each file's tests' durations summed (one worker runs a file's tests in turn). */
function playwrightFiles(report) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + (result.duration ?? 0));
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  // A spec's file is named from the report's root folder.
  const rootDir = report.config?.rootDir ?? '';
  return [...byFile].map(([file, ms]) => ({ suite: 'e2e', file: path.resolve(rootDir, file), ms }));
}

/** Every test file the reports in `dir` time: { suite, file (relative to root, forward slashes), ms }. */
function measuredFiles(dir, root) {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const name of readdirSync(dir)) {
    const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    if (name.endsWith('.durations.json')) files.push(...report);
    else if (name.startsWith('playwright')) files.push(...playwrightFiles(report));
  }
  return files.map((f) => ({ ...f, file: (path.isAbsolute(f.file) ? path.relative(root, f.file) : f.file).split(path.sep).join('/') }));
}

/** The `count` slowest files across every report in `dir`, slowest first. */
export function slowestFiles(dir, root, count) {
  return measuredFiles(dir, root)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

/**
 * Rewrites the committed durations (scripts/test-shards.mjs) with the files this run's reports timed; a file
 * the run did not time keeps its recorded time, a file that no longer exists is dropped. Returns how many were timed.
 */
export function refreshDurations(dir, root) {
  const recorded = readDurations(root);
  const measured = measuredFiles(dir, root);
  const next = {};
  for (const suite of Object.keys(SUITES)) {
    const times = { ...recorded[suite] };
    for (const f of measured) if (f.suite === suite) times[f.file] = Math.round(f.ms / 100) * 100;
    const files = testFiles(root, suite);
    next[suite] = Object.fromEntries(files.filter((file) => times[file] !== undefined).map((file) => [file, times[file]]));
  }
  writeFileSync(path.join(root, DURATIONS_FILE), `${JSON.stringify(next, null, 2)}\n`);
  return measured.filter((f) => f.suite in SUITES).length;
}
