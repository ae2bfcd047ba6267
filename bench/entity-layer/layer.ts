import type { SummaryUpdate } from '#data/history/summary-attributes.js';
import { VERSION } from '#data/history/summary-items.js';

/**
 * One way of expressing the history seed's writes (bench/entity-layer.ts): each borrower summary item's
 * UpdateItem as lambdas/data/history/summary-attributes.ts sends it, and each history item's Put. `request`
 * builds the input alone (no I/O); `send` builds and sends it through the library's own path.
 */
export interface EntityLayer {
  name: 'builder' | 'electrodb' | 'toolbox';
  /** The UpdateItem input of one summary update. */
  update(table: string, update: SummaryUpdate): object;
  /** The PutItem input of one history item. */
  put(table: string, item: HistoryItem): object;
  sendUpdate(table: string, update: SummaryUpdate): Promise<unknown>;
  sendPut(table: string, item: HistoryItem): Promise<unknown>;
}

/** A history item as lambdas/data/history/entries.ts `historyItems` makes it (NRC partition), with its `ingest_prior`. */
export type HistoryItem = Record<string, unknown> & { pk: string; sk: string; month: string; payee_key: string; kind: string };

export const NRC_PK = 'NRC#';
export const EMP_PK = 'SUMMARY#EMP#';

/** The attributes one update names, sorted: what a library's entity must declare to write it. */
export const namesOf = (update: SummaryUpdate): string[] => [...new Set([...Object.keys(update.set), ...update.remove, VERSION])].sort();

/** The summary item's key parts: an NRC record's digits, or an employee number's summary key. */
export function summaryKind(pk: string): { kind: 'record'; digits: string } | { kind: 'employee'; employeeKey: string } {
  if (pk.startsWith(NRC_PK)) return { kind: 'record', digits: pk.slice(NRC_PK.length) };
  if (pk.startsWith(EMP_PK)) return { kind: 'employee', employeeKey: pk.slice(EMP_PK.length) };
  throw new Error(`Not a borrower summary key: ${pk}`);
}

/** The version bumped among the sets and its condition, as summary-attributes.ts `send` does. */
export function versioned(update: SummaryUpdate): { set: Record<string, unknown>; condition: null | { missing: true } | { is: number } } {
  if (update.version === undefined) return { set: update.set, condition: null };
  return {
    set: { ...update.set, [VERSION]: (update.version ?? 0) + 1 },
    condition: update.version === null ? { missing: true } : { is: update.version },
  };
}
