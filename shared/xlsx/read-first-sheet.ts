import { assertZipContainer } from './container.js';
import { SpreadsheetError, spreadsheetErrors } from './errors.js';
import { type PartInflater, readSharedStrings } from './shared-strings.js';
import { SheetRowScanner, type SheetRow } from './sheet-scanner.js';
import { locateFirstSheet } from './workbook.js';
import { InflateBudget, inflateEntry, openZip, type ZipArchive, type ZipEntry } from './zip.js';

export interface ReadOptions {
  /** Rows holding a value allowed in the sheet (the spec's 300,000, raised to hold a lender ten times today's largest with room). */
  maxRows?: number;
  /** Bytes the parts read may inflate to in all, checked while inflating: the zip-bomb guard. */
  maxInflatedBytes?: number;
}

export interface FirstSheetReader {
  /** The workbook counts dates from 1904 (old Mac Excel); date serials are left to the rules to convert. */
  date1904: boolean;
  /** Every <row> element of the sheet, in order, streamed as it is inflated; iterating again reads again. */
  rows: Iterable<SheetRow>;
}

export const DEFAULT_MAX_ROWS = 1_500_000;
/** The zip-bomb guard: a sheet of DEFAULT_MAX_ROWS rows inflates to about 600 MB (sheet XML and shared strings). */
export const DEFAULT_MAX_INFLATED_BYTES = 1_024 * 1_048_576;

/** Anything thrown while reading a hostile file (a RangeError from a bad offset, an inflate error) is a damaged file. */
export function asSpreadsheetError(error: unknown): SpreadsheetError {
  return error instanceof SpreadsheetError ? error : spreadsheetErrors.corrupt();
}

/**
 * Reads the first worksheet of an .xlsx: the package and shared strings now (so a file that is no workbook
 * fails here), the rows lazily. Pure TypeScript over fflate, for the browser worker (the Lambda and the CLI
 * stream the sheet through Node's zlib instead: lambdas/validation/stream-driver.ts).
 * Throws SpreadsheetError, from here or from the iteration, with a message for the person who sent the file.
 */
export function readFirstSheet(data: Uint8Array, opts: ReadOptions = {}): FirstSheetReader {
  const { date1904, zip, sheet, sharedStrings, budget, maxRows } = openFirstSheet(data, opts);
  return {
    date1904,
    rows: { [Symbol.iterator]: () => scanRows(zip, sheet, sharedStrings, budget.fork(), maxRows) },
  };
}

/** The first sheet located, its shared strings read, its rows not yet: what a row reader starts from. */
export interface OpenedSheet {
  date1904: boolean;
  zip: ZipArchive;
  sheet: ZipEntry;
  sharedStrings: readonly string[];
  budget: InflateBudget;
  maxRows: number;
}

export function openFirstSheet(data: Uint8Array, opts: ReadOptions = {}, inflateSharedStrings?: PartInflater): OpenedSheet {
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS;
  const budget = new InflateBudget(opts.maxInflatedBytes ?? DEFAULT_MAX_INFLATED_BYTES);
  assertZipContainer(data);
  try {
    const zip = openZip(data);
    const book = locateFirstSheet(zip, budget);
    const declared = book.parts.reduce((sum, part) => sum + part.size, 0);
    if (declared > budget.limit) throw spreadsheetErrors.tooLarge(budget.limit);
    const sharedStrings = book.sharedStrings ? readSharedStrings(zip, book.sharedStrings, budget, inflateSharedStrings) : [];
    return { date1904: book.date1904, zip, sheet: book.sheet, sharedStrings, budget, maxRows };
  } catch (error) {
    throw asSpreadsheetError(error);
  }
}

function* scanRows(
  zip: ZipArchive,
  sheet: ZipEntry,
  sharedStrings: readonly string[],
  budget: InflateBudget,
  maxRows: number,
): Generator<SheetRow, void, undefined> {
  const scanner = new SheetRowScanner(sharedStrings, maxRows);
  const { rows } = scanner;
  try {
    for (const chunk of inflateEntry(zip, sheet, budget)) {
      scanner.feed(chunk);
      for (let i = 0; i < rows.length; i++) yield rows[i] as SheetRow;
      rows.length = 0;
      if (scanner.done) return;
    }
    scanner.feed(new Uint8Array(0), true);
    scanner.finish();
    for (let i = 0; i < rows.length; i++) yield rows[i] as SheetRow;
    rows.length = 0;
  } catch (error) {
    throw asSpreadsheetError(error);
  }
}
