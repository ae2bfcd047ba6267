import { Inflate } from 'fflate';
import { SpreadsheetError, spreadsheetErrors } from './errors.js';

/** One file of the archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  /** As declared; only a hint, since a hostile archive may lie (the inflate budget is the real guard). */
  size: number;
  localOffset: number;
}

export interface ZipArchive {
  data: Uint8Array;
  /** Keyed by normalised part name: lower case, '/' separators, no leading '/' (OPC part names ignore case). */
  entries: Map<string, ZipEntry>;
}

/** Inflated bytes allowed for one read, counted while inflating so that a zip bomb stops at the limit. */
export class InflateBudget {
  constructor(
    readonly limit: number,
    public spent = 0,
  ) {}

  spend(bytes: number): void {
    this.spent += bytes;
    if (this.spent > this.limit) throw spreadsheetErrors.tooLarge(this.limit);
  }

  fork(): InflateBudget {
    return new InflateBudget(this.limit, this.spent);
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1032×, so one step yields ≤ ~33 MB. */
const INFLATE_STEP = 32_768;

const names = new TextDecoder('utf-8');

export function normalisePartName(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
}

function u64(view: DataView, offset: number): number {
  return view.getUint32(offset, true) + view.getUint32(offset + 4, true) * 0x1_0000_0000;
}

function findEndOfCentralDirectory(data: Uint8Array, view: DataView): number {
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data[at] === 0x50 && data[at + 1] === 0x4b && view.getUint32(at, true) === EOCD) return at;
  }
  return -1;
}

/** Reads the central directory; throws 'corrupt' for a truncated or malformed archive. */
export function openZip(data: Uint8Array): ZipArchive {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const eocd = findEndOfCentralDirectory(data, view);
  if (eocd < 0) throw spreadsheetErrors.corrupt();
  let count = view.getUint16(eocd + 10, true);
  let cdSize = view.getUint32(eocd + 12, true);
  let cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR) throw spreadsheetErrors.corrupt();
    const zip64 = u64(view, locator + 8);
    if (zip64 + 56 > data.length || view.getUint32(zip64, true) !== ZIP64_EOCD) throw spreadsheetErrors.corrupt();
    count = u64(view, zip64 + 32);
    cdSize = u64(view, zip64 + 40);
    cdOffset = u64(view, zip64 + 48);
  }
  if (cdOffset + cdSize > data.length) throw spreadsheetErrors.corrupt();

  const entries = new Map<string, ZipEntry>();
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || view.getUint32(at, true) !== CENTRAL) throw spreadsheetErrors.corrupt();
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength + extraLength > data.length) throw spreadsheetErrors.corrupt();
    const entry: ZipEntry = {
      name: names.decode(data.subarray(at + 46, at + 46 + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    };
    readZip64Extra(view, at + 46 + nameLength, extraLength, entry);
    if (!entry.name.endsWith('/')) entries.set(normalisePartName(entry.name), entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { data, entries };
}

/** Sizes and offsets that overflow 32 bits sit in the ZIP64 extra field, in this order, only when the 32-bit field is saturated. */
function readZip64Extra(view: DataView, start: number, length: number, entry: ZipEntry): void {
  for (let at = start; at + 4 <= start + length;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        const value = field + 8 <= at + 4 + size ? u64(view, field) : 0xffffffff;
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    at += 4 + size;
  }
}

export function findEntry(zip: ZipArchive, name: string): ZipEntry | undefined {
  return zip.entries.get(normalisePartName(name));
}

export function entryData(zip: ZipArchive, entry: ZipEntry): Uint8Array {
  const { data } = zip;
  const at = entry.localOffset;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (at + 30 > data.length || view.getUint32(at, true) !== LOCAL) throw spreadsheetErrors.corrupt();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > data.length) throw spreadsheetErrors.corrupt();
  return data.subarray(start, end);
}

/**
 * The entry's bytes, inflated a step at a time: a caller that scans each chunk as it comes never holds the
 * whole part, and the budget stops a zip bomb after at most one step past the limit.
 */
export function* inflateEntry(zip: ZipArchive, entry: ZipEntry, budget: InflateBudget): Generator<Uint8Array, void, undefined> {
  if (entry.flags & 1) throw spreadsheetErrors.encrypted();
  const raw = entryData(zip, entry);
  if (entry.method === 0) {
    for (let at = 0; at < raw.length; at += 1 << 20) {
      const chunk = raw.subarray(at, Math.min(raw.length, at + (1 << 20)));
      budget.spend(chunk.length);
      yield chunk;
    }
    return;
  }
  if (entry.method !== 8) throw spreadsheetErrors.corrupt();
  if (raw.length === 0) {
    if (entry.size !== 0) throw spreadsheetErrors.corrupt();
    return;
  }
  const ready: Uint8Array[] = [];
  const inflater = new Inflate((chunk) => {
    if (chunk.length === 0) return;
    budget.spend(chunk.length);
    ready.push(chunk);
  });
  for (let at = 0; at < raw.length;) {
    const next = Math.min(raw.length, at + INFLATE_STEP);
    try {
      inflater.push(raw.subarray(at, next), next === raw.length);
    } catch (error) {
      throw error instanceof SpreadsheetError ? error : spreadsheetErrors.corrupt();
    }
    at = next;
    for (let i = 0; i < ready.length; i++) yield ready[i] as Uint8Array;
    ready.length = 0;
  }
}

/** A whole (small) entry in one array. */
export function readEntry(zip: ZipArchive, entry: ZipEntry, budget: InflateBudget): Uint8Array {
  const chunks = [...inflateEntry(zip, entry, budget)];
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}
