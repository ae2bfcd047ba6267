/** Every PDF starts with these five bytes; a file that does not is not a PDF, whatever it was declared as. */
export const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d] as const; // "%PDF-"

export const hasPdfSignature = (start: Uint8Array): boolean => PDF_SIGNATURE.every((byte, i) => start[i] === byte);
