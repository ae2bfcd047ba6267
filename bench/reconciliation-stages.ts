import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { EVENT_FUNCTION } from '../infra/sizing.js';
import type { Figure } from './figures.js';
import { reconciliationMonth } from './reconciliation-month.js';
import { bundledChild, progress } from './support.js';

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
  const script = await bundledChild('reconciliation-child');
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

/** Lines of the schedule whose draw is measured, over so many lenders; 0 leaves the stage out. */
export const SCHEDULE_LINES = Number(process.env.SCHEDULE_LINES ?? 1_000_000);
const SCHEDULE_LENDERS = 10;
/** The event function's timeout and memory (infra/sizing.ts), and its vCPU share. */
const EVENT_SECONDS = EVENT_FUNCTION.timeoutSeconds;
const EVENT_VCPU = EVENT_FUNCTION.memoryMb / 1_769;

/**
 * The schedule drawn in parts as its S3 events draw it (bench/schedule-child.ts, decision 0218): every lender's part, then
 * the assembly, each in a fresh process: the largest part's CPU and the assembly's at the event function's share, and
 * each process's peak memory (the parts' process draws them one after the other: its peak is the largest part's at most).
 */
export async function scheduleStage(): Promise<Figure[]> {
  progress(`the payroll schedule of ${SCHEDULE_LINES.toLocaleString('en-US')} lines over ${SCHEDULE_LENDERS} lenders drawn in parts, in fresh processes`);
  const script = await bundledChild('schedule-child');
  const dir = path.join(tmpdir(), `payroll-bench-schedule-parts-${SCHEDULE_LINES}`);
  const child = async (mode: 'parts' | 'assemble') => {
    const args = [script, mode, String(SCHEDULE_LINES), String(SCHEDULE_LENDERS), dir];
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: root, env: process.env, maxBuffer: 1 << 20 });
    return JSON.parse(stdout) as {
      cpu_ms: number;
      largest_part_cpu_ms: number;
      largest_part_lines: number;
      peak_rss_mb: number;
      csv_mb: number;
      xlsx_mb: number;
    };
  };
  const parts = await child('parts');
  const assembly = await child('assemble');
  const atEvent = (cpuMs: number) => Math.round((cpuMs / 1000 / EVENT_VCPU) * 10) / 10;
  const ms = (value: number) => Math.round(value).toLocaleString('en-US');
  return [
    {
      name: 'reconciliation.schedule_part_s',
      value: atEvent(parts.largest_part_cpu_ms),
      unit: 's',
      target: { op: '<=', value: EVENT_SECONDS },
      note: `the largest lender's part (${parts.largest_part_lines.toLocaleString('en-US')} lines): ${ms(parts.largest_part_cpu_ms)} ms CPU here, all ${SCHEDULE_LENDERS} parts ${ms(parts.cpu_ms)} ms, at the event function's ${EVENT_VCPU.toFixed(2)} vCPU; S3 left out`,
    },
    { name: 'reconciliation.schedule_part_rss_mb', value: Math.round(parts.peak_rss_mb), unit: 'MB', target: { op: '<=', value: EVENT_FUNCTION.memoryMb } },
    {
      name: 'reconciliation.schedule_assembly_s',
      value: atEvent(assembly.cpu_ms),
      unit: 's',
      target: { op: '<=', value: EVENT_SECONDS },
      note: `${ms(assembly.cpu_ms)} ms CPU here: the hash, the month's JSONL, CSV ${assembly.csv_mb.toFixed(1)} MB and XLSX ${assembly.xlsx_mb.toFixed(1)} MB from the parts; S3 left out`,
    },
    {
      name: 'reconciliation.schedule_assembly_rss_mb',
      value: Math.round(assembly.peak_rss_mb),
      unit: 'MB',
      target: { op: '<=', value: EVENT_FUNCTION.memoryMb },
    },
  ];
}
