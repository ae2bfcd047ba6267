/**
 * The applied deductions file's validation stage in a fresh process, so its peak memory is its own:
 * `node reconciliation-child.mjs APPLIED.xlsx SCHEDULE.jsonl` runs what lambdas/events/applied-validation.ts runs
 * between reading the object and storing the result: the applied rules over the workbook into the index of its rows,
 * then the schedule streamed (from a file here, from S3 there) and joined lender by lender, each lender's JSONL made. Prints { rows, lines, ms, peak_rss_mb, heap_used_mb }.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { jsonlSink } from '#data/payroll/reconciliation-files.js';
import { jsonLineBatches } from '#lib/jsonl.js';
import { AppliedIndex } from '#shared/rules/applied-index.js';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';
import { reconcileByLender } from '#shared/rules/reconciliation.js';
import { validateAppliedStreamed } from '../lambdas/validation/stream-driver.js';

const [appliedFile, scheduleFile] = process.argv.slice(2);
if (!appliedFile || !scheduleFile) throw new Error('Usage: reconciliation-child APPLIED.xlsx SCHEDULE.jsonl');
const bytes = readFileSync(appliedFile);
const started = performance.now();
const index = new AppliedIndex();
const result = await validateAppliedStreamed(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), index);
if (result.errors.length) throw new Error(`The applied file did not validate: ${result.errors[0]?.message}`);
const validatedMs = performance.now() - started;
const heapAfterRules = process.memoryUsage().heapUsed;
let lines = 0;
for await (const lender of reconcileByLender(jsonLineBatches<ScheduleLine>(createReadStream(scheduleFile, { highWaterMark: 1_048_576 })), index, jsonlSink)) {
  lines += lender.line_count;
}
console.log(
  JSON.stringify({
    rows: result.rows,
    lines,
    validated_ms: validatedMs,
    ms: performance.now() - started,
    heap_after_rules_mb: heapAfterRules / 1_048_576,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  }),
);
