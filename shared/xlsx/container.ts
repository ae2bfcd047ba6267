import { spreadsheetErrors } from './errors.js';

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(data: Uint8Array, magic: readonly number[]): boolean {
  return data.length >= magic.length && magic.every((byte, i) => data[i] === byte);
}

/** A stream name as a CFB directory entry stores it: UTF-16LE. */
function utf16(name: string): Uint8Array {
  const bytes = new Uint8Array(name.length * 2);
  for (let i = 0; i < name.length; i++) bytes[i * 2] = name.charCodeAt(i);
  return bytes;
}

function contains(data: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0];
  for (let at = data.indexOf(first as number); at >= 0 && at + needle.length <= data.length; at = data.indexOf(first as number, at + 1)) {
    let i = 1;
    while (i < needle.length && data[at + i] === needle[i]) i++;
    if (i === needle.length) return true;
  }
  return false;
}

const ENCRYPTED_STREAMS = ['EncryptedPackage', 'EncryptionInfo'].map(utf16);
const XLS_STREAMS = ['Workbook', 'Book'].map(utf16);

/**
 * Throws the reason a file that is no zip archive cannot be read. An OLE compound file (CFB) is what Excel
 * writes for a password-protected .xlsx (streams EncryptionInfo and EncryptedPackage) and for an old .xls
 * (stream Workbook or Book); its stream names sit in the directory in UTF-16LE, which is what we look for.
 */
export function assertZipContainer(data: Uint8Array): void {
  if (data.length === 0) throw spreadsheetErrors.empty();
  if (data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && (data[2] === 3 || data[2] === 5 || data[2] === 7)) return;
  if (!startsWith(data, CFB_MAGIC)) throw spreadsheetErrors.notXlsx();
  if (ENCRYPTED_STREAMS.some((name) => contains(data, name))) throw spreadsheetErrors.encrypted();
  if (XLS_STREAMS.some((name) => contains(data, name))) throw spreadsheetErrors.oldXls();
  throw spreadsheetErrors.otherOffice();
}
