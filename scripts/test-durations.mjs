// The slowest test files of a `npm test` run (scripts/test.mjs), read from the reports its stages wrote:
// Vitest's through scripts/vitest-durations.mjs, Playwright's through its JSON reporter.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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

/** The `count` slowest files across every report in `dir`, slowest first. */
export function slowestFiles(dir, root, count) {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const name of readdirSync(dir)) {
    const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    if (name.endsWith('.durations.json')) files.push(...report);
    else if (name.startsWith('playwright')) files.push(...playwrightFiles(report));
  }
  return files
    .map((f) => ({ ...f, file: path.isAbsolute(f.file) ? path.relative(root, f.file) : f.file }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}
