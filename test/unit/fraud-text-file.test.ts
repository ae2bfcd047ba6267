import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextFileError, looksLikeText, textOfSearchFile } from '../../web/src/features/fraud/utils/text-file.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('textOfSearchFile', () => {
  it('reads a .txt or .csv file of NRCs, in UTF-8 or UTF-16', () => {
    expect(textOfSearchFile('list.txt', bytes('123456/78/9\r\n2345678219\n'))).toBe('123456/78/9\r\n2345678219\n');
    expect(textOfSearchFile('LIST.CSV', bytes('name,nrc\nMwila,123456/78/9\n'))).toContain('123456/78/9');
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'123456/78/9'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(textOfSearchFile('excel-unicode.txt', utf16)).toBe('123456/78/9');
  });

  it.each([
    ['an .xlsx renamed .txt', [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]],
    ['a PDF renamed .txt', [...bytes('%PDF-1.7\n')]],
    ['a PNG renamed .csv', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
    ['an old .xls renamed .txt', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]],
    ['text with NUL bytes', [...bytes('123456/78/9'), 0, 0, 0]],
  ])('refuses %s with a message saying what to do', (_label, data) => {
    expect(() => textOfSearchFile('borrowers.txt', new Uint8Array(data))).toThrow(TextFileError);
    expect(() => textOfSearchFile('borrowers.txt', new Uint8Array(data))).toThrow(/is not a text file.*Save it as \.txt or \.csv, or paste the text/);
  });

  it('refuses other extensions and files over 20 MB', () => {
    expect(() => textOfSearchFile('list.xlsx', bytes('123456/78/9'))).toThrow(/not a \.txt or \.csv file/);
    expect(() => textOfSearchFile('big.txt', new Uint8Array(20 * 1024 * 1024 + 1).fill(0x31))).toThrow(/larger than 20 MB/);
  });

  it('accepts any printable text and refuses any sample with a NUL byte', () => {
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this property removes
    const control = /[\u0000-\u001f]/g;
    fc.assert(
      fc.property(
        fc.string({ maxLength: 500 }).map((s) => s.replace(control, ' ')),
        (text) => {
          expect(looksLikeText(bytes(text))).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(199), (data, at) => {
        const copy = new Uint8Array([...data, 0]);
        copy[Math.min(at, copy.length - 1)] = 0;
        // A UTF-16 byte-order mark announces text whose ASCII characters carry NUL bytes: not this property.
        const utf16 = (copy[0] === 0xff && copy[1] === 0xfe) || (copy[0] === 0xfe && copy[1] === 0xff);
        fc.pre(!utf16);
        expect(looksLikeText(copy)).toBe(false);
      }),
    );
    // The seed CI once drew: a big-endian BOM and a NUL; UTF-16 text with its NULs is text.
    expect(looksLikeText(new Uint8Array([0xfe, 0xff, 0]))).toBe(true);
    expect(looksLikeText(new Uint8Array([0xfe, 0xfd, 0]))).toBe(false);
  });
});
