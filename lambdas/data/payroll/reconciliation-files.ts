import { csvCell, csvRow } from '#shared/rules/csv.js';
import type { ReconciliationLine } from '#shared/rules/reconciliation.js';

/*
 * The text of a lender's reconciliation files: its lines as JSONL (written by the applied file's validation, read
 * back by the screen, the statements and history) and as CSV (what people download, made from the JSONL's lines on
 * the first download: ./reconciliation.ts lenderCsvLink).
 */

const CSV_HEADER = ['EMPLOYEE NUMBER', 'NRC', 'NAME', 'PAYEE KEY', 'EXPECTED', 'APPLIED', 'STATUS', 'REASON'];

/**
 * Whether a text is written as it is both in JSON (between quotes) and in CSV: printable ASCII without a quote, a
 * backslash or a comma, not starting like a formula. Employee numbers, NRCs and most names are.
 */
function plain(text: string): boolean {
  const first = text.charCodeAt(0);
  if (first === 0x3d || first === 0x2b || first === 0x2d || first === 0x40) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c || code === 0x2c) return false;
  }
  return true;
}

/** A text's JSON and CSV forms: JSON.stringify's and csvCell's, computed only for a text that is not plain. */
const jsonOf = (text: string): string => (plain(text) ? `"${text}"` : JSON.stringify(text));
const csvOf = (text: string): string => (plain(text) ? text : csvCell(text));

/** Bytes a line takes in most files (the bench's lines take 140): the buffer's first size, grown by doubling. */
const LINE_BYTES = 160;

/**
 * One lender's lines as JSONL, UTF-8 bytes ready for S3 (no text of the whole file, no copy by the SDK): each line
 * JSON.stringify's (keys in ReconciliationLine's order), written out field by field into one growing buffer; amounts
 * and statuses as they are (digits and a point; a status word). Lines joined by "\n", none after the last.
 */
export function lenderJsonl(lines: readonly ReconciliationLine[]): Uint8Array {
  let out = Buffer.allocUnsafe(Math.max(1024, lines.length * LINE_BYTES));
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const tail = `,"expected":${l.expected},"applied":${l.applied},"status":"${l.status}","reason":${l.reason === null ? 'null' : JSON.stringify(l.reason)}}`;
    // Most lines' three texts are plain: written between quotes with no string made for each.
    const text =
      plain(l.employee_no) && plain(l.nrc) && plain(l.name)
        ? `{"employee_no":"${l.employee_no}","nrc":"${l.nrc}","name":"${l.name}"${tail}`
        : `{"employee_no":${jsonOf(l.employee_no)},"nrc":${jsonOf(l.nrc)},"name":${jsonOf(l.name)}${tail}`;
    // A UTF-16 unit is at most three UTF-8 bytes: room for the line and its line break, whatever its letters.
    const room = at + text.length * 3 + 1;
    if (room > out.length) {
      const larger = Buffer.allocUnsafe(Math.max(out.length * 2, room));
      out.copy(larger, 0, 0, at);
      out = larger;
    }
    if (i > 0) out[at++] = 0x0a;
    at += out.write(text, at, 'utf8');
  }
  return out.subarray(0, at);
}

/** One lender's lines as CSV (a byte-order mark for Excel, CRLF after each row), the payee key on every row. */
export function lenderCsv(payeeKey: string, lines: readonly ReconciliationLine[]): string {
  const csv: string[] = new Array(lines.length + 1);
  csv[0] = `\uFEFF${csvRow(CSV_HEADER)}`;
  const key = csvCell(payeeKey);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    csv[i + 1] =
      `${csvOf(l.employee_no)},${csvOf(l.nrc)},${csvOf(l.name)},${key},${l.expected.toFixed(2)},${l.applied.toFixed(2)},${l.status},${l.reason === null ? '' : csvCell(l.reason)}`;
  }
  return `${csv.join('\r\n')}\r\n`;
}
