/**
 * How big a borrower summary item may grow (lambdas/data/history/summaries.ts). Every lender naming a
 * borrower writes to the same item, and DynamoDB refuses any write to an item past 400 KB: left to grow,
 * one lender's files could fill a borrower's item and stop every other lender's rows reaching it. So
 * each write also removes what the item no longer needs to keep, oldest first:
 * - at most ENTRIES_PER_PAYEE entries of one payee key (a year of inputs and stoppages with room for
 *   resubmissions; the readers look back three months, and at the previous month);
 * - at most MAX_ENTRIES entries and ENTRY_BYTES of entries in all: past either, the payee key weighing
 *   most loses its oldest entry first, so a lender filling the item evicts its own entries, not others';
 * - the marks of employee numbers no kept entry names any more.
 * With the row checks' text limits an entry weighs under 400 bytes, so the entries stay far below the
 * byte budget; the budget is what holds when an item carries entries written before those limits.
 * The item is read before the write to know what to remove. Writers racing on one item each remove only
 * what they saw, so it may pass the bounds by one entry per concurrent writer until its next write.
 */
export const ENTRIES_PER_PAYEE = 24;
export const MAX_ENTRIES = 240;
/** Well under 400 KB: room for the disputes' and shared numbers' marks and for the entry being added. */
export const ENTRY_BYTES = 200_000;

/** A submission's entry on a summary item. */
export const ENTRY_PREFIX = 's_';
/** An employee number of this NRC's that is on record with another NRC too. */
export const SHARED_PREFIX = 'x_';

interface Entry {
  name: string;
  payee: string;
  /** Newer sorts later: the month, then the time of the submission. */
  order: string;
  bytes: number;
  employeeNo: string;
}

/** UTF-8 bytes of a text, counted without encoding it. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Two bytes below U+0800, three above; a surrogate pair's four bytes are its two halves' 2 + 2.
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/** An attribute's weight as DynamoDB counts it, near enough: its name and its value's UTF-8 bytes. */
const weight = (name: string, value: unknown) => utf8Length(name) + utf8Length(JSON.stringify(value) ?? '');

function entryOf(name: string, value: unknown): Entry {
  const e = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return { name, payee: String(e.p ?? ''), order: `${String(e.m ?? '')}#${String(e.t ?? '')}`, bytes: weight(name, value), employeeNo: String(e.n ?? '') };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const newestFirst = (a: Entry, b: Entry) => compare(b.order, a.order) || compare(b.name, a.name);

/** The entries kept: each payee key's newest, then the heaviest payee key's oldest dropped while the item is over its bounds. */
function keptEntries(entries: Entry[]): Entry[] {
  const byPayee = new Map<string, { list: Entry[]; bytes: number }>();
  let count = 0;
  let bytes = 0;
  for (const entry of [...entries].sort(newestFirst)) {
    const payee = byPayee.get(entry.payee) ?? { list: [], bytes: 0 };
    byPayee.set(entry.payee, payee);
    if (payee.list.length >= ENTRIES_PER_PAYEE) continue;
    payee.list.push(entry);
    payee.bytes += entry.bytes;
    count++;
    bytes += entry.bytes;
  }
  while (count > MAX_ENTRIES || bytes > ENTRY_BYTES) {
    let heaviest = { list: [] as Entry[], bytes: -1 };
    for (const payee of byPayee.values()) if (payee.bytes > heaviest.bytes) heaviest = payee;
    const dropped = heaviest.list.pop()!;
    heaviest.bytes -= dropped.bytes;
    count--;
    bytes -= dropped.bytes;
  }
  return [...byPayee.values()].flatMap((payee) => payee.list);
}

/**
 * What one write of `name` = `value` on this stored item (undefined when there is none yet) should do:
 * whether to set its entry (not when it is itself among the oldest beyond the bounds) and which
 * attributes to remove. `alsoKept` names employee numbers the item keeps elsewhere (its compacted
 * identity, summary-compaction.ts), whose marks stay.
 */
export function boundedWrite(
  item: Record<string, unknown> | undefined,
  name: string,
  value: unknown,
  alsoKept: readonly string[] = [],
): { set: boolean; remove: string[] } {
  const entries = Object.entries(item ?? {})
    .filter(([field]) => field.startsWith(ENTRY_PREFIX) && field !== name)
    .map(([field, stored]) => entryOf(field, stored));
  const added = entryOf(name, value);
  const kept = keptEntries([...entries, added]);
  const keptNames = new Set(kept.map((entry) => entry.name));
  const numbers = new Set([...kept.map((entry) => entry.employeeNo), ...alsoKept]);
  const marks = Object.keys(item ?? {}).filter((field) => field.startsWith(SHARED_PREFIX) && !numbers.has(field.slice(SHARED_PREFIX.length)));
  return { set: keptNames.has(name), remove: [...entries.filter((entry) => !keptNames.has(entry.name)).map((entry) => entry.name), ...marks] };
}
