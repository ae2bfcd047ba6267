import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import type { Figure } from './figures.js';
import { reconciliationMonth } from './reconciliation-month.js';
import { progress } from './support.js';

/*
 * The reconciliation bench's stages in fresh processes: the applied file's validation stage of a 1,000,000-line
 * month held to a 256 MB old space, and the payroll schedule of 1,000,000 lines as the API computes it.
 */
/** The tenfold month whose validation stage must complete in a 256 MB old space; its peak held to half the event function. */
export const MEMORY_LINES = Number(process.env.RECONCILIATION_MEMORY_LINES ?? 1_000_000);
const MEMORY_OLD_SPACE_MB = 256;
const MEMORY_TARGET_MB = 512;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

interface StageReport {
  rows: number;
  lines: number;
  validated_ms: number;
  ms: number;
  heap_after_rules_mb: number;
  peak_rss_mb: number;
}

/** The validation stage of a MEMORY_LINES month in a fresh process (bench/reconciliation-child.ts) held to a 256 MB old space. */
export async function memoryStage(): Promise<Figure[]> {
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
export const SCHEDULE_LINES = Number(process.env.SCHEDULE_LINES ?? 1_000_000);
const SCHEDULE_LENDERS = 10;
/** The API function's timeout (infra/sizing.ts), under API Gateway's 29 s, and its vCPU share at 512 MB. */
const API_SECONDS = 25;
const API_VCPU = 512 / 1_769;

/** The schedule as the API computes it (bench/schedule-child.ts) in a fresh process: CPU a view and a first download. */
export async function scheduleStage(): Promise<Figure[]> {
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
