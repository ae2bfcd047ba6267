/**
 * The validation stage of one upload in a fresh process, so its peak RSS is its own:
 * `node signals-child.mjs FILE MONTH PAYEE` (the twin's endpoints in the environment) runs what the
 * validate-upload Lambda runs between reading the object and storing the result: the rules, the registry
 * check and the deduction signals (written as found), the canonical rows stored as they are read, and the CSV report. Prints { rows, signals, ms, peak_rss_mb, peak_old_mb }.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { validateDeductionFile } from '../lambdas/events/deduction-validation.js';

const [file, month, payeeKey] = process.argv.slice(2);
if (!file || !month || !payeeKey) throw new Error('Usage: signals-child FILE MONTH PAYEE');
// The old generation's use (every space but the young one), sampled: what `--max-old-space-size` holds the stage to.
let peakOld = 0;
const oldInUse = () => getHeapSpaceStatistics().reduce((sum, space) => (space.space_name.startsWith('new_') ? sum : sum + space.space_used_size), 0);
const sampleOld = () => {
  const used = oldInUse();
  if (used > peakOld) peakOld = used;
};
setInterval(sampleOld, 200).unref();
// SIGNALS_HEAP_LOG=FILE: a line every 10 s (old generation in use, its peak, RSS), so a long run is seen as it goes.
const heapLog = process.env.SIGNALS_HEAP_LOG;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
if (heapLog)
  setInterval(
    () => appendFileSync(heapLog, `${new Date().toISOString()} old ${mb(oldInUse())} MB, peak ${mb(peakOld)} MB, rss ${mb(process.memoryUsage.rss())} MB\n`),
    10_000,
  ).unref();
const bytes = readFileSync(file);
const started = performance.now();
const upload = {
  id: randomUUID(),
  doc_kind: 'inputs' as const,
  month,
  payee_key: payeeKey,
  org_id: 'bench-org',
  user_id: 'bench-user',
  user_email: 'bench@example.com',
  created_at: new Date().toISOString(),
};
const outcome = await validateDeductionFile(upload, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), async (stage) => {
  if (heapLog) appendFileSync(heapLog, `${new Date().toISOString()} stage ${stage}\n`);
  return true;
});
if (!outcome || outcome.status !== 'validated') throw new Error('The file did not validate.');
// The rows are stored as they are read, the signals' lists as they are found; the stage ends once the rows'
// object is complete and the CSV report (the issues, then the signals' lists read back in row order) is written.
await Promise.all([outcome.rows.complete(), outcome.signals?.written.writeReport(outcome.issues)]);
const ms = performance.now() - started;
console.log(
  JSON.stringify({
    rows: outcome.summary.parsed_rows,
    signals: Object.entries(outcome.signals?.counts ?? {}).reduce((sum, [kind, n]) => (kind === 'continuing' || kind === 'joined' ? sum : sum + n), 0),
    ms,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
    peak_old_mb: (sampleOld(), peakOld / 2 ** 20),
  }),
);
