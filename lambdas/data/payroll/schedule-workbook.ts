import { crc32, deflateRawSync } from 'node:zlib';
import { rowXml, type SheetEntry, sheetXml } from './schedule-sheet.js';

/**
 * The whole-month XLSX put together from its lenders' sheets as the draw parts wrote them (decision 0219): a ZIP whose
 * entries are the workbook's few small parts, a first sheet "Schedule summary" (the title with the version and hash,
 * then a row per lender: its lines, total and sheets), and each lender's sheet entries copied as they are, never
 * inflated. A ZIP without its 64-bit extension: the workbook stays under 4 GiB (about 100 million lines).
 */

export interface SummaryLender {
  payee_key: string;
  org_name: string;
  lines: number;
  total: number;
  sheets: readonly string[];
}

/** A lender sheet's entry and where its deflated data is read from. */
export interface StoredSheet {
  entry: SheetEntry;
  body: () => Promise<AsyncIterable<Uint8Array>>;
}

const SUMMARY_SHEET = 'Schedule summary';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const STYLES = `${XML}<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

function workbookParts(sheetNames: readonly string[]): [string, string][] {
  const sheets = sheetNames.map((name, i) => `<sheet name="${attr(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  const rels = sheetNames.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('');
  const overrides = sheetNames.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${TYPE}.worksheet+xml"/>`).join('');
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="${TYPE}.styles+xml"/>${overrides}</Types>`,
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    ['xl/workbook.xml', `${XML}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets>${sheets}</sheets></workbook>`],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}<Relationship Id="rId${sheetNames.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
  ];
}

function summaryXml(title: string, lenders: readonly SummaryLender[]): string {
  const rows = [
    rowXml(1, [title]),
    rowXml(2, ['PAYEE KEY', 'LENDER', 'LINES', 'TOTAL', 'SHEETS'], true),
    ...lenders.map((l, i) => rowXml(i + 3, [l.payee_key, l.org_name, l.lines, l.total, l.sheets.join(', ')])),
  ];
  return [...sheetXml(rows, 2, [14, 32, 12, 16, 24])].join('');
}

interface Written {
  name: string;
  crc: number;
  size: number;
  compressed: number;
  offset: number;
}

const DOS_DATE = 0x21; // 1980-01-01: the same bytes whenever the workbook is put together.
function localHeader(e: Omit<Written, 'offset'>): Buffer {
  const name = Buffer.from(e.name);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x0800, 6);
  h.writeUInt16LE(8, 8);
  h.writeUInt16LE(0, 10);
  h.writeUInt16LE(DOS_DATE, 12);
  h.writeUInt32LE(e.crc >>> 0, 14);
  h.writeUInt32LE(e.compressed, 18);
  h.writeUInt32LE(e.size, 22);
  h.writeUInt16LE(name.byteLength, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, name]);
}

function centralDirectory(entries: readonly Written[], offset: number): Buffer {
  const records = entries.map((e) => {
    const name = Buffer.from(e.name);
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(20, 6);
    h.writeUInt16LE(0x0800, 8);
    h.writeUInt16LE(8, 10);
    h.writeUInt16LE(0, 12);
    h.writeUInt16LE(DOS_DATE, 14);
    h.writeUInt32LE(e.crc >>> 0, 16);
    h.writeUInt32LE(e.compressed, 20);
    h.writeUInt32LE(e.size, 24);
    h.writeUInt16LE(name.byteLength, 28);
    h.writeUInt32LE(e.offset, 42);
    return Buffer.concat([h, name]);
  });
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}

/** The workbook's bytes as they are put together: the small parts and the summary deflated here, the lender sheets streamed. */
export async function* scheduleWorkbook(title: string, lenders: readonly SummaryLender[], sheets: readonly StoredSheet[]): AsyncGenerator<Uint8Array> {
  const names = [SUMMARY_SHEET, ...sheets.map((s) => s.entry.name)];
  const small = [...workbookParts(names), ['xl/worksheets/sheet1.xml', summaryXml(title, lenders)] as [string, string]];
  const written: Written[] = [];
  let offset = 0;
  for (const [name, text] of small) {
    const bytes = Buffer.from(text);
    const data = deflateRawSync(bytes);
    const entry = { name, crc: crc32(bytes), size: bytes.byteLength, compressed: data.byteLength };
    const header = localHeader(entry);
    written.push({ ...entry, offset });
    offset += header.byteLength + data.byteLength;
    yield Buffer.concat([header, data]);
  }
  for (const [i, sheet] of sheets.entries()) {
    const entry = { ...sheet.entry, name: `xl/worksheets/sheet${i + 2}.xml` };
    const header = localHeader(entry);
    written.push({ ...entry, offset });
    yield header;
    for await (const chunk of await sheet.body()) yield chunk;
    offset += header.byteLength + entry.compressed;
  }
  yield centralDirectory(written, offset);
}
