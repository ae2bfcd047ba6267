import { csvCell, csvRow } from '#shared/rules/csv.js';
import type { LineSink, ReconciliationLine } from '#shared/rules/reconciliation.js';

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
/** Whether a text's letters are all ASCII (Latin-1 writes it byte for byte as UTF-8 would). */
const isAscii = (text: string): boolean => !/[\u0080-\uffff]/.test(text);

/** The text gathered before it is written into the buffer: a rope this long is cheap to flatten. */
const PIECE = 65_536;
/** Bytes a line takes in most files (the bench's lines take 140): the buffer's first size a line, grown by doubling. */
const LINE_BYTES = 160;

/**
 * A lender's lines as JSONL, UTF-8 bytes ready for S3 (no text of the whole file, no copy by the SDK): each line
 * JSON.stringify's (keys in ReconciliationLine's order), written out field by field as the join makes it, with no
 * object for it; amounts and statuses as they are (digits and a point; a status word). Lines joined by "\n", none
 * after the last. The text of up to PIECE characters is gathered, then written into one buffer sized for `lines`
 * lines (grown when they are longer): as Latin-1 when all of it is plain (ASCII, one byte a letter), else as UTF-8.
 */
export function jsonlSink(lines = 0): LineSink<Uint8Array> {
  let out = Buffer.allocUnsafe(Math.max(1024, lines * LINE_BYTES));
  let at = 0;
  let text = '';
  let ascii = true;
  const flush = () => {
    // A UTF-16 unit is at most three UTF-8 bytes: room for the text, whatever its letters.
    const room = at + (ascii ? text.length : text.length * 3);
    if (room > out.length) {
      const larger = Buffer.allocUnsafe(Math.max(out.length * 2, room));
      out.copy(larger, 0, 0, at);
      out = larger;
    }
    at += out.write(text, at, ascii ? 'latin1' : 'utf8');
    text = '';
    ascii = true;
  };
  return {
    add(employee_no, nrc, name, expected, applied, status, reason) {
      // Most lines' three texts are plain: written between quotes with no string made for each.
      let head: string;
      if (plain(employee_no) && plain(nrc) && plain(name)) head = `{"employee_no":"${employee_no}","nrc":"${nrc}","name":"${name}"`;
      else {
        head = `{"employee_no":${jsonOf(employee_no)},"nrc":${jsonOf(nrc)},"name":${jsonOf(name)}`;
        if (ascii) ascii = isAscii(head);
      }
      if (reason !== null && ascii) ascii = isAscii(reason);
      text += `${head},"expected":${expected},"applied":${applied},"status":"${status}","reason":${reason === null ? 'null' : JSON.stringify(reason)}}\n`;
      if (text.length >= PIECE) flush();
    },
    end() {
      flush();
      // Every line ends in a line break; the file's last has none.
      return out.subarray(0, Math.max(0, at - 1));
    },
  };
}

/** Some lines as jsonlSink writes them. */
export function lenderJsonl(lines: readonly ReconciliationLine[]): Uint8Array {
  const sink = jsonlSink();
  for (const l of lines) sink.add(l.employee_no, l.nrc, l.name, l.expected, l.applied, l.status, l.reason);
  return sink.end();
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
