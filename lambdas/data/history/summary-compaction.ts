import { nameKey, RUNNING_WINDOW_MONTHS } from '#shared/rules/borrower-record.js';
import { shiftMonth } from '#shared/rules/dates.js';
import { ENTRY_PREFIX } from './summary-bounds.js';
import type { CompactedIdentity, NrcEntry, SummaryItem } from './summary-items.js';

/**
 * How an NRC record stays small (lambdas/data/history/summaries.ts): the readers judge exposure over the
 * running window (3 months) and identity over everything ever on record. So a record keeps whole only
 * the entries of its last KEPT_MONTHS months; an older entry is compacted by the next write that finds it
 * decided: its employee number (with the first month it was seen) and its name (with the newest month
 * that gave it) fold into the record's compacted identity `c`, and the entry is removed. An entry of a
 * rejected submission is removed without folding; one still pending stays whole until it is decided, so
 * what the compacted identity holds never needs a status read again. The record's write units then stop
 * growing with its age: about 2 KB after years, where every month added an entry before.
 */

/** The running window, and the month before it for a file of the previous month sent late. */
export const KEPT_MONTHS = RUNNING_WINDOW_MONTHS + 1;
/** The most employee numbers (the oldest kept) and names (the newest kept) the compacted identity holds. */
export const MAX_COMPACTED = 24;

/** What ingestion knows of a submission an entry names: rejected, decided otherwise (final), or not yet. */
export type Decision = 'rejected' | 'decided' | 'pending';
export type DecisionOf = (submissionId: string) => Decision;

export interface Compaction {
  /** The entries' attributes the write removes. */
  remove: string[];
  /** The compacted identity to store, when the write changes it (null: left as it is). */
  compacted: CompactedIdentity | null;
}

const order = (entry: NrcEntry) => `${entry.m}#${entry.t ?? ''}`;

function fold(into: CompactedIdentity, entry: NrcEntry): void {
  if (entry.n) {
    const first = into.e[entry.n];
    if (first === undefined || entry.m < first) into.e[entry.n] = entry.m;
  }
  if (entry.nm) {
    const key = nameKey(entry.nm);
    const seen = into.n[key];
    if (!seen || seen.o < order(entry)) into.n[key] = { n: entry.nm, o: order(entry) };
  }
}

function bounded(identity: CompactedIdentity): CompactedIdentity {
  const numbers = Object.entries(identity.e).sort(([a, x], [b, y]) => x.localeCompare(y) || a.localeCompare(b));
  const names = Object.entries(identity.n).sort(([a, x], [b, y]) => y.o.localeCompare(x.o) || a.localeCompare(b));
  return { e: Object.fromEntries(numbers.slice(0, MAX_COMPACTED)), n: Object.fromEntries(names.slice(0, MAX_COMPACTED)) };
}

/** What a write adding submission `addedId`'s entry `added` to this stored record compacts (nothing when there is no record yet). */
export function compaction(item: SummaryItem<NrcEntry> | null, addedId: string, added: NrcEntry, decisionOf: DecisionOf): Compaction {
  if (!item) return { remove: [], compacted: null };
  let newest = added.m;
  for (const entry of item.entries.values()) if (entry.m > newest) newest = entry.m;
  const from = shiftMonth(newest, -(KEPT_MONTHS - 1));
  const identity: CompactedIdentity = { e: { ...item.compacted?.e }, n: { ...item.compacted?.n } };
  const remove: string[] = [];
  let folded = false;
  for (const [id, entry] of item.entries) {
    if (entry.m >= from || id === addedId) continue;
    const decision = decisionOf(id);
    if (decision === 'pending') continue;
    remove.push(`${ENTRY_PREFIX}${id}`);
    if (decision === 'rejected') continue;
    fold(identity, entry);
    folded = true;
  }
  return { remove, compacted: folded ? bounded(identity) : null };
}

/**
 * Whether this NRC record already pairs the employee number with its NRC for good: in its compacted
 * identity, or in the entry of a decided submission. The employee number's summary then already names
 * the NRC (written by the submission that first paired them, or one before it), so it need not be
 * written again.
 */
export function pairedForGood(item: SummaryItem<NrcEntry> | null, employeeNo: string, decisionOf: DecisionOf): boolean {
  if (!item) return false;
  if (item.compacted?.e[employeeNo] !== undefined) return true;
  for (const [id, entry] of item.entries) if (entry.n === employeeNo && decisionOf(id) === 'decided') return true;
  return false;
}

/** The submissions an item's entries name (whose decisions a write needs). */
export const namedSubmissions = (item: SummaryItem<unknown> | null): string[] => (item ? [...item.entries.keys()] : []);
