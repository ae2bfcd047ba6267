import { DIGEST_BUCKETS, digestKey } from '../lambdas/data/registry-digest.js';
import { itemBytes, readUnits, writeUnits, STORED_ITEM_OVERHEAD } from './item-size.js';
import { ASSUMPTIONS, DYNAMO, type Assumptions, type PerRow, type Scale } from './inputs.js';

/**
 * A month of the platform at a given scale, from the per-row costs the benches measured: DynamoDB
 * request units, Lambda invocations and GB-seconds, S3 and CloudFront traffic. Pure arithmetic;
 * every figure it starts from is named in capacity/inputs.ts.
 */

/** Mean of f(k) for k = 1..n: an item that gains one entry a submission is written at every size on the way. */
const meanOver = (n: number, f: (k: number) => number) => Array.from({ length: Math.max(1, Math.round(n)) }, (_, i) => f(i + 1)).reduce((a, b) => a + b, 0) / Math.max(1, Math.round(n));

/** Digest buckets a file of n distinct NRCs reads (each NRC hashes to one of DIGEST_BUCKETS). */
export const bucketsTouched = (n: number) => DIGEST_BUCKETS * (1 - (1 - 1 / DIGEST_BUCKETS) ** n);

/** The borrower summaries: how many entries and bytes they reach at the end of the window. */
export function summaries(scale: Scale, c: PerRow, a: Assumptions = ASSUMPTIONS) {
  const entries = scale.months * a.loansPerBorrower * (1 + a.stoppageShare);
  return {
    entries,
    nrcBytes: c.summaryBaseBytes + entries * c.nrcEntryBytes,
    employeeBytes: c.summaryBaseBytes + entries * c.employeeEntryBytes,
    /** Transactional updates of one row's summaries, averaged over the window as the items grow. */
    updateUnits: meanOver(entries, (k) => writeUnits(c.summaryBaseBytes + k * c.nrcEntryBytes, true) + writeUnits(c.summaryBaseBytes + k * c.employeeEntryBytes, true)),
    /** The same at the end of the window, when the items are largest. */
    lastUpdateUnits: writeUnits(c.summaryBaseBytes + entries * c.nrcEntryBytes, true) + writeUnits(c.summaryBaseBytes + entries * c.employeeEntryBytes, true),
    /** Eventually consistent reads of an NRC summary and of an employee number's, averaged likewise. */
    nrcReadUnits: meanOver(entries, (k) => readUnits(c.summaryBaseBytes + k * c.nrcEntryBytes)),
    employeeReadUnits: meanOver(entries, (k) => readUnits(c.summaryBaseBytes + k * c.employeeEntryBytes)),
    /** Ingestion's strongly consistent read of each employee number's summary after writing (shared-employee-numbers.ts). */
    employeeConsistentReadUnits: meanOver(entries, (k) => readUnits(c.summaryBaseBytes + k * c.employeeEntryBytes, true)),
    /** The NRC record's mean size over the window (it sits in the borrower's partition, read by the lookup's Query). */
    meanNrcBytes: meanOver(entries, (k) => c.summaryBaseBytes + k * c.nrcEntryBytes),
  };
}

/** A digest bucket's keys and the names of its sets, `nrcs` (active reports) and `known` (every NRC reported). */
export const DIGEST_ITEM_BASE_BYTES = itemBytes(digestKey(DIGEST_BUCKETS - 1)) + 'nrcs'.length + 'known'.length;

/** One digest bucket's bytes: its keys and its share of the registry's NRCs. */
export const digestBucketBytes = (registryNrcs: number, c: PerRow) => DIGEST_ITEM_BASE_BYTES + (registryNrcs / DIGEST_BUCKETS) * c.digestBytesPerNrc;

/** What validating and ingesting one file of `rows` rows costs, and how long each takes in Lambda. */
export function perFile(rows: number, scale: Scale, c: PerRow, a: Assumptions = ASSUMPTIONS) {
  const s = summaries(scale, c, a);
  const summaryReads = rows * (s.nrcReadUnits + a.newBorrowerShare * s.employeeReadUnits);
  const digestReads = bucketsTouched(rows) * readUnits(digestBucketBytes(scale.registryNrcs, c));
  // Validation reads each submission its borrowers' entries name once, to drop rejected ones (≤ every submission in the window).
  const rejectedReads = Math.min(rows * s.entries, scale.lenders * 2 * scale.months) * readUnits(0);
  const historyUnits = rows * c.historyItemsPerRow * writeUnits(c.historyItemBytes);
  const summaryUnits = rows * (c.summaryUpdatesPerRow / 2) * s.updateUnits;
  const lastSummaryUnits = rows * (c.summaryUpdatesPerRow / 2) * s.lastUpdateUnits;
  const cpuSeconds = (rows * c.validateCpuMsPer1000Rows) / 1000 / 1000 / Math.min(1, a.eventMemoryMb / DYNAMO.lambdaMbPerVcpu);
  const s3Seconds = (bytes: number, objects: number) => objects * a.s3RequestMs / 1000 + bytes / (a.s3MegabytesPerSecond * 1e6);
  const rounds = (calls: number, inFlight: number) => Math.ceil(calls / inFlight);
  const validateSeconds =
    cpuSeconds +
    (rounds(bucketsTouched(rows) / 100, 16) + rounds(rows / 2_000, 2) * 3) * (a.dynamoCallMs / 1000) +
    s3Seconds(rows * (c.xlsxBytesPerRow + 2 * c.rowsJsonBytesPerRow), 8);
  const ingestIoSeconds = (rounds(rows / 100, 16) * 2 * a.dynamoCallMs + rounds((rows * c.summaryUpdatesPerRow) / 100, 16) * a.transactionMs) / 1000 + s3Seconds(rows * c.rowsJsonBytesPerRow, 2);
  return {
    validate: { readUnits: summaryReads + digestReads + rejectedReads, writeUnits: 4 + writeUnits(c.uploadRecordBytes), seconds: validateSeconds },
    ingest: {
      readUnits: rows * (c.historyItemsPerRow * readUnits(c.historyItemBytes, true) + s.employeeConsistentReadUnits),
      writeUnits: historyUnits + summaryUnits + DYNAMO.submitTransactionUnits,
      /** In the window's last month, the summaries at their largest. */
      lastMonthWriteUnits: historyUnits + lastSummaryUnits + DYNAMO.submitTransactionUnits,
      ioSeconds: ingestIoSeconds,
    },
    summaryShare: lastSummaryUnits / (historyUnits + lastSummaryUnits),
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
  const s = summaries(scale, c, a);

  // A file is validated validationsPerFile times and ingested once.
  const validate = { rru: validations * meanFile.validate.readUnits, wru: validations * meanFile.validate.writeUnits };
  const ingest = { rru: files * meanFile.ingest.readUnits, wru: files * meanFile.ingest.writeUnits };
  const ingestSeconds = Math.max(meanFile.ingest.ioSeconds, meanFile.ingest.writeUnits / DYNAMO.newTableWriteUnitsPerSecond);

  const polls = validations * Math.ceil(meanFile.validate.seconds / a.pollSeconds);
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
  const summaryItems = scale.borrowers * 2;
  const storedBytes = historyItems * (c.historyItemBytes + STORED_ITEM_OVERHEAD) + summaryItems * ((s.nrcBytes + s.employeeBytes) / 2 + STORED_ITEM_OVERHEAD);

  const validatedRows = rows * a.validationsPerFile;
  const s3MonthBytes = validatedRows * (c.xlsxBytesPerRow + c.rowsJsonBytesPerRow * 1.2) + rows * c.xlsxBytesPerRow;
  const coldSessions = sessions * a.coldSessionShare;
  const gb = 1e9;
  return {
    scale,
    rows: { inputs: inputRows, total: rows, validated: validatedRows, files, validations },
    seconds: { validate: meanFile.validate.seconds, ingest: ingestSeconds },
    dynamo: {
      writeUnits: { ingest: ingest.wru, validate: validate.wru, lookups: lookup.wru, api: api.wru },
      readUnits: { ingest: ingest.rru, validate: validate.rru, lookups: lookup.rru, api: api.rru },
      storageGb: storedBytes / gb,
    },
    lambda: {
      invocations: { api: apiRequests, validate: validations, ingest: files },
      gbSeconds: {
        api: (apiRequests * a.apiMs * (a.apiMemoryMb / 1024)) / 1000,
        validate: validations * meanFile.validate.seconds * (a.eventMemoryMb / 1024),
        ingest: files * ingestSeconds * (a.eventMemoryMb / 1024),
      },
    },
    s3: { storageGb: (scale.months * s3MonthBytes) / gb, puts: validations * 8 + files * 2, gets: validations * 4 + files * 2 + files * a.downloadsPerFile },
    cloudfront: { gb: (apiRequests * a.apiResponseBytes + coldSessions * a.spaColdBytes) / gb, requests: apiRequests + sessions * 2 + coldSessions * a.spaFiles },
    api: { requests: apiRequests, lookups, posts, gets: gets + lookups },
  };
}
