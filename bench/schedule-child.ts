/**
 * The payroll schedule drawn in parts as its S3 events draw it (decision 0218), in a fresh process so its memory is its
 * own: `node schedule-child.mjs parts LINES LENDERS DIR` draws each lender's part (lambdas/data/payroll/schedule-part.ts)
 * over generated rows in place of the submissions' stored rows, twice: first with no frozen version (its JSONL becomes
 * the frozen lines), then measured, compared with them; `node schedule-child.mjs assemble LINES LENDERS DIR` puts the
 * month's files together from the parts in DIR (lambdas/data/payroll/schedule-assemble.ts). Files go to DIR in place of
 * S3; S3's transfers are left out. Prints { mode, lines, cpu_ms, largest_part_cpu_ms, peak_rss_mb, ... }.
 */
import { createReadStream, createWriteStream, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assembleFiles, type FileStore } from '#data/payroll/schedule-assemble.js';
import { drawnScheduleKeys } from '#data/payroll/schedule-drawn.js';
import type { LenderSources } from '#data/payroll/schedule-live.js';
import { drawLenderPart, type PartWriter } from '#data/payroll/schedule-part.js';
import { type DrawPart, type DrawRun, partKeys } from '#data/payroll/schedule-parts.js';
import type { SubmissionRecord } from '#data/submissions/submissions.js';
import { jsonLines } from '#lib/jsonl.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';

const [mode = 'parts', linesArg = '1000000', lendersArg = '10', dir = '/tmp/payroll-bench-schedule'] = process.argv.slice(2);
const lines = Number(linesArg);
const lenderCount = Number(lendersArg);
const perLender = Math.ceil(lines / lenderCount);
const month = '2026-01';
const fingerprint = 'f'.repeat(32);
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
const file = (key: string) => path.join(dir, key.replaceAll('/', '_'));
mkdirSync(dir, { recursive: true });
const store: FileStore = {
  read: (key) => createReadStream(file(key), { highWaterMark: 1_048_576 }),
  write: (key, chunks) => pipeline(chunks, createWriteStream(file(key))),
};
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const run: DrawRun = { month, fingerprint, lenders: lenders.map(({ payee_key, org_name }) => ({ payee_key, org_name })), base: null, planned_at: '' };
const partsFile = path.join(dir, 'parts.json');

if (mode === 'parts') {
  const parts: DrawPart[] = [];
  let cpu = 0;
  let largest = 0;
  for (const lender of lenders) {
    const keys = partKeys(month, fingerprint, lender.payee_key);
    const writer =
      (suffix: string): PartWriter =>
      (f, chunks) =>
        store.write(f.kind === 'sheet' ? keys.sheet(f.index) : `${keys[f.kind]}${suffix}`, chunks, '');
    await drawLenderPart(run, lender, (async function* () {})(), writer('.frozen'), rowsOf);
    const frozen = jsonLines<ScheduleLine>(createReadStream(file(`${keys.jsonl}.frozen`), { highWaterMark: 1_048_576 }));
    const started = cpuMs();
    const part = await drawLenderPart(run, lender, frozen, writer(''), rowsOf);
    const spent = cpuMs() - started;
    if (part.changes.added + part.changes.removed + part.changes.changed > 0) throw new Error('The part drawn twice differs.');
    cpu += spent;
    largest = Math.max(largest, spent);
    parts.push(part);
  }
  await pipeline([JSON.stringify(parts)], createWriteStream(partsFile));
  const sizes = (kind: 'jsonl' | 'csv') => parts.reduce((sum, p) => sum + statSync(file(partKeys(month, fingerprint, p.payee_key)[kind])).size, 0);
  console.log(
    JSON.stringify({
      mode,
      lines: parts.reduce((sum, p) => sum + p.lines, 0),
      lenders: lenderCount,
      cpu_ms: cpu,
      largest_part_cpu_ms: largest,
      largest_part_lines: Math.max(...parts.map((p) => p.lines)),
      jsonl_mb: sizes('jsonl') / 1_048_576,
      csv_mb: sizes('csv') / 1_048_576,
      xlsx_sheets_mb: parts.reduce((sum, p) => sum + p.sheets.reduce((s, e) => s + e.compressed, 0), 0) / 1_048_576,
      peak_rss_mb: process.resourceUsage().maxRSS / 1024,
    }),
  );
} else {
  const { readFileSync } = await import('node:fs');
  const parts = JSON.parse(readFileSync(partsFile, 'utf8')) as DrawPart[];
  const started = cpuMs();
  const files = await assembleFiles(run, new Map(parts.map((p) => [p.payee_key, p])), store);
  const keyOf = (kind: 'jsonl' | 'csv' | 'xlsx') => drawnScheduleKeys(month, fingerprint)[kind];
  console.log(
    JSON.stringify({
      mode,
      lines: files.lines,
      cpu_ms: cpuMs() - started,
      jsonl_mb: statSync(file(keyOf('jsonl'))).size / 1_048_576,
      csv_mb: statSync(file(keyOf('csv'))).size / 1_048_576,
      xlsx_mb: statSync(file(keyOf('xlsx'))).size / 1_048_576,
      peak_rss_mb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}
