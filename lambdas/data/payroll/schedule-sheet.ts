import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import { SCHEDULE_COLUMNS, scheduleCells, type ScheduleLine } from '#shared/rules/payroll-schedule.js';

/**
 * The whole-month XLSX in sheets a lender's draw part writes on its own (decision 0219): each sheet's XML, raw-deflated
 * as a ZIP entry's data, with the CRC-32 and sizes the workbook's ZIP directory needs. The assembly puts the entries
 * one after the other behind a summary sheet (schedule-workbook.ts), without inflating them.
 */

/** Excel's rows a sheet: a lender's lines beyond it (its column header on row 1) continue on its next sheet. */
export const SHEET_ROWS = 1_048_576;

/** A sheet's ZIP entry data as written: its XML's CRC-32 and size, and its deflated size. */
export interface SheetEntry {
  name: string;
  rows: number;
  crc: number;
  size: number;
  compressed: number;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// Control characters XML 1.0 cannot hold are dropped; the five markup characters escaped.
// eslint-disable-next-line no-control-regex
const xmlText = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);
const COLUMN_LETTERS = 'ABCDEFG';
const WIDTHS = [16, 14, 28, 11, 12, 12, 12];

/** A row of cells: text inline, numbers with the two-decimal style (1), `bold` the column header's style (2). */
export function rowXml(r: number, cells: readonly (string | number)[], bold = false): string {
  const cs = cells.map((value, i) => {
    const ref = `${COLUMN_LETTERS[i] ?? 'A'}${r}`;
    if (typeof value === 'number') return `<c r="${ref}" s="1"><v>${value}</v></c>`;
    return `<c r="${ref}" t="inlineStr"${bold ? ' s="2"' : ''}><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
  });
  return `<row r="${r}">${cs.join('')}</row>`;
}

/** A worksheet's XML around its rows, the first `frozenRows` kept in view. */
export function* sheetXml(rows: Iterable<string>, frozenRows: number, widths: readonly number[] = WIDTHS): Generator<string> {
  const pane = frozenRows > 0 ? `<pane ySplit="${frozenRows}" topLeftCell="A${frozenRows + 1}" activePane="bottomLeft" state="frozen"/>` : '';
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews><cols>${cols}</cols><sheetData>`;
  let batch: string[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === 1_000) {
      yield batch.join('');
      batch = [];
    }
  }
  yield `${batch.join('')}</sheetData></worksheet>`;
}

/** A lender's sheets: its name, then `name (2)`… each the column header and up to SHEET_ROWS − 1 of its lines [from, to). */
export function lenderSheets(payeeKey: string, lines: number): { name: string; from: number; to: number }[] {
  const per = SHEET_ROWS - 1;
  const count = Math.max(1, Math.ceil(lines / per));
  return Array.from({ length: count }, (_, i) => ({ name: i === 0 ? payeeKey : `${payeeKey} (${i + 1})`, from: i * per, to: Math.min(lines, (i + 1) * per) }));
}

/** One lender sheet's rows: the column header, then a line a row. */
export function* lenderRows(lines: Iterable<ScheduleLine>): Generator<string> {
  yield rowXml(1, SCHEDULE_COLUMNS, true);
  let r = 2;
  for (const line of lines) yield rowXml(r++, scheduleCells(line));
}

/** Deflates the text as it comes (raw, as a ZIP entry holds it), counting into `entry` its CRC-32 and both sizes. */
export async function* deflated(text: Iterable<string>, entry: Pick<SheetEntry, 'crc' | 'size' | 'compressed'>): AsyncGenerator<Buffer> {
  const deflate = createDeflateRaw({ level: 6 });
  const feed = async () => {
    for (const piece of text) {
      const bytes = Buffer.from(piece);
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.byteLength;
      if (!deflate.write(bytes)) await once(deflate, 'drain');
    }
    deflate.end();
  };
  const feeding = feed().catch((error: unknown) => deflate.destroy(error instanceof Error ? error : new Error(String(error))));
  for await (const out of deflate as AsyncIterable<Buffer>) {
    entry.compressed += out.byteLength;
    yield out;
  }
  await feeding;
}
