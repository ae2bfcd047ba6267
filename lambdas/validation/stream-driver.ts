import { createInflateRaw, inflateRawSync } from 'node:zlib';
import type { AppliedRow, FirstRows } from '#shared/rules/applied.js';
import { isMonth } from '#shared/rules/dates.js';
import type { RegisterEmployee } from '#shared/rules/register.js';
import { spreadsheetErrors } from '#shared/xlsx/errors.js';
import { SpreadsheetError } from '#shared/xlsx/errors.js';
import { asSpreadsheetError, openFirstSheet, type OpenedSheet, type ReadOptions } from '#shared/xlsx/read-first-sheet.js';
import type { PartInflater } from '#shared/xlsx/shared-strings.js';
import { SheetRowScanner, type SheetRow } from '#shared/xlsx/sheet-scanner.js';
import { AppliedSheetValidation, type AppliedValidation } from '#shared/xlsx/validate-applied.js';
import { RegisterSheetValidation, type RegisterValidation } from '#shared/xlsx/validate-register.js';
import { fileLevel, SheetValidation, type WorkbookValidation, type WorkbookValidationOptions } from '#shared/xlsx/validate-workbook.js';
import { entryData, inflateEntry } from '#shared/xlsx/zip.js';

/*
 * The validation driver of the Node side (the validation Lambda and the CLI): the same sheet scanner and
 * rules as the browser's worker (shared/xlsx), fed by Node's native zlib instead of fflate.
 */

/** Inflated bytes handed to the scanner at a time. */
const CHUNK = 256 * 1024;

/**
 * The sheet's rows, a chunk's worth at a time, inflated by Node's native zlib as a stream: the same
 * scanner and the same budget (zip-bomb guard) as the pure-JavaScript reader the browser uses, at a
 * quarter of its inflating cost. Node only (the Lambda and the CLI); measured by `npm run bench -- --only parse`.
 */
async function* nativeRows({ zip, sheet, sharedStrings, budget, maxRows }: OpenedSheet): AsyncGenerator<SheetRow[], void, undefined> {
  if (sheet.flags & 1) throw spreadsheetErrors.encrypted();
  if (sheet.method !== 0 && sheet.method !== 8) throw spreadsheetErrors.corrupt();
  const raw = entryData(zip, sheet);
  const scanner = new SheetRowScanner(sharedStrings, maxRows);
  const take = () => scanner.rows.splice(0);
  if (sheet.method === 0 || raw.length === 0) {
    if (sheet.method === 8 && sheet.size !== 0) throw spreadsheetErrors.corrupt();
    for (let at = 0; at < raw.length && !scanner.done; at += CHUNK) {
      const chunk = raw.subarray(at, at + CHUNK);
      budget.spend(chunk.length);
      scanner.feed(chunk);
      yield take();
    }
  } else {
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    inflater.end(raw);
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        budget.spend(chunk.length);
        scanner.feed(chunk);
        yield take();
        if (scanner.done) break;
      }
    } catch (error) {
      // zlib's own errors (bad data, unexpected end of file) mean a damaged workbook.
      throw error instanceof SpreadsheetError ? error : spreadsheetErrors.corrupt();
    } finally {
      inflater.destroy();
    }
  }
  if (!scanner.done) {
    scanner.feed(new Uint8Array(0), true);
    scanner.finish();
  }
  yield take();
}

/**
 * The most a part inflated whole is given at once. With its declared size (a hint, never trusted for the limit)
 * zlib fills one buffer instead of a thousand 16 KB ones joined at the end: less copying and a lower peak.
 */
const WHOLE_CHUNK_MAX = 16 * 1_048_576;

/**
 * The shared strings in one native call: they are held whole in memory anyway (as the string table), and
 * zlib stops at the budget's remaining bytes (maxOutputLength), so a zip bomb still stops at the limit.
 */
const nativeWhole: PartInflater = (zip, entry, budget) => {
  if (entry.flags & 1 || entry.method !== 8) return inflateEntry(zip, entry, budget);
  let bytes: Buffer;
  try {
    const chunkSize = Math.min(Math.max(entry.size + 1024, 16 * 1024), WHOLE_CHUNK_MAX);
    bytes = inflateRawSync(entryData(zip, entry), { chunkSize, maxOutputLength: Math.max(1, budget.limit - budget.spent + 1) });
  } catch (error) {
    throw (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? spreadsheetErrors.tooLarge(budget.limit) : spreadsheetErrors.corrupt();
  }
  budget.spend(bytes.length);
  return [bytes];
};

/**
 * The first sheet's rows handed to `push` as Node's zlib inflates them; `drain` is awaited after each
 * inflated chunk's rows, so whatever takes them (an upload in parts) holds the reading back rather than
 * the rows piling up. Throws SpreadsheetError for a file that cannot be read.
 */
async function streamFirstSheet<T>(
  data: Uint8Array,
  opts: ReadOptions,
  start: (date1904: boolean) => { push(row: SheetRow): void; result(): T },
  drain?: () => Promise<void>,
): Promise<T> {
  const opened = openFirstSheet(data, opts, nativeWhole);
  const validation = start(opened.date1904);
  try {
    for await (const rows of nativeRows({ ...opened, budget: opened.budget.fork() })) {
      for (const row of rows) validation.push(row);
      if (drain) await drain();
    }
  } catch (error) {
    throw asSpreadsheetError(error);
  }
  return validation.result();
}

/**
 * validateWorkbook for Node: the same checks, the same answers (a unit test holds the two to it),
 * with the sheet inflated by native zlib. A file that cannot be read gives one file-level error.
 * With `onRow` (the canonical rows handed on), `drain` is awaited after each inflated chunk's rows.
 */
export async function validateWorkbookStreamed(data: Uint8Array, opts: WorkbookValidationOptions, drain?: () => Promise<void>): Promise<WorkbookValidation> {
  if (!isMonth(opts.month)) throw new RangeError('Month must be in YYYY-MM format.');
  try {
    return await streamFirstSheet(data, opts, (date1904) => new SheetValidation({ ...opts, date1904 }), drain);
  } catch (error) {
    if (error instanceof SpreadsheetError) return fileLevel(error.message, error.code);
    throw error;
  }
}

/**
 * A payroll register's checks, streamed the same way: each employee without an error handed to
 * `onEmployee` as it is read. A file that cannot be read gives one file-level error.
 */
export async function validateRegisterStreamed(
  data: Uint8Array,
  onEmployee: (employee: RegisterEmployee, rowNumber: number) => void,
  drain?: () => Promise<void>,
): Promise<RegisterValidation> {
  try {
    return await streamFirstSheet(data, {}, () => new RegisterSheetValidation(onEmployee), drain);
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    const { errors } = fileLevel(error.message, error.code);
    return { headers: [], row_count: 0, employees: 0, errors, preview: [] };
  }
}

/**
 * An applied deductions file's checks, streamed the same way: each row without an error handed to `index.add` as
 * it is read, the duplicate check kept in the index. A file that cannot be read gives one file-level error.
 */
export async function validateAppliedStreamed(data: Uint8Array, index: FirstRows & { add(row: AppliedRow): void }): Promise<AppliedValidation> {
  try {
    return await streamFirstSheet(data, {}, () => new AppliedSheetValidation((row) => index.add(row), index));
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    const { errors } = fileLevel(error.message, error.code);
    return { headers: [], row_count: 0, rows: 0, errors, preview: [] };
  }
}

/** The first sheet's rows read and dropped, nothing checked: what reading a workbook costs alone (the benches' floor). */
export async function readFirstSheetRows(data: Uint8Array, onRow: (row: SheetRow) => void): Promise<void> {
  await streamFirstSheet(data, {}, () => ({ push: onRow, result: () => undefined }));
}
