import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { progress } from './support.js';

/**
 * Benchmarks of two revisions in one run: the working tree ("after") and an earlier commit ("before"), each bench
 * taken in turn on both, over several rounds whose order alternates (before, after; after, before; ...), so that a
 * machine whose load drifts weighs on both alike. The earlier commit is exported (`git archive`) to a temporary
 * folder with this tree's node_modules linked in; each run is that tree's own `bench/run.ts --only NAME --json` in a
 * process of its own, against a twin of its own. Figures are the medians of the rounds, with after / before.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WITHIN = 0.05;
/** The middle value, or the mean of the middle two: an even number of rounds weighs both sides alike. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
};

type Figures = Record<string, { value: number; unit: string; target: string | null; baseline?: string; baseline_value?: number }>;
interface Side {
  label: string;
  dir: string;
}
interface CompareOptions {
  against: string;
  /** A later commit to take as "after" in place of the working tree (both exported alike). */
  after?: string;
  benches: string[];
  rounds: number;
  json: boolean;
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');

/** The commit's tree in a temporary folder, node_modules linked from this tree: nothing is registered in the repository. */
function exportRevision(commit: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${commit.slice(0, 7)}-`));
  execFileSync('sh', ['-c', `git archive --format=tar ${commit} | tar -x -C "${dir}"`], { cwd: ROOT });
  symlinkSync(realpathSync(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'));
  return dir;
}

/** One bench in one tree, in a process of its own: its --json figures (a missed target still answers them). */
function runBench(side: Side, bench: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(side.dir, 'node_modules', '.bin', 'tsx'), ['bench/run.ts', '--only', bench, '--json'], {
      cwd: side.dir,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(line) as Figures);
      } catch {
        reject(new Error(`${bench} in ${side.label} ended with ${code} and no figures:\n${out}`));
      }
    });
  });
}

/** Whether a larger value is better: rates are, times are not; a ratio goes the way its target does. */
function higherIsBetter(unit: string, target: string | null): boolean | null {
  if (unit === 'ms' || unit === 's' || unit === 'errors') return false;
  if (unit === 'req/s') return true;
  if (target?.startsWith('>=')) return true;
  if (target?.startsWith('<=')) return false;
  return null;
}

interface Row {
  name: string;
  unit: string;
  before: number;
  after: number;
  ratio: number | null;
  verdict: string;
}

function rows(before: Figures[], after: Figures[]): Row[] {
  const names = Object.keys(after[0] ?? {}).filter((name) => name in (before[0] ?? {}));
  const values = (runs: Figures[], pick: (f: Figures) => number | undefined) => median(runs.map(pick).filter((v): v is number => v !== undefined));
  const out: Row[] = [];
  const seen = new Set<string>();
  const add = (name: string, unit: string, target: string | null, pick: (f: Figures) => number | undefined, judged = true) => {
    const b = values(before, pick);
    const a = values(after, pick);
    const ratio = b === 0 ? null : a / b;
    const better = judged ? higherIsBetter(unit, target) : null;
    const worse = ratio === null || better === null ? false : better ? ratio < 1 - WITHIN : ratio > 1 + WITHIN;
    out.push({ name, unit, before: b, after: a, ratio, verdict: better === null || ratio === null ? '' : worse ? 'WORSE by more than 5%' : 'within 5%' });
  };
  for (const name of names) {
    const figure = after[0]![name]!;
    add(name, figure.unit, figure.target, (f) => f[name]?.value);
    // A baseline measured beside the figure (bench code the same in both trees, or nearly) shows the machine's drift.
    if (figure.baseline && figure.baseline_value !== undefined && !seen.has(figure.baseline)) {
      seen.add(figure.baseline);
      const unit = /p95|ms/.test(figure.baseline) ? 'ms' : 'req/s';
      add(`  [baseline] ${figure.baseline}`, unit, null, (f) => (f[name]?.baseline === figure.baseline ? f[name]?.baseline_value : undefined), false);
    }
  }
  return out;
}

const fmt = (v: number) => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2));

/** Runs the benches on both trees, prints the medians and after / before; 1 when a figure with a direction got worse by more than 5%. */
export async function compareRevisions(options: CompareOptions): Promise<number> {
  const commitOf = (rev: string) => git('rev-parse', '--verify', `${rev}^{commit}`);
  const nameOf = (commit: string) => `${commit.slice(0, 7)} (${git('log', '-1', '--format=%s', commit).slice(0, 90)})`;
  const commit = commitOf(options.against);
  const named = nameOf(commit);
  const later = options.after === undefined ? null : commitOf(options.after);
  const head = later
    ? nameOf(later)
    : `working tree at ${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' with uncommitted changes' : ''}`;
  const before: Side = { label: `before ${commit.slice(0, 7)}`, dir: exportRevision(commit) };
  const after: Side = later ? { label: `after ${later.slice(0, 7)}`, dir: exportRevision(later) } : { label: 'after', dir: ROOT };
  const runs = new Map<string, { before: Figures[]; after: Figures[] }>(options.benches.map((bench) => [bench, { before: [], after: [] }]));
  const loads: string[] = [];
  try {
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? [before, after] : [after, before];
      for (const bench of options.benches) {
        for (const side of order) {
          progress(`round ${round + 1}/${options.rounds}: ${bench} on ${side.label} (load ${load()})`);
          loads.push(load());
          const figures = await runBench(side, bench);
          runs.get(bench)![side === before ? 'before' : 'after'].push(figures);
          // Each run's figures as they come, so that a run stopped early still tells what it measured.
          progress(
            `${bench} on ${side.label}: ${Object.entries(figures)
              .map(
                ([name, figure]) =>
                  `${name.replace(`${bench}.`, '')} ${fmt(figure.value)}${figure.baseline_value === undefined ? '' : ` (baseline ${fmt(figure.baseline_value)})`}`,
              )
              .join(', ')}`,
          );
        }
      }
    }
  } finally {
    for (const side of [before, after]) if (side.dir !== ROOT) rmSync(side.dir, { recursive: true, force: true });
  }
  const table = options.benches.map((bench) => ({ bench, rows: rows(runs.get(bench)!.before, runs.get(bench)!.after) }));
  if (options.json) {
    console.log(JSON.stringify({ before: named, after: head, rounds: options.rounds, load_averages: loads, benches: table }));
  } else {
    console.log(
      `before = ${named}\nafter  = ${head}\n${options.rounds} rounds, the order alternating; medians of the rounds; load averages (1, 5, 15 min) at each run: ${loads.join(' | ')}`,
    );
    for (const { bench, rows: list } of table) {
      console.log(`${bench}`);
      for (const row of list) {
        const ratio = row.ratio === null ? '—' : `${row.ratio.toFixed(3)}×`;
        console.log(
          `  ${row.name.padEnd(44)} before ${`${fmt(row.before)} ${row.unit}`.padEnd(14)} after ${`${fmt(row.after)} ${row.unit}`.padEnd(14)} ${ratio.padEnd(8)} ${row.verdict}`,
        );
      }
    }
  }
  return table.some(({ rows: list }) => list.some((row) => row.verdict.startsWith('WORSE'))) ? 1 : 0;
}
