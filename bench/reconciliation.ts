import { jsonlSink, lenderCsv } from '#data/payroll/reconciliation-files.js';
import { unexpectedOf } from '#data/payroll/unexpected.js';
import { jsonLineBatches } from '#lib/jsonl.js';
import { AppliedIndex } from '#shared/rules/applied-index.js';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';
import { type LenderReconciliation, reconcileByLender } from '#shared/rules/reconciliation.js';
import { readFirstSheetRows, validateAppliedStreamed } from '../lambdas/validation/stream-driver.js';
import type { Bench, Figure } from './figures.js';
import { LENDERS, type Month, pieces, reconciliationMonth } from './reconciliation-month.js';
import { MEMORY_LINES, memoryStage, SCHEDULE_LINES, scheduleStage } from './reconciliation-stages.js';
import { median, progress } from './support.js';

const LINES = Number(process.env.RECONCILIATION_LINES ?? 300_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const TARGET = 0.8;
const MB = 1_048_576;
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

/** The join as validation runs it after the rules (lambdas/events/applied-validation.ts): each lender's JSONL bytes (jsonlSink) and UNEXPECTED lines made. */
async function joined(month: Month, index: AppliedIndex): Promise<{ lines: number; unexpected: number; bytes: number }> {
  let lines = 0;
  let unexpected = 0;
  let bytes = 0;
  for await (const lender of reconcileByLender(jsonLineBatches<ScheduleLine>(pieces(month.schedule)), index, jsonlSink)) {
    bytes += lender.lines.length;
    unexpected += unexpectedOf(lender.payee_key, null, lender.unexpected).length;
    lines += lender.line_count;
  }
  return { lines, unexpected, bytes };
}

/** What the first download of every lender's CSV costs in all (made from its lines then, not at validation): CPU ms and bytes. */
async function downloads(month: Month): Promise<{ ms: number; bytes: number }> {
  const lenders: LenderReconciliation[] = [];
  for await (const lender of reconcileByLender(jsonLineBatches<ScheduleLine>(pieces(month.schedule)), await validated(month))) lenders.push(lender);
  let bytes = 0;
  const [, ms] = await timed(async () => {
    for (const lender of lenders) bytes += Buffer.from(lenderCsv(lender.payee_key, lender.lines)).length;
  });
  return { ms, bytes };
}

/** One round: the two files read alone, then read and joined; the workbook scanned without its rules beside them. */
async function round(month: Month) {
  const [, scanMs] = await timed(() => readFirstSheetRows(month.applied, () => undefined));
  const [, validateMs] = await timed(() => validated(month));
  const [, parseMs] = await timed(() => parsed(month));
  const [index, validateAgainMs] = await timed(() => validated(month));
  const [out, joinMs] = await timed(() => joined(month, index));
  return {
    scanMs,
    readMs: validateMs + parseMs,
    wholeMs: validateAgainMs + joinMs,
    joinMs,
    parseMs,
    rawReadMs: scanMs + parseMs,
    rawJoinMs: scanMs + joinMs,
    out,
  };
}

/**
 * Reconciliation of a 300,000-line month as validation runs it (lambdas/events/applied-validation.ts) against reading
 * the two files alone, CPU time in the same process, rounds alternating. Reading: the applied workbook validated as
 * every upload of it is (its rows read, the applied rules, the rows indexed) and the schedule's JSONL parsed as it
 * streams in 1 MB pieces. The reconciliation: the same validation, then the schedule streamed and joined lender by
 * lender, each lender's lines made into the JSONL bytes that go to S3 and its UNEXPECTED lines picked out. S3's
 * transfers are left out of both. Beside them: the same ratio with the applied rules on neither side (the workbook's rows
 * scanned alone), the join alone against the parse alone, and what every lender's CSV costs when it is first downloaded.
 * `RECONCILIATION_LINES=N` for a smaller month. Then the stage's memory at 1,000,000 lines (`RECONCILIATION_MEMORY_LINES`,
 * 0 to leave it out): the applied rules, the index and the join within a 256 MB old space, its peak beside half the
 * event function's 1,024 MB. Then the payroll schedule of 1,000,000 lines (`SCHEDULE_LINES`, 0 to leave it out) as its S3
 * event draws it, its CPU at the event function's share beside its 300 s and its peak RSS beside its 1,024 MB.
 */
export const reconciliationBench: Bench = {
  name: 'reconciliation',
  async run(): Promise<Figure[]> {
    progress(`a month of ${LINES.toLocaleString('en-US')} schedule lines over ${LENDERS} lenders, and the applied workbook`);
    const month = reconciliationMonth(LINES);
    const rounds: Awaited<ReturnType<typeof round>>[] = [];
    for (let run = 0; run < RUNS; run++) rounds.push(await round(month));
    const pick = (key: 'scanMs' | 'readMs' | 'wholeMs' | 'joinMs' | 'parseMs' | 'rawReadMs' | 'rawJoinMs') => median(rounds.map((r) => r[key]));
    const [readMs, wholeMs, rawReadMs, rawJoinMs] = [pick('readMs'), pick('wholeMs'), pick('rawReadMs'), pick('rawJoinMs')];
    const csv = await downloads(month);
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
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
        note: `the join ${n(pick('joinMs'))} ms against the schedule's parse alone ${n(pick('parseMs'))} ms: ${n(out.lines)} reconciliation lines (${n(out.unexpected)} UNEXPECTED), ${mb(out.bytes)} of JSONL; every lender's CSV made on its first download besides: ${n(csv.ms)} ms, ${mb(csv.bytes)}`,
      },
      {
        name: 'reconciliation.read_vs_join',
        value: ratio(readMs, wholeMs),
        unit: '×',
        target: { op: '>=', value: TARGET },
        baseline: 'reconciliation.read_ms',
        baseline_value: Math.round(readMs),
        note: `reading the two files alone ÷ reading and joining them, the applied rules on both sides (higher is better; medians of ${RUNS} rounds)`,
      },
      {
        name: 'reconciliation.raw_read_vs_join',
        value: ratio(rawReadMs, rawJoinMs),
        unit: '×',
        note: `the workbook's rows scanned and the schedule parsed (${n(rawReadMs)} ms) ÷ the same scan and the join (${n(rawJoinMs)} ms): the applied rules on neither side, their index building left out too; with the rules on the join's side only, ${ratio(rawReadMs, wholeMs)}×`,
      },
      ...(MEMORY_LINES > 0 ? await memoryStage() : []),
      ...(SCHEDULE_LINES > 0 ? await scheduleStage() : []),
    ];
  },
};
