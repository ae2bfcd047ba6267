/**
 * What a file's first bytes say it is. The type a browser declares (and the name's extension) prove
 * nothing: a file counts as a PDF, an image or an Office document only when it starts as one.
 */
export type SignedKind = 'pdf' | 'jpeg' | 'png' | 'ole' | 'zip';

const SIGNATURES: Record<SignedKind, readonly number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], // "%PDF-"
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  // .doc and .xls: the OLE compound file every legacy Office document is.
  ole: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  // .docx and .xlsx: a ZIP archive whose first entry is a local file header.
  zip: [0x50, 0x4b, 0x03, 0x04],
};

/** How a file of each accepted extension must start; `text` is a CSV: printable text, no binary signature. */
const KIND_OF_EXTENSION: Record<string, SignedKind | 'text'> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  doc: 'ole',
  xls: 'ole',
  docx: 'zip',
  xlsx: 'zip',
  csv: 'text',
};

/** How many leading bytes a check reads: enough for the longest signature and a look at text. */
export const SIGNATURE_BYTES = 512;

const startsWith = (start: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => start[i] === byte);

/** Text has no NUL byte and does not start as any binary kind. */
function looksLikeText(start: Uint8Array): boolean {
  if (start.includes(0)) return false;
  return !Object.values(SIGNATURES).some((signature) => startsWith(start, signature));
}

/**
 * Whether a file named with this extension starts as such a file. An unknown extension never matches:
 * the caller decides which extensions it accepts before it asks.
 */
export function matchesSignature(extension: string, start: Uint8Array): boolean {
  const kind = KIND_OF_EXTENSION[extension.toLowerCase()];
  if (!kind || start.length === 0) return false;
  return kind === 'text' ? looksLikeText(start) : startsWith(start, SIGNATURES[kind]);
}

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export const extensionOf = (fileName: string): string => /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
