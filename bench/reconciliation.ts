import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { lenderFiles } from '#data/payroll/reconciliation.js';
import { jsonLineBatches } from '#lib/jsonl.js';
import { AppliedIndex } from '#shared/rules/applied-index.js';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';
import { reconcileByLender } from '#shared/rules/reconciliation.js';
import { readFirstSheetRows, validateAppliedStreamed } from '../lambdas/validation/stream-driver.js';
import type { Bench, Figure } from './figures.js';
import { packWorkbook, worksheetXml } from './fixtures.js';
import { median, progress } from './support.js';

const LINES = Number(process.env.RECONCILIATION_LINES ?? 300_000);
const LENDERS = 60;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const TARGET = 0.8;
const MB = 1_048_576;
/** The tenfold month whose validation stage must complete in a 256 MB old space; its peak held to half the event function. */
const MEMORY_LINES = Number(process.env.RECONCILIATION_MEMORY_LINES ?? 1_000_000);
const MEMORY_OLD_SPACE_MB = 256;
const MEMORY_TARGET_MB = 512;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const APPLIED_HEADER = ['EMPLOYEE NUMBER', 'NRC', 'PAYEE KEY', 'AMOUNT DEDUCTED', 'REASON'];

/** A buffer as S3 hands a body over: in 1 MB pieces. */
async function* pieces(data: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < data.length; at += MB) yield data.subarray(at, at + MB);
}

interface Month {
  /** The frozen schedule's JSONL, sorted by payee key then employee number. */
  schedule: Uint8Array;
  /** The applied deductions workbook, text in shared strings as Excel writes it. */
  applied: Uint8Array;
  appliedRows: number;
}

/**
 * A month of `lines` schedule lines over LENDERS payee keys and the payroll's applied file: 90% deducted in full,
 * 5% short (INSUFFICIENT PAY), 3% left out of the file, 2% over the line; 1% deducted with no line at all.
 */
export function reconciliationMonth(lines: number): Month {
  const schedule: string[] = [];
  const strings = [...APPLIED_HEADER, 'INSUFFICIENT PAY'];
  const payeeIndex = new Map<string, number>();
  const cell = (column: string, r: number, text: string) => `<c r="${column}${r}" t="s"><v>${strings.push(text) - 1}</v></c>`;
  let rowsXml = `<row r="1">${APPLIED_HEADER.map((_, i) => `<c r="${'ABCDE'[i]}1" t="s"><v>${i}</v></c>`).join('')}</row>`;
  const sheet: string[] = [];
  let r = 1;
  const row = (employeeNo: string, nrc: string, payeeKey: string, amount: number, reason: boolean) => {
    r++;
    if (!payeeIndex.has(payeeKey)) payeeIndex.set(payeeKey, strings.push(payeeKey) - 1);
    rowsXml +=
      `<row r="${r}">${cell('A', r, employeeNo)}${cell('B', r, nrc)}<c r="C${r}" t="s"><v>${payeeIndex.get(payeeKey)}</v></c>` +
      `<c r="D${r}"><v>${amount}</v></c>${reason ? `<c r="E${r}" t="s"><v>${APPLIED_HEADER.length}</v></c>` : ''}</row>`;
    if (rowsXml.length > MB) {
      sheet.push(rowsXml);
      rowsXml = '';
    }
  };
  for (let i = 0; i < lines; i++) {
    const line: ScheduleLine = {
      payee_key: `L${String(Math.floor((i * LENDERS) / lines)).padStart(3, '0')}`,
      employee_no: `EMP${String(i).padStart(7, '0')}`,
      nrc: `${String(100000 + i)}/10/1`,
      name: `Mwila Banda ${i}`,
      amount: 250,
      start_date: '2026-01-01',
      end_date: '2027-12-31',
    };
    schedule.push(JSON.stringify(line));
    const kind = i % 100;
    if (kind < 97) row(line.employee_no, line.nrc, line.payee_key, kind < 90 ? 250 : kind < 95 ? 100 : 300, kind >= 90 && kind < 95);
    if (kind === 99) row(`X${line.employee_no}`, line.nrc, line.payee_key, 75, false);
  }
  sheet.push(rowsXml);
  const [head, tail] = worksheetXml('\u0000').split('\u0000') as [string, string];
  const applied = packWorkbook({ sheets: [{ name: 'Applied', xml: [head, ...sheet, tail] }], sharedStrings: strings, level: 1 });
  return { schedule: new TextEncoder().encode(schedule.join('\n')), applied, appliedRows: r - 1 };
}

/** CPU time of this process so far, in ms: steadier than the wall clock on a machine other people are loading. */
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Measures one step's CPU time. */
async function timed<T>(step: () => Promise<T>): Promise<[T, number]> {
  const started = cpuMs();
  const value = await step();
  return [value, cpuMs() - started];
}

/** The applied workbook read as every upload of it is: the applied rules over its rows, each good row into the index. */
async function validated(month: Month): Promise<AppliedIndex> {
  const index = new AppliedIndex();
  const result = await validateAppliedStreamed(month.applied, index);
  if (result.errors.length || result.rows !== month.appliedRows) throw new Error(`The applied file did not validate: ${result.errors[0]?.message}`);
  return index;
}

/** The schedule's lines parsed as they stream, and nothing else. */
async function parsed(month: Month): Promise<void> {
  let count = 0;
  for await (const batch of jsonLineBatches<ScheduleLine>(pieces(month.schedule))) for (const line of batch) count += line.amount > 0 ? 1 : 0;
  if (count !== LINES) throw new Error(`${count} of ${LINES} lines read`);
}

/** The join as validation runs it after the rules (lambdas/events/applied-validation.ts): each lender's files made. */
async function joined(month: Month, index: AppliedIndex): Promise<{ lines: number; bytes: number }> {
  let lines = 0;
  let bytes = 0;
  for await (const lender of reconcileByLender(jsonLineBatches<ScheduleLine>(pieces(month.schedule)), index)) {
    const files = lenderFiles(lender);
    lines += lender.lines.length;
    bytes += files.jsonl.length + files.csv.length;
  }
  return { lines, bytes };
}

/** One round: the two files read alone, then read and joined; the workbook scanned without its rules beside them. */
async function round(month: Month) {
  const [, scanMs] = await timed(() => readFirstSheetRows(month.applied, () => undefined));
  const [, validateMs] = await timed(() => validated(month));
  const [, parseMs] = await timed(() => parsed(month));
  const [index, validateAgainMs] = await timed(() => validated(month));
  const [out, joinMs] = await timed(() => joined(month, index));
  return { scanMs, readMs: validateMs + parseMs, wholeMs: validateAgainMs + joinMs, joinMs, parseMs, out };
}

interface StageReport {
  rows: number;
  lines: number;
  validated_ms: number;
  ms: number;
  heap_after_rules_mb: number;
  peak_rss_mb: number;
}

/** The validation stage of a MEMORY_LINES month in a fresh process (bench/reconciliation-child.ts) held to a 256 MB old space. */
async function memoryStage(): Promise<Figure[]> {
  progress(`the validation stage of a ${MEMORY_LINES.toLocaleString('en-US')}-line month in a fresh process, ${MEMORY_OLD_SPACE_MB} MB old space`);
  const script = path.join(root, 'node_modules', '.cache', 'payroll-bench', 'reconciliation-child.mjs');
  // The AWS SDK's CommonJS requires Node's own modules: the ESM bundle gets a `require` of its own.
  const banner = { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" };
  await build({
    entryPoints: [path.join(here, 'reconciliation-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: script,
    banner,
    logLevel: 'warning',
  });
  const big = reconciliationMonth(MEMORY_LINES);
  const files = {
    applied: path.join(tmpdir(), `payroll-bench-applied-${MEMORY_LINES}.xlsx`),
    schedule: path.join(tmpdir(), `payroll-bench-schedule-${MEMORY_LINES}.jsonl`),
  };
  writeFileSync(files.applied, big.applied);
  writeFileSync(files.schedule, big.schedule);
  let report: StageReport | null = null;
  let failure = '';
  try {
    const args = [`--max-old-space-size=${MEMORY_OLD_SPACE_MB}`, script, files.applied, files.schedule];
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: root, env: process.env, maxBuffer: 1 << 20 });
    report = JSON.parse(stdout) as StageReport;
  } catch (error) {
    failure =
      String((error as { stderr?: string }).stderr ?? error)
        .split('\n')
        .find((line) => /heap|memory/i.test(line)) ?? String(error);
  }
  const n = (value: number) => Math.round(value).toLocaleString('en-US');
  return [
    {
      name: 'reconciliation.memory_stage_peak_rss_mb',
      value: report ? Math.round(report.peak_rss_mb) : Number.POSITIVE_INFINITY,
      unit: 'MB',
      target: { op: '<=', value: MEMORY_TARGET_MB },
      note: report
        ? `${n(report.rows)} applied rows validated in ${n(report.validated_ms)} ms (heap ${n(report.heap_after_rules_mb)} MB after the rules), ${n(report.lines)} lines joined, ${n(report.ms)} ms in all, in a ${MEMORY_OLD_SPACE_MB} MB old space`
        : `did not complete in a ${MEMORY_OLD_SPACE_MB} MB old space: ${failure}`,
    },
  ];
}

/** Lines of the schedule whose cost in the API is measured, over so many lenders; 0 leaves the stage out. */
const SCHEDULE_LINES = Number(process.env.SCHEDULE_LINES ?? 1_000_000);
const SCHEDULE_LENDERS = 10;
/** The API function's timeout (infra/sizing.ts), under API Gateway's 29 s, and its vCPU share at 512 MB. */
const API_SECONDS = 25;
const API_VCPU = 512 / 1_769;

/** The schedule as the API computes it (bench/schedule-child.ts) in a fresh process: CPU a view and a first download. */
async function scheduleStage(): Promise<Figure[]> {
  progress(`the payroll schedule of ${SCHEDULE_LINES.toLocaleString('en-US')} lines as the API computes it, in a fresh process`);
  const script = path.join(root, 'node_modules', '.cache', 'payroll-bench', 'schedule-child.mjs');
  const banner = { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" };
  await build({
    entryPoints: [path.join(here, 'schedule-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: script,
    banner,
    logLevel: 'warning',
  });
  const args = [script, String(SCHEDULE_LINES), String(SCHEDULE_LENDERS)];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: root, env: process.env, maxBuffer: 1 << 20 });
  const r = JSON.parse(stdout) as { get_cpu_ms: number; download_cpu_ms: number; peak_rss_mb: number; csv_mb: number; xlsx_mb: number };
  const atApi = (cpuMs: number) => Math.round((cpuMs / 1000 / API_VCPU) * 10) / 10;
  const note = (cpuMs: number) => `${Math.round(cpuMs).toLocaleString('en-US')} ms CPU here, at the API function's ${API_VCPU.toFixed(2)} vCPU; S3 left out`;
  return [
    { name: 'reconciliation.schedule_get_s', value: atApi(r.get_cpu_ms), unit: 's', target: { op: '<=', value: API_SECONDS }, note: note(r.get_cpu_ms) },
    {
      name: 'reconciliation.schedule_first_download_s',
      value: atApi(r.download_cpu_ms),
      unit: 's',
      target: { op: '<=', value: API_SECONDS },
      note: `${note(r.download_cpu_ms)}; CSV ${r.csv_mb.toFixed(1)} MB, XLSX ${r.xlsx_mb.toFixed(1)} MB, peak RSS ${Math.round(r.peak_rss_mb)} MB`,
    },
  ];
}

/**
 * Reconciliation of a 300,000-line month as validation runs it (lambdas/events/applied-validation.ts) against reading
 * the two files alone, CPU time in the same process, rounds alternating. Reading: the applied workbook validated as
 * every upload of it is (its rows read, the applied rules, the rows indexed) and the schedule's JSONL parsed as it
 * streams in 1 MB pieces. The reconciliation: the same validation, then the schedule streamed and joined lender by
 * lender, each lender's lines made into the JSONL and CSV texts that go to S3. S3's transfers are left out of both.
 * Beside them, for reading: the workbook's rows scanned without the rules, and the join alone against the parse alone.
 * `RECONCILIATION_LINES=N` for a smaller month. Then the stage's memory at 1,000,000 lines (`RECONCILIATION_MEMORY_LINES`,
 * 0 to leave it out): the applied rules, the index and the join within a 256 MB old space, its peak beside half the
 * event function's 1,024 MB. Then the payroll schedule of 1,000,000 lines (`SCHEDULE_LINES`, 0 to leave it out) as the API
 * computes it for a view and a first download, its CPU at the API function's share beside the function's 25 s.
 */
export const reconciliationBench: Bench = {
  name: 'reconciliation',
  async run(): Promise<Figure[]> {
    progress(`a month of ${LINES.toLocaleString('en-US')} schedule lines over ${LENDERS} lenders, and the applied workbook`);
    const month = reconciliationMonth(LINES);
    const rounds: Awaited<ReturnType<typeof round>>[] = [];
    for (let run = 0; run < RUNS; run++) rounds.push(await round(month));
    const pick = (key: 'scanMs' | 'readMs' | 'wholeMs' | 'joinMs' | 'parseMs') => median(rounds.map((r) => r[key]));
    const [readMs, wholeMs] = [pick('readMs'), pick('wholeMs')];
    const { out } = rounds[0]!;
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    const n = (value: number) => Math.round(value).toLocaleString('en-US');
    return [
      {
        name: 'reconciliation.read_ms',
        value: Math.round(readMs),
        unit: 'ms CPU',
        note: `the applied workbook's ${n(month.appliedRows)} rows (${mb(month.applied.length)}) validated and indexed, the schedule's ${n(LINES)} lines (${mb(month.schedule.length)}) parsed; the workbook's rows scanned without the rules: ${n(pick('scanMs'))} ms`,
      },
      {
        name: 'reconciliation.validate_and_join_ms',
        value: Math.round(wholeMs),
        unit: 'ms CPU',
        note: `the join ${n(pick('joinMs'))} ms against the schedule's parse alone ${n(pick('parseMs'))} ms: ${n(out.lines)} reconciliation lines, ${mb(out.bytes)} of JSONL and CSV`,
      },
      {
        name: 'reconciliation.read_vs_join',
        value: Math.round((readMs / wholeMs) * 100) / 100,
        unit: '×',
        target: { op: '>=', value: TARGET },
        baseline: 'reconciliation.read_ms',
        baseline_value: Math.round(readMs),
        note: `reading the two files alone ÷ reading and joining them (higher is better; medians of ${RUNS} rounds)`,
      },
      ...(MEMORY_LINES > 0 ? await memoryStage() : []),
      ...(SCHEDULE_LINES > 0 ? await scheduleStage() : []),
    ];
  },
};
