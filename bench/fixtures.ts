import { strToU8, Zip, ZipDeflate } from 'fflate';

/** A sheet of the package: its XML (whole, or in pieces for big sheets) and where it lives under xl/. */
export interface SheetPart {
  name: string;
  xml: string | Iterable<string>;
  /** Under xl/, default worksheets/sheet{n}.xml. */
  path?: string;
}

export interface WorkbookParts {
  sheets: SheetPart[];
  sharedStrings?: readonly string[];
  date1904?: boolean;
  /** Replace or add parts by full name ('xl/workbook.xml'); null leaves a part out. */
  override?: Record<string, string | Uint8Array | null>;
  /** Deflate level, 6 (Excel's) unless a test needs speed more than size. */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A worksheet document around rows written as <row> XML, with the namespaces Excel declares. */
export function worksheetXml(rowsXml: string): string {
  return `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"><sheetData>${rowsXml}</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
}

/** Cell styles: 0 general, 1 a date (built-in format 14), 2 an amount (#,##0.00). */
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;

function sharedStringsXml(strings: readonly string[]): string {
  const items = strings.map((text) => `<si><t${/^\s|\s$/.test(text) ? ' xml:space="preserve"' : ''}>${escapeXml(text)}</t></si>`).join('');
  return `${XML_HEAD}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${items}</sst>`;
}

/**
 * An .xlsx package as Excel lays it out, zipped with fflate's streaming Zip (which writes data descriptors,
 * as streaming writers do). Fast enough for a 250,000-row sheet and exact enough to hand-craft edge cases.
 */
export function packWorkbook(parts: WorkbookParts): Uint8Array {
  const paths = parts.sheets.map((sheet, i) => sheet.path ?? `worksheets/sheet${i + 1}.xml`);
  const sheetRels = paths.map((path, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="${path}"/>`);
  const n = parts.sheets.length;
  const otherRels = [`<Relationship Id="rId${n + 1}" Type="${REL}/styles" Target="styles.xml"/>`];
  if (parts.sharedStrings) otherRels.push(`<Relationship Id="rId${n + 2}" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
  const files: Record<string, string | Iterable<string> | Uint8Array | null> = {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${paths.map((path) => `<Override PartName="/xl/${path}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${parts.sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr${parts.date1904 ? ' date1904="1"' : ''}/><sheets>${parts.sheets.map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    // Listed last-first, so a reader that takes the first relationship instead of the first <sheet> is caught out.
    'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${[...otherRels, ...sheetRels.reverse()].join('')}</Relationships>`,
    'xl/styles.xml': STYLES,
  };
  if (parts.sharedStrings) files['xl/sharedStrings.xml'] = sharedStringsXml(parts.sharedStrings);
  parts.sheets.forEach((sheet, i) => (files[`xl/${paths[i]}`] = sheet.xml));
  Object.assign(files, parts.override);
  return zipFiles(files, parts.level);
}

/** Zips the files in order, each deflated as a stream of pieces; null entries are left out. */
export function zipFiles(files: Record<string, string | Iterable<string> | Uint8Array | null>, level: WorkbookParts['level'] = 6): Uint8Array {
  const out: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.push(chunk);
  });
  for (const [name, content] of Object.entries(files)) {
    if (content === null) continue;
    const file = new ZipDeflate(name, { level });
    zip.add(file);
    if (content instanceof Uint8Array) file.push(content, true);
    else if (typeof content === 'string') file.push(strToU8(content), true);
    else {
      for (const piece of content) file.push(strToU8(piece));
      file.push(new Uint8Array(0), true);
    }
  }
  zip.end();
  const all = new Uint8Array(out.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of out) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

export const INPUTS_HEADER = ['EMPLOYEE NUMBER', 'NRC', 'START DATE', 'END DATE', 'INSTALLMENT', 'PAYEE KEY', 'FIRST NAME', 'LAST NAME'];
const FIRST_NAMES = ['Mwila', 'Chanda', 'Bwalya', 'Mutale', 'Natasha', 'Joseph', 'Grace', 'Kelvin', 'Memory', 'Lweendo', 'Thandiwe', 'Musonda'];
const LAST_NAMES = ['Banda', 'Phiri', 'Mulenga', 'Tembo', 'Zulu', 'Lungu', 'Mwanza', 'Sakala', 'Daka', 'Chileshe', 'Ngoma', 'Kabwe'];

/** Excel's 1900-system serial of a calendar day (valid from 1900-03-01). */
export function excelSerial(year: number, month: number, day: number): number {
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(1899, 11, 30)) / 86_400_000);
}

export interface InputsFileOptions {
  rows: number;
  /** YYYY-MM; every row is valid for it. */
  month: string;
  payeeKey: string;
  /** Added to every row's employee number and NRC, so several files hold different borrowers. */
  offset?: number;
  /** With it, a MANDATE column: the mandate number borrower `b` cites (null: a blank cell). */
  mandateOf?: (b: number) => string | null;
}

/**
 * A valid inputs file shaped like Excel's own output: text in shared strings (employee numbers and NRCs unique,
 * so the table is as big as it gets), dates as serials with a date style, amounts with two decimals.
 */
export function generateInputsWorkbook({ rows, month, payeeKey, offset = 0, mandateOf }: InputsFileOptions): Uint8Array {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = excelSerial(year, monthNumber, 1);
  const ends = Array.from({ length: 36 }, (_, i) => excelSerial(year, monthNumber + i + 1, 0));
  const strings = [...INPUTS_HEADER, payeeKey, ...FIRST_NAMES, ...LAST_NAMES];
  const payeeIndex = INPUTS_HEADER.length;
  const firstIndex = payeeIndex + 1;
  const lastIndex = firstIndex + FIRST_NAMES.length;
  const cellRef = (column: string, row: number) => `${column}${row}`;
  const mandateHeader = mandateOf ? `<c r="I1" t="s"><v>${strings.push('MANDATE') - 1}</v></c>` : '';
  const header = `<row r="1" spans="1:8" x14ac:dyDescent="0.25">${INPUTS_HEADER.map((_, i) => `<c r="${cellRef('ABCDEFGH'[i] ?? 'A', 1)}" t="s"><v>${i}</v></c>`).join('')}${mandateHeader}</row>`;
  const mandateCell = (b: number, r: number) => {
    const number = mandateOf?.(b);
    return number ? `<c r="I${r}" t="s"><v>${strings.push(number) - 1}</v></c>` : '';
  };

  function* rowsXml(): Generator<string> {
    yield header;
    let piece = '';
    for (let i = 0; i < rows; i++) {
      const r = i + 2;
      // Everything about a borrower follows its number (offset + i), so two files sharing borrowers agree on them.
      const b = offset + i;
      const employee = strings.push(`EC${String(1_000_000 + b)}`) - 1;
      const nrc = strings.push(`${String(100_000 + b)}/${String(10 + (b % 90))}/${1 + (b % 9)}`) - 1;
      const amount = 150 + (b % 4_850) + (b % 4) * 0.25;
      piece +=
        `<row r="${r}" spans="1:8" x14ac:dyDescent="0.25">` +
        `<c r="A${r}" t="s"><v>${employee}</v></c><c r="B${r}" t="s"><v>${nrc}</v></c>` +
        `<c r="C${r}" s="1"><v>${start}</v></c><c r="D${r}" s="1"><v>${ends[i % ends.length]}</v></c>` +
        `<c r="E${r}" s="2"><v>${amount}</v></c><c r="F${r}" t="s"><v>${payeeIndex}</v></c>` +
        `<c r="G${r}" t="s"><v>${firstIndex + (b % FIRST_NAMES.length)}</v></c><c r="H${r}" t="s"><v>${lastIndex + ((b * 7) % LAST_NAMES.length)}</v></c>${mandateCell(b, r)}</row>`;
      if (piece.length > 1 << 20) {
        yield piece;
        piece = '';
      }
    }
    yield piece;
  }

  const [head, tail] = worksheetXml('\u0000').split('\u0000') as [string, string];
  // The sheet's rows fill the string table as they are written, so the sheet is built before the table is zipped.
  const sheetPieces = [head, ...rowsXml(), tail];
  return packWorkbook({ sheets: [{ name: `Inputs ${month}`, xml: sheetPieces }], sharedStrings: strings });
}
