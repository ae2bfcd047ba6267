import { execFile } from 'node:child_process';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import type { Bench, Figure } from './figures.js';
import { generateInputsWorkbook } from './fixtures.js';
import type { ChildMode, ChildResult } from './parse-child.js';
import { cliBundle, measureCli } from './parse-cli.js';
import { progress } from './support.js';

const ROWS = 250_000;
/** The tenfold lender's file: the Lambda's validation memory is measured on it. */
const MEMORY_ROWS = Number(process.env.PARSE_MEMORY_ROWS ?? 1_000_000);
/** The old space the streamed validation must complete in: under half the validation function's memory. */
const MEMORY_OLD_SPACE_MB = 256;
const MONTH = '2026-03';
const PAYEE_KEY = 'A001';
/** Bump when the generator changes, so a cached file is not reused. */
const FIXTURE_VERSION = 1;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const run = promisify(execFile);

/** A generated inputs file of so many rows, made once and kept in the system's temporary folder. */
async function fixture(rows = ROWS): Promise<string> {
  const file = path.join(tmpdir(), `payroll-bench-inputs-${rows}-v${FIXTURE_VERSION}.xlsx`);
  if (existsSync(file)) return file;
  progress(`generating ${rows.toLocaleString('en-US')}-row inputs file`);
  writeFileSync(`${file}.partial`, generateInputsWorkbook({ rows, month: MONTH, payeeKey: PAYEE_KEY }));
  renameSync(`${file}.partial`, file);
  return file;
}

/** The child bundled by esbuild as NodejsFunction bundles the Lambda (tsx's name-keeping wrappers would slow the rules). */
async function childScript(): Promise<string> {
  const outfile = path.join(root, 'node_modules', '.cache', 'payroll-bench', 'parse-child.mjs');
  await build({
    entryPoints: [path.join(here, 'parse-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    external: ['exceljs'],
    logLevel: 'warning',
  });
  return outfile;
}

async function measureOnce(script: string, mode: ChildMode, file: string, flags: string[] = []): Promise<ChildResult> {
  const { stdout } = await run(process.execPath, [...flags, script, mode, file, MONTH, PAYEE_KEY], { cwd: root, maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as ChildResult;
}

/**
 * The Lambda's validation memory on the tenfold lender's file: streamed as it is now, held to
 * MEMORY_OLD_SPACE_MB of old space, beside the rows kept as before (which cannot complete there: Node's
 * default heap limit). Peak resident memory of each process, the file's bytes included.
 */
async function measureMemory(script: string): Promise<{ streamed: ChildResult; kept: ChildResult }> {
  const file = await fixture(MEMORY_ROWS);
  progress(`${MEMORY_ROWS.toLocaleString('en-US')} rows: the Lambda's validation streamed (${MEMORY_OLD_SPACE_MB} MB old space), then with every row kept`);
  const streamed = await measureOnce(script, 'lambda-stream', file, [`--max-old-space-size=${MEMORY_OLD_SPACE_MB}`]);
  const kept = await measureOnce(script, 'lambda-kept', file);
  for (const result of [streamed, kept]) if (result.rows !== MEMORY_ROWS) throw new Error(`read ${result.rows} of ${MEMORY_ROWS} rows`);
  return { streamed, kept };
}

type Mode = ChildMode | 'cli';
const MODES: Mode[] = ['validate', 'exceljs', 'cli', 'floor', 'validate-no-rows', 'read'];

/** The modes take turns, round after round, so a busy spell on the machine falls on all of them alike. */
async function measureAll(script: string, bundle: string, file: string): Promise<Record<Mode, ChildResult[]>> {
  const results = Object.fromEntries(MODES.map((mode) => [mode, [] as ChildResult[]])) as Record<Mode, ChildResult[]>;
  for (let round = 1; round <= RUNS; round++) {
    for (const mode of MODES) {
      progress(`round ${round}/${RUNS}: ${mode}`);
      const result =
        mode === 'cli' ? await measureCli(bundle, file, ['--kind', 'inputs', '--month', MONTH, '--payee', PAYEE_KEY]) : await measureOnce(script, mode, file);
      if (result.rows !== ROWS || result.errors !== 0)
        throw new Error(`${mode} read ${result.rows} rows with ${result.errors} errors; expected ${ROWS} valid rows.`);
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
    const memory = await measureMemory(script);
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
      {
        name: 'parse.validate_no_rows_rows_per_s',
        value: rowsPerSecond(validateOnly),
        unit: 'rows/s',
        ...against(rowsPerSecond(validateOnly)),
        note: 'validateWorkbook, pure JavaScript (fflate), collectRows: false: what the browser worker runs',
      },
      {
        name: 'parse.read_rows_per_s',
        value: rowsPerSecond(read),
        unit: 'rows/s',
        ...against(rowsPerSecond(read)),
        note: 'readFirstSheet alone (pure JavaScript): unzip, shared strings and the row scan',
      },
      { name: 'parse.exceljs_rows_per_s', value: baseline, unit: 'rows/s', note: 'exceljs streaming reader, rows only (no validation), styles ignored' },
      {
        name: 'parse.lambda_peak_rss_mb_1m',
        value: memory.streamed.peak_rss_mb,
        unit: 'MB',
        target: { op: '<=', value: 512 },
        baseline: 'every row kept, as before',
        baseline_value: memory.kept.peak_rss_mb,
        ratio: memory.streamed.peak_rss_mb / memory.kept.peak_rss_mb,
        note: `the Lambda's validation of a ${MEMORY_ROWS.toLocaleString('en-US')}-row file (rules, each canonical row to an 8 MB part of rows.json and the compact borrower table) within a ${MEMORY_OLD_SPACE_MB} MB old space, in ${Math.round(memory.streamed.ms).toLocaleString('en-US')} ms; the rows kept need Node's default heap limit (${Math.round(memory.kept.ms).toLocaleString('en-US')} ms)`,
      },
    ];
  },
};
