import { DIGEST_BUCKETS } from '#data/registry/digest.js';
import { GROWTH } from './growth.js';
import { ASSUMPTIONS, DYNAMO, STACK, type Assumptions, type PerRow, type Scale } from './inputs.js';
import { readUnits, writeUnits } from './item-size.js';
import { DIGEST_ITEM_BASE_BYTES, digestBucketBytes, monthlyUsage, perFile, pollsPerSecond, summaries } from './model.js';
import { PAYROLL } from './payroll.js';

/** One limit: what the platform needs at its peak beside what it may have, and what the stack does there. */
export interface Limit {
  name: string;
  need: number;
  limit: number;
  unit: string;
  /** need / limit: 1 or more is reached. */
  use: number;
  stack: string;
}

/** Rows of the signals bench's two files, whose validation stage's peak memory capacity/per-row-costs.json holds. */
const MEASURED_ROWS = [100_000, 1_000_000] as const;

/** The validation's peak memory for a file of `rows`: along the line through the two measured files. */
export function validationMemoryMb(rows: number, c: PerRow): number {
  const [small, large] = MEASURED_ROWS;
  const perRow = (c.validationPeakRssMb1m - c.validationPeakRssMb) / (large - small);
  return c.validationPeakRssMb + perRow * (rows - small);
}
const HOUR = 3_600;
/** SNS's default texts a second for an account (transactional SMS). */
const TEXTS_PER_SECOND = 20;
const KB = 1_024;
const MB = 1_048_576;
/** The rows an XLSX sheet holds at most (the format's own limit). */
const XLSX_SHEET_ROWS = 1_048_576;
const n = (value: number) => Math.round(value).toLocaleString('en-US');

const limit = (name: string, need: number, max: number, unit: string, stack: string): Limit => ({ name, need, limit: max, unit, use: need / max, stack });

/** The history table's write units a second: a new on-demand table's, or its warm throughput when higher. */
export const historyWriteUnits = (warm = 0) => Math.max(DYNAMO.newTableWriteUnitsPerSecond, warm);

/** The limits this scale meets, the nearest first. */
export function limits(scale: Scale, c: PerRow, a: Assumptions = ASSUMPTIONS): Limit[] {
  const usage = monthlyUsage(scale, c, a);
  // The largest file the platform takes: a bigger one is refused (its own limit below) and sent split.
  const largest = Math.min(scale.largestFileRows, STACK.maxRowsPerFile);
  const big = perFile(largest, scale, c, a);
  const s = summaries(c, a);
  const cold = historyWriteUnits();
  const warm = historyWriteUnits(STACK.warmWriteUnitsPerSecond);
  const requestsPerSecond = (usage.api.requests * a.peakHourShare) / HOUR;
  const auditedPerSecond = ((usage.api.posts + usage.api.lookups) * a.peakHourShare) / HOUR;
  // The deadline burst: so many files validated at once, each read from S3, checked and polled.
  const burst = usage.rows.validations * a.deadlineBurstShare;
  const burstPolls = burst * pollsPerSecond(usage.seconds.validate, a);
  const concurrency = burst + (requestsPerSecond * a.apiMs) / 1000 + STACK.chunkConcurrency + STACK.registerChunkConcurrency;
  const bucket = digestBucketBytes(scale.registryNrcs, c);
  const chunked = `${n(big.ingest.chunks)} chunks of ${n(STACK.chunkRows)} rows, ${STACK.chunkConcurrency} at once (reserved concurrency)`;

  return [
    limit(
      `Ingest largest file, month ${scale.months}`,
      big.ingest.seconds(cold),
      STACK.chunkMaxEventAgeSeconds,
      's',
      `${chunked}, at the ${n(cold)} WRU/s a new on-demand table serves at once; ${Math.round(big.summaryShare * 100)}% of a row's units are its borrower summaries. A chunk held back longer than ${n(STACK.chunkMaxEventAgeSeconds)} s is dead-lettered, which alarms.`,
    ),
    limit(
      `Ingest largest file, warm ${n(warm)} WRU/s`,
      big.ingest.seconds(warm),
      STACK.chunkMaxEventAgeSeconds,
      's',
      `The same with the stack parameter HistoryWarmWriteUnits=${warm} (billed once when set): the table serves that many at once.`,
    ),
    limit(
      `Ingest one chunk, month ${scale.months}`,
      big.ingest.chunkSeconds(cold),
      STACK.eventTimeoutSeconds,
      's',
      `A chunk shares the new table's ${n(cold)} WRU/s with the others running; throttled writes are retried with backoff, a chunk cut at ${STACK.eventTimeoutSeconds} s is retried ${STACK.eventRetries} times alone (idempotent, landed once), then dead-lettered, which alarms.`,
    ),
    limit(
      'Validate largest file, time',
      big.validate.seconds,
      STACK.eventTimeoutSeconds,
      's',
      `CPU at ${STACK.eventMemoryMb} MB (a ${(STACK.eventMemoryMb / DYNAMO.lambdaMbPerVcpu).toFixed(2)} vCPU share) plus the registry digest, the summaries, S3 and the file-check lookups (one audit pointer a row at the ${n(cold)} WRU/s a new on-demand table serves). A validation cut at ${STACK.eventTimeoutSeconds} s is retried; its pointers are written again on the same keys.`,
    ),
    limit(
      'Validate largest file, memory',
      validationMemoryMb(largest, c),
      STACK.eventMemoryMb,
      'MB',
      `Along the signals bench's ${n(MEASURED_ROWS[0])}- and ${n(MEASURED_ROWS[1])}-row stages (the rows streamed to rows.json, a compact table of borrowers). Beyond it the function is killed, retried, dead-lettered: raise EVENT_FUNCTION in infra/sizing.ts.`,
    ),
    limit(
      'Largest file, rows',
      scale.largestFileRows,
      STACK.maxRowsPerFile,
      'rows',
      `A bigger sheet is refused: "The sheet has more than ${n(STACK.maxRowsPerFile)} rows. Split it into smaller files."`,
    ),
    limit(
      'Largest file, size',
      (scale.largestFileRows * c.xlsxBytesPerRow) / MB,
      STACK.maxFileBytes / MB,
      'MB',
      'The presigned POST refuses a bigger file (content-length-range); the lender splits it.',
    ),
    limit(
      'API requests/s, deadline burst',
      requestsPerSecond + burstPolls,
      STACK.apiRateLimit,
      'req/s',
      `The peak hour's requests and the burst's upload polls (a poll after ${a.poll.firstSeconds} s, each next ${a.poll.factor}× later up to ${a.poll.maxSeconds} s, again from ${a.poll.firstSeconds} s at each stage). The HTTP API stage's throttle (burst ${STACK.apiBurstLimit}) answers 429 beyond it: API_THROTTLE in infra/sizing.ts.`,
    ),
    limit(
      'Lambda concurrency, deadline burst',
      concurrency,
      DYNAMO.accountConcurrency,
      'running',
      `The burst's validations, the API's calls and the ${STACK.chunkConcurrency} reserved for ingestion chunks and ${STACK.registerChunkConcurrency} for a payroll register's. API calls beyond it get 429s, throttled S3 events are retried by Lambda for hours. Ask for a quota increase first (new accounts start lower).`,
    ),
    limit(
      'Audit day partition, peak',
      (auditedPerSecond + burst) * 2 * writeUnits(c.auditEntryBytes),
      DYNAMO.partitionWriteUnits,
      'WRU/s',
      "Every entry of a day shares pk DAY#{day} and its sort key only grows, so DynamoDB cannot split it for heat: shard the day's key when this nears.",
    ),
    limit(
      'Digest bucket reads, deadline burst',
      burst * readUnits(bucket),
      DYNAMO.partitionReadUnits,
      'RRU/s',
      `Each validation of the burst reads each of the ${n(DIGEST_BUCKETS)} buckets within about a second; one bucket's item lives in one partition.`,
    ),
    limit(
      'Digest bucket item size',
      bucket / KB,
      DYNAMO.itemLimitBytes / KB,
      'KB',
      `Reached at ${Math.round((((DYNAMO.itemLimitBytes - DIGEST_ITEM_BASE_BYTES) / c.digestBytesPerNrc) * DIGEST_BUCKETS) / 1e6)} million registry NRCs: the report's transaction then fails. Raise DIGEST_BUCKETS (lambdas/data/registry/digest.ts).`,
    ),
    limit(
      'Texts/s, busiest hour',
      usage.growth.texts.peakPerSecond,
      TEXTS_PER_SECOND,
      'texts/s',
      `Sign-in codes, mandate PINs, claim, use and decision texts, ${Math.round(GROWTH.textPeakHourShare * 100)}% of a month's in its busiest hour. SNS's default SMS rate for an account is ${TEXTS_PER_SECOND} a second: beyond it Publish is throttled and the outbox retries. Ask for more with the monthly spending limit.`,
    ),
    limit(
      'Borrower summary item size',
      s.nrcBytes / KB,
      DYNAMO.itemLimitBytes / KB,
      'KB',
      "The NRC record keeps its last months' entries and compacts older ones into its identity (lambdas/data/history/summary-compaction.ts): its size stops growing with its age, whatever the window.",
    ),
    ...payrollLimits(scale, usage.payroll),
  ].sort((x, y) => y.use - x.use);
}

/** The payroll's month: the schedule drawn by its event, the applied file's validation and join, the month's items. */
function payrollLimits(scale: Scale, p: ReturnType<typeof monthlyUsage>['payroll']): Limit[] {
  const lines = `${n(p.lines)} schedule lines`;
  return [
    limit(
      'Payroll schedule draw, time',
      p.seconds.scheduleDraw,
      STACK.eventTimeoutSeconds,
      's',
      `${lines} drawn by the schedule's S3 events in parts, a lender each (decision 0218): the largest lender's part (${n(Math.min(p.lines, scale.largestFileRows))} lines) made from its completed submissions' rows, compared with the frozen version's range of its lines, its JSONL, CSV lines and XLSX sheets written (${PAYROLL.schedulePartCpuUsPerLine} µs CPU a line, bench/schedule-child.ts) at ${STACK.eventMemoryMb} MB. The parts run side by side; a lender beyond a file's rows is one a part still: past it, split a lender's part by employee number.`,
    ),
    limit(
      'Payroll schedule draw, memory',
      p.memoryMb.scheduleDraw,
      STACK.eventMemoryMb,
      'MB',
      `The largest lender's lines held as short strings while its part's files stream: ${PAYROLL.schedulePartMbPerMillion} MB a million of its lines over the runtime (the bench's peak RSS at 100,000 and 1,000,000 lines a lender).`,
    ),
    limit(
      'Payroll schedule assembly, time',
      p.seconds.scheduleAssembly,
      STACK.eventTimeoutSeconds,
      's',
      `The month's JSONL, CSV and XLSX (a sheet per lender, Excel's 1,048,576 rows a sheet: decision 0219) streamed from the parts, never parsed: ${PAYROLL.scheduleAssemblyBytesPerLine} bytes a line moved at ${PAYROLL.s3StreamMbPerSecond} MB/s, ${PAYROLL.scheduleAssemblyCpuUsPerLine} µs CPU a line; its memory stays ${PAYROLL.scheduleAssemblyMb} MB whatever the month. Past it, copy the parts with multipart UploadPartCopy.`,
    ),
    limit(
      'Applied file validation and reconciliation, time',
      p.seconds.applied,
      STACK.eventTimeoutSeconds,
      's',
      `One part of the month's applied deductions (${n(p.applied.partLines)} lines, the largest of ${n(p.applied.parts)}): the applied rules and the join with its lenders' schedule lines streamed from S3 (${PAYROLL.reconciliationCpuUsPerLine} µs CPU a line, the reconciliation bench), at ${STACK.eventMemoryMb} MB; each lender's result files besides.`,
    ),
    limit(
      'Applied file validation and reconciliation, memory',
      p.memoryMb.applied,
      STACK.eventMemoryMb,
      'MB',
      `One part's applied rows held column-wise (shared/rules/applied-index.ts) and one lender's lines at a time: ${PAYROLL.appliedStageMbPerMillion} MB a million lines over the runtime (the bench's stage in a 256 MB old space), for the largest part: whole lenders up to ${n(PAYROLL.appliedPartLines)} lines, or the largest lender alone (decision 0221).`,
    ),
    limit(
      'Applied file, rows',
      p.applied.partLines,
      Math.min(STACK.maxRowsPerFile, XLSX_SHEET_ROWS - 1),
      'rows',
      `A part of the month's applied deductions, a row per line under one header row of an XLSX sheet (${n(XLSX_SHEET_ROWS)} rows at most): the payroll cuts the month into parts of whole lenders (decision 0221), so the bound is the largest lender's lines. Beyond it one lender's month would have to come in parts of its own.`,
    ),
    limit(
      "Reconciliation page, the largest lender's lines",
      p.memoryMb.reconciliationPage,
      STACK.apiMemoryMb,
      'MB',
      `GET /api/reconciliation with a payee key reads a page of the lender's JSONL from its cursor (decision 0237), but its first page makes the lender's CSV from the whole file once (${n(Math.min(p.lines, scale.largestFileRows))} lines for the largest lender). Beyond it, make the CSV streamed.`,
    ),
    limit(
      'Reconciliation month item size',
      p.itemBytes.reconciliation / KB,
      DYNAMO.itemLimitBytes / KB,
      'KB',
      `Every lender's totals on one item (RECONCILIATION#{month}), ${PAYROLL.reconciliationLenderBytes} bytes a lender: ${n(scale.lenders)} lenders. Beyond it Submit's Put fails: split the totals into an item per lender.`,
    ),
  ];
}
