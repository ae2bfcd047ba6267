import { execFile } from 'node:child_process';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import type { Bench, Figure } from './figures.js';
import { progress } from './support.js';
import { generateInputsWorkbook } from './fixtures.js';
import type { ChildMode, ChildResult } from './parse-child.js';
import { cliBundle, measureCli } from './parse-cli.js';

const ROWS = 250_000;
const MONTH = '2026-03';
const PAYEE_KEY = 'A001';
/** Bump when the generator changes, so a cached file is not reused. */
const FIXTURE_VERSION = 1;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const run = promisify(execFile);

/** The 250,000-row inputs file, generated once and kept in the system's temporary folder. */
async function fixture(): Promise<string> {
  const file = path.join(tmpdir(), `payroll-bench-inputs-${ROWS}-v${FIXTURE_VERSION}.xlsx`);
  if (existsSync(file)) return file;
  progress(`generating ${ROWS.toLocaleString('en-US')}-row inputs file`);
  writeFileSync(`${file}.partial`, generateInputsWorkbook({ rows: ROWS, month: MONTH, payeeKey: PAYEE_KEY }));
  renameSync(`${file}.partial`, file);
  return file;
}

/** The child bundled by esbuild as NodejsFunction bundles the Lambda (tsx's name-keeping wrappers would slow the rules). */
async function childScript(): Promise<string> {
  const outfile = path.join(root, 'node_modules', '.cache', 'payroll-bench', 'parse-child.mjs');
  await build({ entryPoints: [path.join(here, 'parse-child.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, external: ['exceljs'], logLevel: 'warning' });
  return outfile;
}

async function measureOnce(script: string, mode: ChildMode, file: string): Promise<ChildResult> {
  const { stdout } = await run(process.execPath, [script, mode, file, MONTH, PAYEE_KEY], { cwd: root, maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as ChildResult;
}

type Mode = ChildMode | 'cli';
const MODES: Mode[] = ['validate', 'exceljs', 'cli', 'floor', 'validate-no-rows', 'read'];

/** The modes take turns, round after round, so a busy spell on the machine falls on all of them alike. */
async function measureAll(script: string, bundle: string, file: string): Promise<Record<Mode, ChildResult[]>> {
  const results = Object.fromEntries(MODES.map((mode) => [mode, [] as ChildResult[]])) as Record<Mode, ChildResult[]>;
  for (let round = 1; round <= RUNS; round++) {
    for (const mode of MODES) {
      progress(`round ${round}/${RUNS}: ${mode}`);
      const result = mode === 'cli' ? await measureCli(bundle, file, ['--kind', 'inputs', '--month', MONTH, '--payee', PAYEE_KEY]) : await measureOnce(script, mode, file);
      if (result.rows !== ROWS || result.errors !== 0) throw new Error(`${mode} read ${result.rows} rows with ${result.errors} errors; expected ${ROWS} valid rows.`);
      results[mode].push(result);
    }
  }
  return results;
}

/**
 * Rows per second of CPU time, best of the runs. CPU time counts every thread of the process (background GC
 * and compilation too), so on an idle machine it is no kinder than wall time, and on a shared one it is not
 * inflated by waiting for a core. Wall-clock figures are printed beside it.
 */
const rowsPerSecond = (results: readonly ChildResult[]) => ROWS / (Math.min(...results.map((result) => result.cpu_ms)) / 1000);
const wallRowsPerSecond = (results: readonly ChildResult[]) => ROWS / (Math.min(...results.map((result) => result.ms)) / 1000);
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} rows/s`;

export const parseBench: Bench = {
  name: 'parse',
  async run(): Promise<Figure[]> {
    const [file, script, bundle] = await Promise.all([fixture(), childScript(), cliBundle(root)]);
    const { validate, exceljs, cli, floor, read, 'validate-no-rows': validateOnly } = await measureAll(script, bundle, file);
    const wall = (results: readonly ChildResult[]) => `wall clock: ${perSecond(wallRowsPerSecond(results))}, exceljs ${perSecond(wallRowsPerSecond(exceljs))}`;
    const ours = rowsPerSecond(validate);
    const baseline = rowsPerSecond(exceljs);
    const whole = rowsPerSecond(cli);
    const lowest = rowsPerSecond(floor);
    const exceljsName = 'exceljs WorkbookReader';
    const against = (value: number) => ({ baseline: exceljsName, baseline_value: baseline, ratio: value / baseline });
    const rows = ROWS.toLocaleString('en-US');
    return [
      {
        name: 'parse.validate_rows_per_s',
        value: ours,
        unit: 'rows/s',
        target: { op: '>=', value: 100_000 },
        ...against(ours),
        note: `the Lambda's validateWorkbookStreamed (Node's native zlib; rules, preview, NRCs, canonical rows, FRAUD-flag rows) over ${rows} rows, CPU time, best of ${RUNS} cold processes; ${wall(validate)}`,
      },
      {
        name: 'parse.peak_rss_mb',
        value: Math.max(...validate.map((result) => result.peak_rss_mb)),
        unit: 'MB',
        target: { op: '<=', value: 256 },
        note: 'peak resident memory of the whole Node process (runtime, file bytes and all results included)',
      },
      { name: 'parse.vs_exceljs', value: ours / baseline, unit: '×', target: { op: '>=', value: 2.5 }, baseline: exceljsName, baseline_value: baseline },
      {
        name: 'parse.validate_vs_floor',
        value: ours / lowest,
        unit: '×',
        target: { op: '>=', value: 0.9 },
        baseline: 'streaming tokenizer floor',
        baseline_value: lowest,
        note: `the floor: native zlib (shared strings whole, the sheet streamed) and a minimal tokenizer (tags skipped, text decoded), no validation; ${wall(floor)}`,
      },
      {
        name: 'parse.cli_rows_per_s',
        value: whole,
        unit: 'rows/s',
        ...against(whole),
        note: `\`node cli/dist/cli.mjs validate FILE --json\` spawned, the whole process (start-up, bundle, file, report): its own CPU time at exit, best of ${RUNS}; exceljs's excludes its start-up; ${wall(cli)}`,
      },
      { name: 'parse.cli_vs_exceljs', value: whole / baseline, unit: '×', target: { op: '>=', value: 3 }, baseline: exceljsName, baseline_value: baseline },
      {
        name: 'parse.cli_peak_rss_mb',
        value: Math.max(...cli.map((result) => result.peak_rss_mb)),
        unit: 'MB',
        target: { op: '<=', value: 256 },
        note: "the CLI process's peak resident memory (getrusage maxrss, read by the process at exit), worst of the runs",
      },
      { name: 'parse.validate_no_rows_rows_per_s', value: rowsPerSecond(validateOnly), unit: 'rows/s', ...against(rowsPerSecond(validateOnly)), note: 'validateWorkbook, pure JavaScript (fflate), collectRows: false: what the browser worker runs' },
      { name: 'parse.read_rows_per_s', value: rowsPerSecond(read), unit: 'rows/s', ...against(rowsPerSecond(read)), note: 'readFirstSheet alone (pure JavaScript): unzip, shared strings and the row scan' },
      { name: 'parse.exceljs_rows_per_s', value: baseline, unit: 'rows/s', note: 'exceljs streaming reader, rows only (no validation), styles ignored' },
    ];
  },
};
