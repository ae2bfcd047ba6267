/** Spec §2: the fraud search takes a .txt or .csv upload. Anything else, or a binary file renamed, is refused clearly. */
export const SEARCH_FILE_EXTENSIONS = ['.txt', '.csv'] as const;
/** Our limit: a 100,000-line list is ~1.5 MB, so 20 MB leaves room for wide CSV exports. */
export const SEARCH_FILE_MAX_BYTES = 20 * 1024 * 1024;

export class TextFileError extends Error {
  override name = 'TextFileError';
}

/** Signatures of common binary formats: PDF, ZIP (xlsx/docx), PNG, JPEG, GIF, OLE (xls/doc), gzip. */
const MAGIC: readonly number[][] = [
  [0x25, 0x50, 0x44, 0x46],
  [0x50, 0x4b, 0x03, 0x04],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x1f, 0x8b],
];

/**
 * True when the bytes look like text: no known binary signature, no NUL byte and almost no other
 * control characters in the first 64 KB. UTF-16 text (with its BOM) counts as text.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (MAGIC.some((sig) => sig.every((b, i) => bytes[i] === b))) return false;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  const sample = bytes.subarray(0, 64 * 1024);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return false;
    // Tab, line feed, form feed and carriage return are ordinary in text.
    if (b < 0x20 && b !== 9 && b !== 10 && b !== 12 && b !== 13) control++;
  }
  return control <= sample.length * 0.01;
}

/** The text of the bytes: UTF-16 by its BOM, else UTF-8 (digits and slashes read the same in any ASCII-based encoding). */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/** Checks name, size and content of an uploaded search file and returns its text, or throws a TextFileError to show. */
export function textOfSearchFile(name: string, bytes: Uint8Array): string {
  const lower = name.toLowerCase();
  if (!SEARCH_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext))) {
    throw new TextFileError(`'${name}' is not a .txt or .csv file. Upload a .txt or .csv file, or paste the text.`);
  }
  if (bytes.length > SEARCH_FILE_MAX_BYTES) {
    throw new TextFileError(`'${name}' is larger than ${SEARCH_FILE_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`);
  }
  if (!looksLikeText(bytes)) {
    throw new TextFileError(
      `'${name}' is not a text file (it looks like a binary file, e.g. a spreadsheet or PDF, renamed). Save it as .txt or .csv, or paste the text.`,
    );
  }
  return decodeText(bytes);
}

export async function readSearchFile(file: File): Promise<string> {
  if (file.size > SEARCH_FILE_MAX_BYTES) return textOfSearchFile(file.name, new Uint8Array(SEARCH_FILE_MAX_BYTES + 1));
  return textOfSearchFile(file.name, new Uint8Array(await file.arrayBuffer()));
}
