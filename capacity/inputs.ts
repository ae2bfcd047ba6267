import { CHUNK_ROWS } from '#data/ingestion/layout.js';
import { FILE_RULES } from '#shared/api/submissions.js';
import { DEFAULT_MAX_ROWS } from '#shared/xlsx/read-first-sheet.js';
import { API_FUNCTION, API_THROTTLE, EVENT_FUNCTION, EVENT_RETRIES, HISTORY_WARM_THROUGHPUT, INGEST_CHUNKS, REGISTER_CHUNKS } from '../infra/sizing.js';
import type { PerRowCosts } from './per-row-costs.js';

/**
 * What the capacity model starts from, in four kinds, each named where it is set:
 * - the scale (Scale): how many borrowers, lenders, rows;
 * - the per-row costs the benches measure (PerRow, from capacity/per-row-costs.json);
 * - the stack's own sizes and limits (STACK, imported from the code that applies them);
 * - AWS's published arithmetic and limits (DYNAMO) and our assumptions about use (ASSUMPTIONS), which
 *   no benchmark here can measure: change them and the table follows.
 */
export interface Scale {
  label: string;
  /** Civil servants with at least one payroll deduction. */
  borrowers: number;
  lenders: number;
  /** The largest lender's monthly inputs file. */
  largestFileRows: number;
  /** Months of history kept and summarised (the window the model looks at). */
  months: number;
  /** NRCs on the fraud registry (assumed: one borrower in ten). */
  registryNrcs: number;
  /** People signing in: lenders' officers, reviewers, PMEC. */
  staff: number;
}

export const TODAY: Scale = {
  label: 'Zambia today',
  borrowers: 200_000,
  lenders: 40,
  largestFileRows: 100_000,
  months: 12,
  registryNrcs: 20_000,
  staff: 40 * 5 + 30,
};

/** Everything ten times, the window kept at its months. */
export const times = (scale: Scale, k: number): Scale => ({
  label: `${k}× that`,
  borrowers: scale.borrowers * k,
  lenders: scale.lenders * k,
  largestFileRows: scale.largestFileRows * k,
  months: scale.months,
  registryNrcs: scale.registryNrcs * k,
  staff: scale.staff * k,
});

/** The per-row costs as numbers (capacity/per-row-costs.json says which figure measured each, and when). */
export interface PerRow {
  validateCpuMsPer1000Rows: number;
  /** The validation stage's peak memory on the signals bench's files: its 100,000 rows and the tenfold lender's 1,000,000. */
  validationPeakRssMb: number;
  validationPeakRssMb1m: number;
  xlsxBytesPerRow: number;
  rowsJsonBytesPerRow: number;
  historyItemBytes: number;
  historyItemsPerRow: number;
  /** NRC record updates per row, and a record write's bytes and units in the window's last month and on average. */
  recordUpdatesPerRow: number;
  recordBytesMonth12: number;
  recordWriteUnitsMonth12: number;
  recordBytesMean: number;
  recordWriteUnitsMean: number;
  /** An employee number's summary write (made only while its pair with the NRC is not settled). */
  employeeSummaryBytes: number;
  digestBytesPerNrc: number;
  uploadRecordBytes: number;
  auditEntryBytes: number;
}

export const perRowFrom = (costs: PerRowCosts): PerRow => ({
  validateCpuMsPer1000Rows: costs.validate_cpu_ms_per_1000_rows.value,
  validationPeakRssMb: costs.validation_peak_rss_mb.value,
  validationPeakRssMb1m: costs.validation_peak_rss_mb_1m.value,
  xlsxBytesPerRow: costs.xlsx_bytes_per_row.value,
  rowsJsonBytesPerRow: costs.rows_json_bytes_per_row.value,
  historyItemBytes: costs.history_item_bytes.value,
  historyItemsPerRow: costs.history_items_per_row.value,
  recordUpdatesPerRow: costs.record_updates_per_row.value,
  recordBytesMonth12: costs.record_bytes_month12.value,
  recordWriteUnitsMonth12: costs.record_write_units_month12.value,
  recordBytesMean: costs.record_bytes_mean.value,
  recordWriteUnitsMean: costs.record_write_units_mean.value,
  employeeSummaryBytes: costs.employee_summary_bytes.value,
  digestBytesPerNrc: costs.digest_bytes_per_nrc.value,
  uploadRecordBytes: costs.upload_record_bytes.value,
  auditEntryBytes: costs.audit_entry_bytes.value,
});

/** The stack's sizes and limits, from the code that applies them. */
export const STACK = {
  eventMemoryMb: EVENT_FUNCTION.memoryMb,
  eventTimeoutSeconds: EVENT_FUNCTION.timeoutSeconds,
  eventRetries: EVENT_RETRIES,
  apiMemoryMb: API_FUNCTION.memoryMb,
  apiRateLimit: API_THROTTLE.rateLimit,
  apiBurstLimit: API_THROTTLE.burstLimit,
  maxRowsPerFile: DEFAULT_MAX_ROWS,
  maxFileBytes: FILE_RULES.inputs.maxBytes,
  chunkRows: CHUNK_ROWS,
  chunkConcurrency: INGEST_CHUNKS.concurrency,
  /** A payroll register's chunks, reserved too (lambdas/events/ingest-register.ts). */
  registerChunkConcurrency: REGISTER_CHUNKS.concurrency,
  chunkMaxEventAgeSeconds: INGEST_CHUNKS.maxEventAgeSeconds,
  /** The history table's warm throughput the model shows beside a new table's (a deployment parameter). */
  warmWriteUnitsPerSecond: HISTORY_WARM_THROUGHPUT.modelledWriteUnits,
} as const;

/** AWS's arithmetic and limits (DynamoDB and Lambda developer guides), and write units counted in the code. */
export const DYNAMO = {
  /** Per partition, per second. */
  partitionWriteUnits: 1_000,
  partitionReadUnits: 3_000,
  /** A new on-demand table serves up to twice its "previous peak" of 2,000 WRU / 6,000 RRU at once. */
  newTableWriteUnitsPerSecond: 4_000,
  itemLimitBytes: 400 * 1024,
  /** Lambda gives a function one vCPU at 1,769 MB, a share of one below. */
  lambdaMbPerVcpu: 1_769,
  /** Concurrent executions a Region allows an account unless raised (new accounts may start lower). */
  accountConcurrency: 1_000,
  /** Submit and ingestion's end: a submission Put (3 GSIs), the upload, six counters, transactional (lambdas/data/submissions/submissions.ts). */
  submitTransactionUnits: 2 * (1 + 3 + 1 + 6) + 2 * (1 + 3 + 6),
  /** A chunk's landing on the ingestion's progress item (lambdas/data/ingestion/progress.ts): under a KB. */
  chunkLandingUnits: 1,
} as const;

/** How the platform is used: not measured here, each a guess to revise with real traffic. */
export const ASSUMPTIONS = {
  /** Deduction rows per borrower a month across lenders: 400,000 inputs rows today, the largest lender 100,000. */
  loansPerBorrower: 2,
  /** Stoppage rows per inputs row a month (loans of about two years). */
  stoppageShare: 0.04,
  /** Uploads per file submitted: some are fixed and sent again. */
  validationsPerFile: 1.5,
  /** Borrowers whose employee number their NRC record does not pair yet (looked up by number). */
  newBorrowerShare: 0.05,
  /**
   * Borrowers whose employee number's summary ingestion writes: those new to the record, and those whose
   * pair rests only on submissions still under review (lambdas/data/history/summary-compaction.ts pairedForGood).
   */
  unsettledEmployeeShare: 0.1,
  /** Borrowers with an employee number on record under another NRC too (read by number on /history). */
  sharedEmployeeShare: 0.01,
  /** History lookups a month per borrower (a new loan is checked). */
  historyLookupsPerBorrower: 0.25,
  /** A lookup's other reads: the settings Query and the caller's memberships. */
  lookupOtherReadUnits: 1.5,
  sessionsPerStaff: 20,
  requestsPerSession: 20,
  otherPostsPerSession: 1,
  /** Reviews (approve, assign, complete) and reads (lists, report, signal pages) per file. */
  reviewPostsPerFile: 3,
  getsPerFile: 10,
  downloadsPerFile: 3,
  readUnitsPerRequest: 2,
  writeUnitsPerPost: 4,
  /**
   * How the browser polls an upload while it is validated (web/src/features/submissions/api/uploads.ts):
   * the first poll after a second, each next one half as long again up to ten seconds, back to a second
   * whenever the upload's stage changes (STAGE_CHANGES times in a validation).
   */
  poll: { firstSeconds: 1, factor: 1.5, maxSeconds: 10, stageChanges: 3 },
  /** A route's Lambda, warm, a few in-Region DynamoDB calls. */
  apiMs: 80,
  apiMemoryMb: STACK.apiMemoryMb,
  eventMemoryMb: STACK.eventMemoryMb,
  dynamoCallMs: 10,
  transactionMs: 25,
  s3RequestMs: 60,
  s3MegabytesPerSecond: 80,
  /** The SPA's gzipped assets on a cold cache, in so many files; a share of sessions start cold. */
  spaColdBytes: 800_000,
  spaFiles: 25,
  coldSessionShare: 0.25,
  apiResponseBytes: 4_000,
  /** Share of a month's uploads and requests in its busiest hour (the submission deadline). */
  peakHourShare: 0.1,
  /** Share of a month's files validated at the same moment (the deadline morning), each polled as `poll` says. */
  deadlineBurstShare: 0.1,
};
export type Assumptions = typeof ASSUMPTIONS;
