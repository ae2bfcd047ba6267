/**
 * One measurement in a fresh process, so each starts cold and its peak RSS is its own:
 * `node parse-child.mjs MODE FILE` prints { rows, ms, peak_rss_mb }. Bundled by esbuild first, as the Lambda is.
 */
import { readFileSync } from 'node:fs';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { borrowersOf } from '#shared/rules/signal-borrowers.js';
import { readFirstSheet } from '#shared/xlsx/read-first-sheet.js';
import { fraudFlagsFor, validateWorkbook } from '#shared/xlsx/validate-workbook.js';
import { FileBorrowers } from '../lambdas/events/file-borrowers.js';
import { validateWorkbookStreamed } from '../lambdas/validation/stream-driver.js';
import { floorRows } from './parse-floor.js';

/** As lambdas/adapters/s3-json-array-upload.ts holds a part: rows' JSON text, sent on (here: dropped) every 8 MB. */
function partBuffer() {
  let texts: string[] = [];
  let size = 0;
  return {
    push(row: CanonicalRow) {
      const text = JSON.stringify(row);
      texts.push(text);
      size += text.length;
    },
    async drain() {
      if (size < 8 * 1_048_576) return;
      Buffer.from(texts.join(','));
      texts = [];
      size = 0;
    },
  };
}

/**
 * The Lambda's validation of a file, kept in memory as it is now ('lambda-stream': each row to an 8 MB part
 * and the compact borrower table, then dropped) or as it was ('lambda-kept': every row kept, the borrowers
 * made of them, rows.json as one text). No AWS: the memory of what validation holds, not of its calls.
 */
async function lambdaValidation(mode: 'lambda-stream' | 'lambda-kept', data: Uint8Array, month: string, payeeKey: string) {
  if (mode === 'lambda-kept') {
    const result = await validateWorkbookStreamed(data, { kind: 'inputs', month, payeeKey, collectRows: true });
    const borrowers = borrowersOf(result.rows, result.row_numbers);
    const text = JSON.stringify(result.rows);
    if (borrowers.size === 0 || text.length === 0) throw new Error('The rows were not held.');
    return { rows: result.row_count, errors: result.errors.length };
  }
  const part = partBuffer();
  const borrowers = new FileBorrowers();
  const onRow = (row: CanonicalRow, rowNumber: number) => {
    part.push(row);
    borrowers.add(row, rowNumber);
  };
  const result = await validateWorkbookStreamed(data, { kind: 'inputs', month, payeeKey, onRow }, () => part.drain());
  if (borrowers.size === 0) throw new Error('The borrowers were not kept.');
  return { rows: result.row_count, errors: result.errors.length };
}

export type ChildMode = 'validate' | 'validate-no-rows' | 'read' | 'floor' | 'exceljs' | 'lambda-stream' | 'lambda-kept';
export interface ChildResult {
  rows: number;
  errors: number;
  /** Wall-clock time of the measured work. */
  ms: number;
  /** CPU time of the whole process over the same span (all threads: background GC and compilation included). */
  cpu_ms: number;
  peak_rss_mb: number;
}

/** Starts the clocks; the function returned reads both. */
function clocks(): () => { ms: number; cpu_ms: number } {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(cpu);
    return { ms: performance.now() - wall, cpu_ms: (user + system) / 1000 };
  };
}

async function measure(mode: ChildMode, file: string, month: string, payeeKey: string): Promise<Omit<ChildResult, 'peak_rss_mb'>> {
  if (mode === 'exceljs') {
    // Loaded only here: exceljs alone adds tens of MB to a process's memory, which must not count against ours.
    const { default: ExcelJS } = await import('exceljs');
    const stop = clocks();
    // The most favourable settings for exceljs: no styles (we need none either), shared strings cached.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      sharedStrings: 'cache',
      styles: 'ignore',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    let rows = 0;
    for await (const worksheet of reader) {
      for await (const _row of worksheet) rows++;
      break;
    }
    return { rows: rows - 1, errors: 0, ...stop() };
  }
  const bytes = readFileSync(file);
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const stop = clocks();
  if (mode === 'lambda-stream' || mode === 'lambda-kept') {
    return { ...(await lambdaValidation(mode, data, month, payeeKey)), ...stop() };
  }
  if (mode === 'floor') return { rows: await floorRows(data), errors: 0, ...stop() };
  if (mode === 'read') {
    let rows = 0;
    for (const _row of readFirstSheet(data).rows) rows++;
    return { rows: rows - 1, errors: 0, ...stop() };
  }
  const options = { kind: 'inputs' as const, month, payeeKey, collectRows: mode !== 'validate-no-rows' };
  // 'validate' is the Lambda's path (Node's native zlib); 'validate-no-rows' the browser worker's (pure JavaScript).
  const result = mode === 'validate' ? await validateWorkbookStreamed(data, options) : validateWorkbook(data, options);
  // The Lambda asks for the rows of the registry's hits to place FRAUD flags: here, one in a hundred NRCs.
  if (mode === 'validate') {
    const hits = new Set(result.nrcs.filter((_, i) => i % 100 === 0));
    if (fraudFlagsFor(result, hits).length !== hits.size) throw new Error('The FRAUD flags do not match the hits.');
  }
  const time = stop();
  if (mode === 'validate' && result.rows.length !== result.row_count) throw new Error(`Only ${result.rows.length} of ${result.row_count} rows were canonical.`);
  return { rows: result.row_count, errors: result.errors.length, ...time };
}

const [mode, file, month = '2026-03', payeeKey = 'A001'] = process.argv.slice(2);
if (!mode || !file) throw new Error('Usage: parse-child MODE FILE [MONTH] [PAYEE]');
const result = await measure(mode as ChildMode, file, month, payeeKey);
const output: ChildResult = { ...result, peak_rss_mb: process.resourceUsage().maxRSS / 1024 };
console.log(JSON.stringify(output));
