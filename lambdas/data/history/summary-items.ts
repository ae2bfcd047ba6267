import { z } from 'zod';
import { logger } from '#lib/powertools.js';
import { ENTRY_PREFIX } from './summary-bounds.js';

/**
 * The codec of the borrower summary items (lambdas/data/history/summaries.ts): what an entry, the
 * compacted identity and the version look like as stored. Items are parsed on read (a malformed one
 * reads as absent, and is logged) and their values built here on write, so the two cannot drift.
 */

/** One submission's entry on an NRC record (`s_{submission id}`). */
const nrcEntrySchema = z.object({
  p: z.string(),
  m: z.string(),
  k: z.enum(['input', 'stoppage']),
  i: z.number(),
  e: z.string().nullish(),
  n: z.string().nullish(),
  nm: z.string().nullish(),
  t: z.string().nullish(),
});
export type NrcEntry = z.infer<typeof nrcEntrySchema>;

/** One submission's entry on an employee number's summary: the NRC it came with. */
const employeeEntrySchema = z.object({ d: z.string(), nrc: z.string(), p: z.string().nullish(), m: z.string(), t: z.string().nullish() });
export type EmployeeSummaryEntry = z.infer<typeof employeeEntrySchema>;

/**
 * What an NRC record keeps of the entries it compacted (decided submissions older than its window):
 * each employee number with the first month it was seen, each name (by its comparison key) with the
 * newest `{month}#{submitted at}` that gave it.
 */
const compactedSchema = z.object({
  e: z.record(z.string(), z.string()),
  n: z.record(z.string(), z.object({ n: z.string(), o: z.string() })),
});
export type CompactedIdentity = z.infer<typeof compactedSchema>;

export const COMPACTED = 'c';
export const VERSION = 'v';

const itemSchema = z.looseObject({
  pk: z.string(),
  sk: z.string(),
  [COMPACTED]: compactedSchema.optional(),
  [VERSION]: z.number().int().nonnegative().optional(),
});

export interface SummaryItem<E> {
  pk: string;
  /** Every attribute as stored (the bounds and the marks read it whole). */
  raw: Record<string, unknown> & { pk: string; sk: string };
  /** The submissions' entries by submission id. */
  entries: Map<string, E>;
  compacted: CompactedIdentity | null;
  /** Bumped by every write that compacts; absent until the first. */
  version: number | null;
}

/** The item's own fields, checked without copying the item: a summary carries many entries, each checked below. */
const ownFields = (raw: unknown) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const item = raw as Record<string, unknown>;
  return { pk: item.pk, sk: item.sk, [COMPACTED]: item[COMPACTED], [VERSION]: item[VERSION] };
};

const NRC_ENTRY_FIELDS: ReadonlySet<string> = new Set(['p', 'm', 'k', 'i', 'e', 'n', 'nm', 't']);
const EMPLOYEE_ENTRY_FIELDS: ReadonlySet<string> = new Set(['d', 'nrc', 'p', 'm', 't']);
const isText = (value: unknown) => typeof value === 'string';
const isOptionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';
/** Whether the object has no field outside `fields` (zod would drop such a field: the value is then parsed by zod). */
function onlyFields(value: Record<string, unknown>, fields: ReadonlySet<string>): boolean {
  for (const field in value) if (!fields.has(field)) return false;
  return true;
}
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An entry exactly as its schema reads it (the same fields, each valid, nothing more), so it is taken as stored
 * rather than copied by zod; anything else (rare: an older or malformed entry) is parsed by the schema itself,
 * which decides and, when it refuses, says why.
 */
const asStored = {
  nrc: (v: unknown): v is NrcEntry =>
    isObject(v) &&
    isText(v.p) &&
    isText(v.m) &&
    (v.k === 'input' || v.k === 'stoppage') &&
    typeof v.i === 'number' &&
    Number.isFinite(v.i) &&
    isOptionalText(v.e) &&
    isOptionalText(v.n) &&
    isOptionalText(v.nm) &&
    isOptionalText(v.t) &&
    onlyFields(v, NRC_ENTRY_FIELDS),
  employee: (v: unknown): v is EmployeeSummaryEntry =>
    isObject(v) && isText(v.d) && isText(v.nrc) && isText(v.m) && isOptionalText(v.p) && isOptionalText(v.t) && onlyFields(v, EMPLOYEE_ENTRY_FIELDS),
};

function parseWith<E>(entry: z.ZodType<E>, asIs: (value: unknown) => value is E, raw: unknown): SummaryItem<E> | null {
  const item = itemSchema.safeParse(ownFields(raw));
  if (!item.success) {
    logger.warn('A borrower summary item is malformed; read as absent', { pk: (raw as { pk?: unknown } | null)?.pk, issues: item.error.issues.slice(0, 3) });
    return null;
  }
  const stored = raw as SummaryItem<E>['raw'];
  const entries = new Map<string, E>();
  for (const field of Object.keys(stored)) {
    if (!field.startsWith(ENTRY_PREFIX)) continue;
    const value = stored[field];
    if (asIs(value)) {
      entries.set(field.slice(ENTRY_PREFIX.length), value);
      continue;
    }
    const parsed = entry.safeParse(value);
    if (!parsed.success) {
      logger.warn('A borrower summary entry is malformed; the item is read as absent', { pk: item.data.pk, field, issues: parsed.error.issues.slice(0, 3) });
      return null;
    }
    entries.set(field.slice(ENTRY_PREFIX.length), parsed.data);
  }
  return { pk: item.data.pk, raw: stored, entries, compacted: item.data[COMPACTED] ?? null, version: item.data[VERSION] ?? null };
}

/** An NRC record as read, or null when it is malformed (logged). */
export const parseNrcRecord = (raw: unknown) => parseWith(nrcEntrySchema, asStored.nrc, raw);
/** An employee number's summary as read, or null when it is malformed (logged). */
export const parseEmployeeSummary = (raw: unknown) => parseWith(employeeEntrySchema, asStored.employee, raw);

/** The stored value of an NRC record's entry. */
export const nrcEntry = (entry: NrcEntry): NrcEntry => nrcEntrySchema.parse(entry);
/** The stored value of an employee number's entry. */
export const employeeEntry = (entry: EmployeeSummaryEntry): EmployeeSummaryEntry => employeeEntrySchema.parse(entry);
