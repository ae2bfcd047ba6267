import { DIGEST_BUCKETS } from '../lambdas/data/registry-digest.js';
import { readUnits, writeUnits } from './item-size.js';
import { ASSUMPTIONS, DYNAMO, STACK, type Assumptions, type PerRow, type Scale } from './inputs.js';
import { DIGEST_ITEM_BASE_BYTES, digestBucketBytes, monthlyUsage, perFile, summaries } from './model.js';

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

/** Rows of the signals bench's file, whose validation stage's peak memory bench/per-row-costs.json holds. */
const MEASURED_FILE_ROWS = 100_000;
const HOUR = 3_600;
const KB = 1_024;
const MB = 1_048_576;
const n = (value: number) => Math.round(value).toLocaleString('en-US');

const limit = (name: string, need: number, max: number, unit: string, stack: string): Limit => ({ name, need, limit: max, unit, use: need / max, stack });

/** The limits this scale meets, the nearest first. */
export function limits(scale: Scale, c: PerRow, a: Assumptions = ASSUMPTIONS): Limit[] {
  const usage = monthlyUsage(scale, c, a);
  // The largest file the platform takes: a bigger one is refused (its own limit below) and sent split.
  const largest = Math.min(scale.largestFileRows, STACK.maxRowsPerFile);
  const big = perFile(largest, scale, c, a);
  const s = summaries(scale, c, a);
  const requestsPerSecond = (usage.api.requests * a.peakHourShare) / HOUR;
  const auditedPerSecond = ((usage.api.posts + usage.api.lookups) * a.peakHourShare) / HOUR;
  // The deadline burst: so many files validated at once, each read from S3, checked and polled.
  const burst = usage.rows.validations * a.deadlineBurstShare;
  const concurrency = burst + (requestsPerSecond * a.apiMs) / 1000;
  const bucket = digestBucketBytes(scale.registryNrcs, c);
  const yearsTo400Kb = (DYNAMO.itemLimitBytes - c.summaryBaseBytes) / ((s.entries / scale.months) * 12 * c.nrcEntryBytes);

  return [
    limit(`Ingest largest file, month ${scale.months}`, big.ingest.lastMonthWriteUnits / DYNAMO.newTableWriteUnitsPerSecond, STACK.eventTimeoutSeconds, 's',
      `At the ${n(DYNAMO.newTableWriteUnitsPerSecond)} WRU/s a new on-demand table serves at once (later, twice its previous peak); ${Math.round(big.summaryShare * 100)}% of the units are the borrower summaries' transactional updates, grown over the window. Throttled writes are retried with backoff; a run cut at ${STACK.eventTimeoutSeconds} s is retried ${STACK.eventRetries} times by the S3 event, each retry writing everything again (idempotent, same counts), then dead-lettered, which alarms. Not built: warm throughput on the history table, the summaries as plain UpdateItem (half the units), or a compaction.`),
    limit('Validate largest file, time', big.validate.seconds, STACK.eventTimeoutSeconds, 's', `CPU at ${STACK.eventMemoryMb} MB (a ${(STACK.eventMemoryMb / DYNAMO.lambdaMbPerVcpu).toFixed(2)} vCPU share) plus the registry digest, the summaries and S3.`),
    limit('Validate largest file, memory', c.validationPeakRssMb * (largest / MEASURED_FILE_ROWS), STACK.eventMemoryMb, 'MB',
      `Scaled from the signals bench's 100,000-row stage. Beyond it the function is killed, retried, dead-lettered: raise EVENT_FUNCTION in infra/sizing.ts.`),
    limit('Largest file, rows', scale.largestFileRows, STACK.maxRowsPerFile, 'rows', 'A bigger sheet is refused: "The sheet has more than 300,000 rows. Split it into smaller files."'),
    limit('Largest file, size', (scale.largestFileRows * c.xlsxBytesPerRow) / MB, STACK.maxFileBytes / MB, 'MB', 'The presigned POST refuses a bigger file (content-length-range); the lender splits it.'),
    limit('API requests/s, deadline burst', requestsPerSecond + burst / a.pollSeconds, STACK.apiRateLimit, 'req/s',
      `The peak hour's requests and the burst's upload polls. The HTTP API stage's throttle (burst ${STACK.apiBurstLimit}) answers 429 beyond it, which the browser shows as an error (it resends nothing but after a 401). Raise API_THROTTLE in infra/sizing.ts, or poll less often.`),
    limit('Lambda concurrency, deadline burst', concurrency, DYNAMO.accountConcurrency, 'running',
      'No reserved concurrency: API calls beyond it get 429s, throttled S3 events are retried by Lambda for hours. Ask for a quota increase first (new accounts start lower).'),
    limit('Audit day partition, peak', (auditedPerSecond + burst) * 2 * writeUnits(c.auditEntryBytes), DYNAMO.partitionWriteUnits, 'WRU/s',
      "Every entry of a day shares pk DAY#{day} and its sort key only grows, so DynamoDB cannot split it for heat: shard the day's key when this nears."),
    limit('Digest bucket reads, deadline burst', burst * readUnits(bucket), DYNAMO.partitionReadUnits, 'RRU/s',
      `Each validation of the burst reads each of the ${n(DIGEST_BUCKETS)} buckets within about a second; one bucket's item lives in one partition.`),
    limit('Digest bucket item size', bucket / KB, DYNAMO.itemLimitBytes / KB, 'KB',
      `Reached at ${Math.round(((DYNAMO.itemLimitBytes - DIGEST_ITEM_BASE_BYTES) / c.digestBytesPerNrc) * DIGEST_BUCKETS / 1e6)} million registry NRCs: the report's transaction then fails. Raise DIGEST_BUCKETS (lambdas/data/registry-digest.ts).`),
    limit('Borrower summary item size', s.nrcBytes / KB, DYNAMO.itemLimitBytes / KB, 'KB',
      `One entry per submission naming the borrower, never trimmed (compaction not built): 400 KB in ${Math.round(yearsTo400Kb)} years at ${a.loansPerBorrower} loans, and every update's units grow with it.`),
  ].sort((x, y) => y.use - x.use);
}
