/**
 * The validation stage of one upload in a fresh process, so its peak RSS is its own:
 * `node signals-child.mjs FILE MONTH PAYEE` (the twin's endpoints in the environment) runs what the
 * validate-upload Lambda runs between reading the object and storing the result: the rules, the registry
 * check and the deduction signals (written as found), the canonical rows stored as they are read, and the CSV report. Prints { rows, signals, ms, peak_rss_mb }.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { validateDeductionFile } from '../lambdas/events/deduction-validation.js';

const [file, month, payeeKey] = process.argv.slice(2);
if (!file || !month || !payeeKey) throw new Error('Usage: signals-child FILE MONTH PAYEE');
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
const outcome = await validateDeductionFile(upload, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), async () => true);
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
  }),
);
