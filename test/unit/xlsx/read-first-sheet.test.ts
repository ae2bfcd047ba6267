import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readFirstSheet, type SheetRow } from '#shared/xlsx/index.js';
import { SheetRowScanner } from '#shared/xlsx/sheet-scanner.js';
import { packWorkbook, worksheetXml } from '../../../bench/fixtures.js';
import { sheetWithRows } from '../../fixtures/xlsx-fixtures.js';

const rowsOf = (data: Uint8Array): SheetRow[] => [...readFirstSheet(data).rows];
const cellsOf = (data: Uint8Array) => rowsOf(data).map((row) => row.cells);

describe('readFirstSheet', () => {
  it('reads every cell type: numbers, shared, inline and formula strings, booleans, errors, ISO dates', () => {
    // Prepare
    const file = sheetWithRows(
      '<row r="1"><c r="A1"><v>42</v></c><c r="B1" t="n"><v>-1.5</v></c><c r="C1"><v>1.2345678901234567E-3</v></c>' +
        '<c r="D1" t="s"><v>1</v></c><c r="E1" t="inlineStr"><is><t>inline</t></is></c><c r="F1" t="str"><f>A1&amp;"x"</f><v>42x</v></c>' +
        '<c r="G1" t="b"><v>1</v></c><c r="H1" t="b"><v>0</v></c><c r="I1" t="e"><v>#N/A</v></c><c r="J1" t="d"><v>2026-03-01T00:00:00</v></c>' +
        '<c r="K1"><f>SUM(A1:B1)</f><v>40.5</v></c><c r="L1" s="3"/><c r="M1" t="s"><v>99</v></c></row>',
      { sharedStrings: ['zero', 'one'] },
    );
    // Act
    const [cells] = cellsOf(file);
    // Assess
    expect(cells).toEqual([42, -1.5, 0.0012345678901234567, 'one', 'inline', '42x', true, false, '#N/A', '2026-03-01T00:00:00', 40.5]);
  });

  it('reads decimals exactly as Number() does', () => {
    const values = ['0.1', '1234.5', '-0.25', '46082', '999999999999999', '1.7976931348623157E308', '4.5999999999999996', '1e-7', '  7 '];
    const file = sheetWithRows(`<row r="1">${values.map((value) => `<c><v>${value}</v></c>`).join('')}</row>`);
    expect(cellsOf(file)[0]).toEqual(values.map((value) => Number(value)));
  });

  it('decodes entities, character references and _xHHHH_ escapes, and keeps spaces', () => {
    const file = sheetWithRows(
      '<row r="1"><c t="inlineStr"><is><t xml:space="preserve">  A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos; </t></is></c>' +
        '<c t="inlineStr"><is><t>line&#10;break &#x263A; &#128512;</t></is></c>' +
        '<c t="inlineStr"><is><t>a_x000D_b _x005F_x0041_</t></is></c>' +
        '<c t="inlineStr"><is><t>&unknown; &amp;amp;</t></is></c>' +
        '<c t="inlineStr"><is><t>Chilufya Mwansa – Lusaka</t></is></c></row>',
    );
    expect(cellsOf(file)[0]).toEqual(['  A & B <c> "d" \'e\' ', 'line\nbreak ☺ 😀', 'a\rb _x0041_', '&unknown; &amp;', 'Chilufya Mwansa – Lusaka']);
  });

  it('joins rich-text runs and leaves out phonetic guides, in shared and inline strings', () => {
    const shared = [
      '<r><rPr><b/></rPr><t>Ja</t></r><r><t xml:space="preserve">ne </t></r><r><t>Banda</t></r>',
      '<t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh>',
    ];
    const sst = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${shared.map((item) => `<si>${item}</si>`).join('')}<si/><si><t><![CDATA[a<b]]></t></si></sst>`;
    const file = sheetWithRows(
      '<row r="1"><c t="s"><v>0</v></c><c t="s"><v>1</v></c><c t="s"><v>2</v></c><c t="s"><v>3</v></c>' +
        '<c t="inlineStr"><is><r><t>in</t></r><r><rPr><i/></rPr><t>line</t></r><rPh><t>x</t></rPh></is></c></row>',
      { sharedStrings: ['placeholder'], override: { 'xl/sharedStrings.xml': sst } },
    );
    expect(cellsOf(file)[0]).toEqual(['Jane Banda', '漢字', '', 'a<b', 'inline']);
  });

  it('places cells by reference in sparse rows and numbers rows as the sheet does', () => {
    const file = sheetWithRows('<row r="2"><c r="B2"><v>1</v></c><c r="AB2"><v>2</v></c></row><row r="7" spans="1:3"><c r="XFD7"><v>3</v></c></row>');
    const rows = rowsOf(file);
    expect(rows.map((row) => row.rowNumber)).toEqual([2, 7]);
    expect(rows[0]?.cells).toEqual([null, 1, ...Array<null>(25).fill(null), 2]);
    expect(rows[1]?.cells).toHaveLength(16_384);
    expect(rows[1]?.cells[16_383]).toBe(3);
  });

  it('positions cells without r= after the previous cell and rows without r= after the previous row', () => {
    const file = sheetWithRows(
      '<row><c><v>1</v></c><c><v>2</v></c></row><row r="5"><c r="C5"><v>3</v></c><c><v>4</v></c></row><row><c t="inlineStr"><is><t>x</t></is></c></row>',
    );
    expect(rowsOf(file)).toEqual([
      { rowNumber: 1, cells: [1, 2] },
      { rowNumber: 5, cells: [null, null, 3, 4] },
      { rowNumber: 6, cells: ['x'] },
    ]);
  });

  it('yields every row element, empty and self-closing ones included', () => {
    const file = sheetWithRows('<row r="1" ht="20" customHeight="1"/><row r="2"><c r="A2" s="1"/></row><row r="3"><c r="A3"><v>1</v></c></row>');
    expect(rowsOf(file)).toEqual([
      { rowNumber: 1, cells: [] },
      { rowNumber: 2, cells: [] },
      { rowNumber: 3, cells: [1] },
    ]);
  });

  it('reads namespace-prefixed markup, comments, white space and attributes in any order or quoting', () => {
    const xml =
      '<?xml version="1.0"?>\n<!-- written by a .NET tool -->\n<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\n  <x:sheetData>\n' +
      "    <x:row r='1'>\n      <x:c t='inlineStr' r='B1'><x:is><x:t>prefixed</x:t></x:is></x:c>\n      <x:c s=\"2\" r=\"C1\" ><!-- note --><x:v>7</x:v></x:c>\n    </x:row>\n" +
      '  </x:sheetData>\n</x:worksheet>';
    const file = packWorkbook({ sheets: [{ name: 'S', xml }] });
    expect(rowsOf(file)).toEqual([{ rowNumber: 1, cells: [null, 'prefixed', 7] }]);
  });

  it('reads the first sheet of the workbook order, not sheet1.xml nor the first relationship', () => {
    const file = packWorkbook({
      sheets: [
        { name: 'Wanted', xml: worksheetXml('<row r="1"><c t="inlineStr"><is><t>first</t></is></c></row>'), path: 'worksheets/sheet2.xml' },
        { name: 'Other', xml: worksheetXml('<row r="1"><c t="inlineStr"><is><t>second</t></is></c></row>'), path: 'worksheets/sheet1.xml' },
      ],
    });
    expect(cellsOf(file)).toEqual([['first']]);
  });

  it('passes over a chart sheet listed first and follows an absolute or odd-cased target', () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const file = packWorkbook({
      sheets: [{ name: 'Data', xml: worksheetXml('<row r="1"><c><v>1</v></c></row>'), path: 'worksheets/Data.xml' }],
      override: {
        'xl/workbook.xml': `<workbook xmlns="${main}" xmlns:rel="${rel}"><sheets><sheet name="Chart" sheetId="2" rel:id="rIdChart"/><sheet name="Data" sheetId="1" rel:id="rIdData"/></sheets></workbook>`,
        'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdChart" Type="${rel}/chartsheet" Target="chartsheets/sheet1.xml"/><Relationship Id="rIdData" Type="${rel}/worksheet" Target="/XL/Worksheets/DATA.xml"/></Relationships>`,
      },
    });
    expect(cellsOf(file)).toEqual([[1]]);
  });

  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['false', false],
  ])('reads date1904="%s" as %s', (value, expected) => {
    const file = sheetWithRows('', {
      override: {
        'xl/workbook.xml': `<workbook xmlns:r="r"><workbookPr date1904="${value}"/><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      },
    });
    expect(readFirstSheet(file).date1904).toBe(expected);
  });

  it('reads stored (uncompressed) entries and archives without the root relationships', () => {
    const workbook = '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>';
    const rels = '<Relationships><Relationship Id="rId1" Type="http://x/relationships/worksheet" Target="worksheets/a.xml"/></Relationships>';
    const file = zipSync(
      {
        'xl/workbook.xml': strToU8(workbook),
        'xl/_rels/workbook.xml.rels': strToU8(rels),
        'xl/worksheets/a.xml': strToU8(worksheetXml('<row r="3"><c><v>5</v></c></row>')),
      },
      { level: 0 },
    );
    expect(rowsOf(file)).toEqual([{ rowNumber: 3, cells: [5] }]);
  });

  it('can be iterated again, and stops reading at </sheetData>', () => {
    const file = sheetWithRows('<row r="1"><c><v>1</v></c></row>');
    const { rows } = readFirstSheet(file);
    expect([...rows]).toEqual([...rows]);
  });
});

describe('SheetRowScanner', () => {
  it('gives the same rows however the XML is cut into chunks', () => {
    // Prepare
    const xml = new TextEncoder().encode(
      worksheetXml(
        '<row r="1" spans="1:4"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><r><t>a &amp; </t></r><r><t>b</t></r></is></c><c r="C1"><v>12.5</v></c><c r="D1" t="str"><v><![CDATA[x<y]]></v></c></row>' +
          '<row r="2"><c r="A2" t="b"><v>1</v></c><!-- c --><c r="C2"><f>1+1</f><v>2</v></c><c r="D2" t="inlineStr"><is><t>Ñoño €</t></is></c></row><row r="4"/>',
      ),
    );
    const read = (size: number) => {
      const scanner = new SheetRowScanner(['shared'], 10);
      const rows: SheetRow[] = [];
      for (let at = 0; at < xml.length; at += size) {
        scanner.feed(xml.subarray(at, at + size));
        rows.push(...scanner.rows.splice(0));
      }
      scanner.feed(new Uint8Array(0), true);
      scanner.finish();
      return [...rows, ...scanner.rows];
    };
    // Act
    const whole = read(xml.length);
    // Assess
    expect(whole).toEqual([
      { rowNumber: 1, cells: ['shared', 'a & b', 12.5, 'x<y'] },
      { rowNumber: 2, cells: [true, null, 2, 'Ñoño €'] },
      { rowNumber: 4, cells: [] },
    ]);
    for (const size of [1, 2, 3, 5, 7, 11, 13, 64]) expect(read(size)).toEqual(whole);
  });
});
