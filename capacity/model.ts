import { fileCheckItem } from '#data/audit/file-checks.js';
import { KEPT_MONTHS } from '#data/history/summary-compaction.js';
import { DIGEST_BUCKETS, digestKey } from '#data/registry/digest.js';
import { growthUsage } from './growth.js';
import { ASSUMPTIONS, DYNAMO, STACK, type Assumptions, type PerRow, type Scale } from './inputs.js';
import { itemBytes, readUnits, writeUnits, STORED_ITEM_OVERHEAD } from './item-size.js';
import { payrollUsage } from './payroll.js';

/**
 * A month of the platform at a given scale, from the per-row costs the benches measured: DynamoDB
 * request units, Lambda invocations and GB-seconds, S3 and CloudFront traffic. Pure arithmetic;
 * every figure it starts from is named in capacity/inputs.ts.
 */

/** Digest buckets a file of n distinct NRCs reads (each NRC hashes to one of DIGEST_BUCKETS). */
export const bucketsTouched = (n: number) => DIGEST_BUCKETS * (1 - (1 - 1 / DIGEST_BUCKETS) ** n);

/**
 * The borrower summaries a row writes and reads (lambdas/data/history/summary-writes.ts): one NRC record update,
 * whose size the costs bench measured over the window as compaction keeps it, and the employee number's
 * summary for the unsettled share.
 */
export function summaries(c: PerRow, a: Assumptions = ASSUMPTIONS) {
  const employeeUnits = a.unsettledEmployeeShare * writeUnits(c.employeeSummaryBytes);
  return {
    /** Submissions a record's entries name at most: each lender's inputs and stoppages of its kept months. */
    namedSubmissions: (lenders: number) => lenders * 2 * KEPT_MONTHS,
    /** Plain updates of one row's summaries, in the window's last month and on average over it. */
    lastUpdateUnits: c.recordUpdatesPerRow * c.recordWriteUnitsMonth12 + employeeUnits,
    updateUnits: c.recordUpdatesPerRow * c.recordWriteUnitsMean + employeeUnits,
    /** Eventually consistent reads of an NRC record and of an employee number's summary. */
    nrcReadUnits: readUnits(c.recordBytesMean),
    employeeReadUnits: readUnits(c.employeeSummaryBytes),
    /** Ingestion's strongly consistent read of each employee number's summary it wrote (shared-employee-numbers.ts). */
    employeeConsistentReadUnits: readUnits(c.employeeSummaryBytes, true),
    nrcBytes: c.recordBytesMonth12,
    meanNrcBytes: c.recordBytesMean,
  };
}

/** What one row costs to ingest in write units: its history item, its summaries, its share of a chunk's landing. */
export function writeUnitsPerRow(c: PerRow, a: Assumptions = ASSUMPTIONS) {
  const s = summaries(c, a);
  const history = c.historyItemsPerRow * writeUnits(c.historyItemBytes);
  const landing = DYNAMO.chunkLandingUnits / STACK.chunkRows;
  return { lastMonth: history + s.lastUpdateUnits + landing, mean: history + s.updateUnits + landing };
}

/** The polls one validation of `seconds` gets: the backoff of ASSUMPTIONS.poll, started again at each stage, and the one that finds it done. */
export function pollsDuring(seconds: number, a: Assumptions = ASSUMPTIONS): number {
  const stage = seconds / (a.poll.stageChanges + 1);
  let polls = 1;
  for (let s = 0; s <= a.poll.stageChanges; s++) {
    for (let at = a.poll.firstSeconds, wait = a.poll.firstSeconds; at <= stage; wait = Math.min(a.poll.maxSeconds, wait * a.poll.factor), at += wait) polls++;
  }
  return polls;
}

/** Requests a second one file in validation adds: its polls over its validation (or the first poll's wait, when it is quicker). */
export const pollsPerSecond = (seconds: number, a: Assumptions = ASSUMPTIONS) => pollsDuring(seconds, a) / Math.max(seconds, a.poll.firstSeconds);

/** A digest bucket's keys and the names of its sets, `nrcs` (active reports) and `known` (every NRC reported). */
export const DIGEST_ITEM_BASE_BYTES = itemBytes(digestKey(DIGEST_BUCKETS - 1)) + 'nrcs'.length + 'known'.length;

/** One digest bucket's bytes: its keys and its share of the registry's NRCs. */
export const digestBucketBytes = (registryNrcs: number, c: PerRow) => DIGEST_ITEM_BASE_BYTES + (registryNrcs / DIGEST_BUCKETS) * c.digestBytesPerNrc;

/** One NRC's file-check pointer on the audit log (lambdas/data/audit/file-checks.ts), as ids of their full length write it. */
const UUID = '00000000-0000-4000-8000-000000000000';
export const FILE_CHECK_ITEM_BYTES = itemBytes(
  fileCheckItem({ upload_id: UUID, org_id: UUID, user_id: UUID, user_email: 'loans.officer@lender.co.zm', at: '2026-11-27T12:00:00.000Z' }, '123456789012'),
);

/**
 * A validation's file checks (every NRC the file names a lookup, lambdas/data/audit/file-checks.ts): one pointer a
 * distinct NRC, counted here as one a row (the bound), and its gsi1 copy; BatchWriteItem, 25 a call, 16 calls
 * in flight, as fast as the audit table serves a new on-demand table's write units. Stored: both copies.
 */
export function fileChecks(rows: number, a: Assumptions = ASSUMPTIONS) {
  const units = writeUnits(FILE_CHECK_ITEM_BYTES);
  return {
    writeUnits: rows * 2 * units,
    seconds: Math.max((rows * units) / DYNAMO.newTableWriteUnitsPerSecond, (Math.ceil(rows / 25 / 16) * a.dynamoCallMs) / 1000),
    storedBytes: rows * 2 * (FILE_CHECK_ITEM_BYTES + STORED_ITEM_OVERHEAD),
  };
}

/** What validating and ingesting one file of `rows` rows costs, and how long each takes in Lambda. */
export function perFile(rows: number, scale: Scale, c: PerRow, a: Assumptions = ASSUMPTIONS) {
  const s = summaries(c, a);
  const perRow = writeUnitsPerRow(c, a);
  const summaryReads = rows * (s.nrcReadUnits + a.newBorrowerShare * s.employeeReadUnits);
  const digestReads = bucketsTouched(rows) * readUnits(digestBucketBytes(scale.registryNrcs, c));
  // Validation reads each submission its borrowers' entries name once, to drop rejected ones.
  const rejectedReads = Math.min(rows * KEPT_MONTHS * a.loansPerBorrower, s.namedSubmissions(scale.lenders)) * readUnits(0);
  const cpuSeconds = (rows * c.validateCpuMsPer1000Rows) / 1000 / 1000 / Math.min(1, a.eventMemoryMb / DYNAMO.lambdaMbPerVcpu);
  const s3Seconds = (bytes: number, objects: number) => (objects * a.s3RequestMs) / 1000 + bytes / (a.s3MegabytesPerSecond * 1e6);
  const rounds = (calls: number, inFlight: number) => Math.ceil(calls / inFlight);
  const checks = fileChecks(rows, a);
  const validateSeconds =
    cpuSeconds +
    checks.seconds +
    (rounds(bucketsTouched(rows) / 100, 16) + rounds(rows / 2_000, 2) * 3) * (a.dynamoCallMs / 1000) +
    s3Seconds(rows * (c.xlsxBytesPerRow + 2 * c.rowsJsonBytesPerRow), 8);

  // Chunked ingestion (lambdas/events/ingest-chunk.ts): so many chunks, at most chunkConcurrency at once.
  const chunks = Math.max(1, Math.ceil(rows / STACK.chunkRows));
  const chunkRows = rows / chunks;
  // A chunk's own calls: history read and written (16 in flight), records read, updated (16 in flight), its rows read from S3.
  const chunkIoSeconds =
    ((rounds(chunkRows / 100, 16) * 2 + rounds(chunkRows / 25, 16) + rounds(chunkRows * (1 + a.unsettledEmployeeShare), 16)) * a.dynamoCallMs) / 1000 +
    s3Seconds(chunkRows * c.rowsJsonBytesPerRow, 1);
  const split = s3Seconds(rows * c.rowsJsonBytesPerRow * 2, 1 + chunks);
  const lastMonthWriteUnits = rows * perRow.lastMonth + DYNAMO.submitTransactionUnits;
  const concurrent = Math.min(STACK.chunkConcurrency, chunks);
  return {
    validate: {
      readUnits: summaryReads + digestReads + rejectedReads,
      writeUnits: 4 + writeUnits(c.uploadRecordBytes),
      fileCheckUnits: checks.writeUnits,
      fileCheckBytes: checks.storedBytes,
      seconds: validateSeconds,
    },
    ingest: {
      readUnits:
        rows *
        (c.historyItemsPerRow * readUnits(c.historyItemBytes, true) +
          s.nrcReadUnits +
          a.unsettledEmployeeShare * (s.employeeReadUnits + s.employeeConsistentReadUnits)),
      writeUnits: rows * perRow.mean + DYNAMO.submitTransactionUnits,
      /** In the window's last month, the records at the size compaction keeps them. */
      lastMonthWriteUnits,
      chunks,
      /** Lambda time: the split, and every chunk's (each runs its own calls; when the table throttles, they wait). */
      lambdaSeconds: (writeUnitsPerSecond: number) => split + Math.max(chunks * chunkIoSeconds, concurrent * (lastMonthWriteUnits / writeUnitsPerSecond)),
      /** The whole file, from its split to its last chunk, when the table serves so many write units a second. */
      seconds: (writeUnitsPerSecond: number) => split + Math.max(Math.ceil(chunks / concurrent) * chunkIoSeconds, lastMonthWriteUnits / writeUnitsPerSecond),
      /** One chunk, sharing the table with the others running at once. */
      chunkSeconds: (writeUnitsPerSecond: number) => Math.max(chunkIoSeconds, (chunkRows * perRow.lastMonth) / (writeUnitsPerSecond / concurrent)),
    },
    summaryShare: s.lastUpdateUnits / perRow.lastMonth,
  };
}

export type Usage = ReturnType<typeof monthlyUsage>;

/** A month at this scale: rows, files, DynamoDB units by use, Lambda, S3 and CloudFront. */
export function monthlyUsage(scale: Scale, c: PerRow, a: Assumptions = ASSUMPTIONS) {
  const inputRows = scale.borrowers * a.loansPerBorrower;
  const rows = inputRows * (1 + a.stoppageShare);
  const files = scale.lenders * 2;
  const validations = files * a.validationsPerFile;
  const meanFile = perFile(files ? rows / files : 0, scale, c, a);
  const s = summaries(c, a);

  // A file is validated validationsPerFile times and ingested once.
  const validate = { rru: validations * meanFile.validate.readUnits, wru: validations * meanFile.validate.writeUnits };
  // Every NRC a validated file names, a lookup on the audit log (kept: the window's months of them stored).
  const fileCheckUnits = validations * meanFile.validate.fileCheckUnits;
  const fileCheckBytes = scale.months * validations * meanFile.validate.fileCheckBytes;
  const ingest = { rru: files * meanFile.ingest.readUnits, wru: files * meanFile.ingest.writeUnits };
  const ingestSeconds = meanFile.ingest.seconds(DYNAMO.newTableWriteUnitsPerSecond);

  const polls = validations * pollsDuring(meanFile.validate.seconds, a);
  const lookups = scale.borrowers * a.historyLookupsPerBorrower;
  const sessions = scale.staff * a.sessionsPerStaff;
  const posts = validations + files * (1 + a.reviewPostsPerFile) + a.otherPostsPerSession * sessions;
  const gets = polls + files * a.getsPerFile + sessions * a.requestsPerSession;
  const apiRequests = lookups + posts + gets;
  const auditUnits = 2 * writeUnits(c.auditEntryBytes); // the entry and its gsi1 copy
  const windowItems = 3 * a.loansPerBorrower * (1 + a.stoppageShare);
  const lookup = {
    // One Query brings the window's items and the record; an employee number shared with another NRC is
    // read beside it; the statuses of the record's submissions are remembered by the warm function.
    rru: lookups * (readUnits(windowItems * c.historyItemBytes + s.meanNrcBytes) + a.sharedEmployeeShare * s.employeeReadUnits + a.lookupOtherReadUnits),
    wru: lookups * auditUnits,
  };
  const api = { rru: (gets + posts) * a.readUnitsPerRequest, wru: posts * (auditUnits + a.writeUnitsPerPost) };

  const historyItems = scale.months * rows * c.historyItemsPerRow;
  // An NRC record per borrower, an employee number's summary per borrower too (written at least once).
  const summaryBytes = scale.borrowers * (s.nrcBytes + c.employeeSummaryBytes + 2 * STORED_ITEM_OVERHEAD);
  const storedBytes = historyItems * (c.historyItemBytes + STORED_ITEM_OVERHEAD) + summaryBytes + fileCheckBytes;

  const validatedRows = rows * a.validationsPerFile;
  // Each submitted file's rows are written once more as its chunks (kept 30 days: a month's worth stored).
  const s3MonthBytes = validatedRows * (c.xlsxBytesPerRow + c.rowsJsonBytesPerRow * 1.2) + rows * c.xlsxBytesPerRow;
  const chunkBytes = rows * c.rowsJsonBytesPerRow;
  const coldSessions = sessions * a.coldSessionShare;
  const gb = 1e9;
  const growth = growthUsage(scale, validations, files, a);
  const payroll = payrollUsage(scale, a);
  return {
    scale,
    rows: { inputs: inputRows, total: rows, validated: validatedRows, files, validations },
    seconds: { validate: meanFile.validate.seconds, ingest: ingestSeconds },
    dynamo: {
      writeUnits: {
        ingest: ingest.wru,
        validate: validate.wru,
        fileChecks: fileCheckUnits,
        lookups: lookup.wru,
        api: api.wru,
        register: growth.register.writeUnits,
        mandates: growth.mandates.writeUnits,
        notifications: growth.notifications.writeUnits,
        payroll: payroll.dynamo.writeUnits,
      },
      readUnits: {
        ingest: ingest.rru,
        validate: validate.rru,
        lookups: lookup.rru,
        api: api.rru,
        register: growth.register.readUnits,
        mandates: growth.mandates.readUnits,
        payroll: payroll.dynamo.readUnits,
      },
      storageGb: storedBytes / gb + growth.register.storedGb + growth.mandates.storedGb + payroll.dynamo.storageGb,
      fileCheckGb: fileCheckBytes / gb,
    },
    lambda: {
      invocations: {
        api: apiRequests,
        validate: validations,
        ingest: files * (1 + meanFile.ingest.chunks),
        notifications: growth.notifications.invocations,
        payroll: payroll.lambda.invocations,
      },
      gbSeconds: {
        api: (apiRequests * a.apiMs * (a.apiMemoryMb / 1024)) / 1000,
        validate: validations * meanFile.validate.seconds * (a.eventMemoryMb / 1024),
        ingest: files * meanFile.ingest.lambdaSeconds(DYNAMO.newTableWriteUnitsPerSecond) * (a.eventMemoryMb / 1024),
        payroll: payroll.lambda.gbSeconds,
      },
    },
    s3: {
      storageGb: (scale.months * s3MonthBytes + chunkBytes) / gb + payroll.s3.storageGb,
      puts: validations * 8 + files * (2 + meanFile.ingest.chunks) + growth.signalBuckets.puts + payroll.s3.puts,
      gets: validations * 4 + files * (2 + meanFile.ingest.chunks) + files * a.downloadsPerFile + growth.signalBuckets.gets + payroll.s3.gets,
    },
    cloudfront: {
      gb: (apiRequests * a.apiResponseBytes + coldSessions * a.spaColdBytes) / gb,
      requests: apiRequests + sessions * 2 + coldSessions * a.spaFiles,
    },
    api: { requests: apiRequests, lookups, posts, gets: gets + lookups },
    growth,
    payroll,
  };
}
