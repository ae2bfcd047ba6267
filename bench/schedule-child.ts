/**
 * The payroll schedule as its S3 event draws it (lambdas/data/payroll/schedule-draw.ts), in a fresh process so its memory
 * is its own: `node schedule-child.mjs LINES LENDERS` runs the month's live schedule (lambdas/data/payroll/schedule-live.ts:
 * each lender's rows made into its sorted lines) over generated rows in place of the submissions' stored rows: the
 * draw's JSONL while tallied, then its CSV and XLSX rendered from it one after the other (as the draw does), then the
 * lines made again and compared line by line with a frozen version (the draw compares during its first pass: the bench's
 * second pass makes the lines twice, so its whole CPU, `draw_cpu_ms`, is more than the draw's). S3's transfers are left
 * out. Prints { lines, draw_cpu_ms, get_cpu_ms, download_cpu_ms, peak_rss_mb, ... }.
 */
import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { liveScheduleLines, type LenderSources } from '#data/payroll/schedule-live.js';
import { scheduleCsv, scheduleXlsx } from '#data/payroll/schedule-render.js';
import { ScheduleComparison, ScheduleTally } from '#data/payroll/schedule-summary.js';
import type { SubmissionRecord } from '#data/submissions/submissions.js';
import { jsonLines } from '#lib/jsonl.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';

const [lines = 1_000_000, lenderCount = 10] = process.argv.slice(2).map(Number);
const perLender = Math.ceil(lines / lenderCount);
const lenders: LenderSources[] = Array.from({ length: lenderCount }, (_, i) => {
  const payee_key = `L${String(i).padStart(3, '0')}`;
  const submission = { upload_id: payee_key, payee_key, doc_kind: 'inputs', created_at: '2026-01-01T00:00:00.000Z' } as SubmissionRecord;
  return { payee_key, org_name: `Lender ${i}`, inputs: [submission], stoppages: [] };
});
async function* rowsOf(submission: SubmissionRecord): AsyncGenerator<CanonicalRow> {
  const lender = Number(submission.payee_key.slice(1));
  for (let i = lender * perLender; i < Math.min(lines, (lender + 1) * perLender); i++) {
    const row = { employee_no: `EC${1_000_000 + i}`, nrc: `${100_000 + i}/10/1`, first_name: 'Mwila', last_name: `Banda ${i % 977}` };
    yield {
      ...row,
      start_date: '2026-01-01',
      end_date: '2027-12-31',
      installment_amount: 250 + (i % 7),
      amount: 6000,
      payee_key: submission.payee_key,
    } as CanonicalRow;
  }
}
const dir = mkdtempSync(path.join(tmpdir(), 'payroll-bench-schedule-'));
const frozenFile = path.join(dir, 'frozen.jsonl');
let peakHeap = 0;
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const cpuStarted = cpuMs();
const heap = () => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed));
const names = new Map(lenders.map((l) => [l.payee_key, l.org_name]));

/** The first download: the lines to the version's JSONL while tallied (freeze.ts), then the CSV and XLSX from it. */
let started = performance.now();
const tally = new ScheduleTally(names);
const out = createWriteStream(frozenFile);
for await (const line of liveScheduleLines(lenders, rowsOf)) {
  tally.add(line);
  if (!out.write(`${JSON.stringify(line)}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  heap();
}
await new Promise<void>((resolve) => out.end(() => resolve()));
const summary = tally.result();
const jsonlMs = performance.now() - started;
const version = { month: '2026-01', version: 1, hash: summary.hash };
const frozen = () => jsonLines<ScheduleLine>(createReadStream(frozenFile, { highWaterMark: 1_048_576 }));
let bytes = { csv: 0, xlsx: 0 };
const counter = (format: 'csv' | 'xlsx') =>
  new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      bytes[format] += chunk.length;
      heap();
      done();
    },
  });
started = performance.now();
await pipeline(scheduleCsv(version, frozen()), counter('csv'));
await pipeline(scheduleXlsx(version, frozen()), counter('xlsx'));
const filesMs = performance.now() - started;
const downloadCpuMs = cpuMs() - cpuStarted;

/** GET /api/payroll/schedule: the live schedule tallied and compared with the frozen version read alongside. */
started = performance.now();
const again = new ScheduleTally(names);
const comparison = new ScheduleComparison(frozen());
for await (const line of liveScheduleLines(lenders, rowsOf)) {
  again.add(line);
  await comparison.add(line);
  heap();
}
const changes = await comparison.result();
if (again.result().hash !== summary.hash || changes.length) throw new Error('The schedule computed twice differs.');
const getMs = performance.now() - started;
const getCpuMs = cpuMs() - cpuStarted;
console.log(
  JSON.stringify({
    lines: summary.lines,
    lenders: lenderCount,
    get_ms: getMs,
    draw_cpu_ms: getCpuMs,
    get_cpu_ms: getCpuMs - downloadCpuMs,
    download_cpu_ms: downloadCpuMs,
    download_ms: jsonlMs + filesMs,
    jsonl_ms: jsonlMs,
    files_ms: filesMs,
    csv_mb: bytes.csv / 1_048_576,
    xlsx_mb: bytes.xlsx / 1_048_576,
    peak_heap_mb: peakHeap / 1_048_576,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  }),
);
bytes = { csv: 0, xlsx: 0 };
