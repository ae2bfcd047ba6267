/**
 * DynamoDB's own arithmetic, as its developer guide states it ("Item sizes and formats", "Read/write
 * capacity units"): what an item weighs, and what reading or writing it costs in request units.
 */

const utf8 = (text: string) => new TextEncoder().encode(text).length;

/** Significant digits of a number: leading and trailing zeros, sign and point left out. */
function significantDigits(value: number): number {
  const digits = Math.abs(value).toString().replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.max(1, digits.length);
}

/** The stored size of one attribute value (its name not included). */
export function valueBytes(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number') return Math.ceil(significantDigits(value) / 2) + 1;
  if (value instanceof Uint8Array) return value.length;
  if (value instanceof Set) return [...value].reduce((sum: number, member) => sum + valueBytes(member), 0);
  // A list or a map: 3 bytes, and 1 byte for each element besides its own size (and a map key's name).
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, element) => sum + 1 + valueBytes(element), 0);
  if (typeof value === 'object') return 3 + entries(value as Record<string, unknown>).reduce((sum, [name, v]) => sum + 1 + utf8(name) + valueBytes(v), 0);
  return 0;
}

// The document client drops undefined attributes (removeUndefinedValues), so they weigh nothing.
const entries = (item: Record<string, unknown>) => Object.entries(item).filter(([, value]) => value !== undefined);

/** The size of an item: every attribute's name and value. */
export function itemBytes(item: Record<string, unknown>): number {
  return entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueBytes(value), 0);
}

/** Per started kilobyte written; a transactional write counts twice. */
export function writeUnits(bytes: number, transactional = false): number {
  return Math.max(1, Math.ceil(bytes / 1024)) * (transactional ? 2 : 1);
}

/** Per started 4 KB read: half for an eventually consistent read, one for a strongly consistent one. */
export function readUnits(bytes: number, consistent = false): number {
  return Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);
}

/** DynamoDB bills each stored item 100 bytes more than its size, for its indexing. */
export const STORED_ITEM_OVERHEAD = 100;
