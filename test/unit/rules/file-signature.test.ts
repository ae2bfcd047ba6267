import { describe, expect, it } from 'vitest';
import { extensionOf, matchesSignature } from '#shared/rules/file-signature.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (s: string) => new TextEncoder().encode(s);

const PDF = text('%PDF-1.7\n%âãÏÓ');
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00);
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00);
const CSV = text('NRC,NAME\n123456/78/9,Mwila Banda\n');
const HTML = text('<!doctype html><script>alert(1)</script>');

describe('matchesSignature: a file is what its first bytes say, for every accepted extension', () => {
  const cases: [string, Uint8Array, boolean][] = [
    ['pdf', PDF, true],
    ['pdf', HTML, false],
    ['pdf', JPEG, false],
    ['pdf', text('%PDF'), false],
    ['PDF', PDF, true],
    ['jpg', JPEG, true],
    ['jpeg', JPEG, true],
    ['jpg', PNG, false],
    ['png', PNG, true],
    ['png', PNG.subarray(0, 7), false],
    ['doc', OLE, true],
    ['xls', OLE, true],
    ['doc', ZIP, false],
    ['docx', ZIP, true],
    ['xlsx', ZIP, true],
    ['xlsx', OLE, false],
    ['csv', CSV, true],
    ['csv', HTML, true], // text is text: a CSV is never served as anything but a download of text
    ['csv', PDF, false],
    ['csv', ZIP, false],
    ['csv', bytes(0x41, 0x00, 0x42), false],
    ['exe', bytes(0x4d, 0x5a), false],
    ['pdf', new Uint8Array(), false],
    ['csv', new Uint8Array(), false],
  ];
  it.each(cases)('.%s starting %o → %s', (extension, start, expected) => {
    expect(matchesSignature(extension, start)).toBe(expected);
  });
});

describe('extensionOf', () => {
  it.each([
    ['statement.PDF', 'pdf'],
    ['a.b.xlsx', 'xlsx'],
    ['no-extension', ''],
    ['trailing.', ''],
  ])('%s → %s', (name, expected) => expect(extensionOf(name)).toBe(expected));
});
