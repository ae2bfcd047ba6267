import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/** What the benches hand the capacity model: a figure's name and value (bench/figures.ts' Figure fits it). */
export interface MeasuredFigure {
  name: string;
  value: number;
}

/**
 * The per-row costs the capacity model (`npm run capacity`) starts from, in its own format, kept in
 * capacity/per-row-costs.json: the model owns what it reads, the benches write into it (bench depends on
 * capacity, never the other way round). `npm run bench -- --write-costs` (with or without --only)
 * rewrites the entries whose figure the run measured, each with its figure's name and the day, and
 * leaves the others as they were: the model moves when the code does, and says how old each input is.
 */
const FEEDS = {
  validate_cpu_ms_per_1000_rows: { figure: 'parse.validate_rows_per_s', unit: 'ms', from: (rowsPerSecond: number) => 1_000_000 / rowsPerSecond },
  validation_peak_rss_mb: { figure: 'signals.validation_peak_rss_mb', unit: 'MB' },
  validation_peak_rss_mb_1m: { figure: 'signals.validation_peak_rss_mb_1m', unit: 'MB' },
  xlsx_bytes_per_row: { figure: 'costs.xlsx_bytes_per_row', unit: 'B' },
  rows_json_bytes_per_row: { figure: 'costs.rows_json_bytes_per_row', unit: 'B' },
  history_item_bytes: { figure: 'costs.history_item_bytes', unit: 'B' },
  history_items_per_row: { figure: 'costs.history_items_per_row', unit: 'items' },
  record_updates_per_row: { figure: 'costs.record_updates_per_row', unit: 'updates' },
  record_bytes_month12: { figure: 'costs.record_bytes_month12', unit: 'B' },
  record_write_units_month12: { figure: 'costs.record_write_units_month12', unit: 'WRU' },
  record_bytes_mean: { figure: 'costs.record_bytes_mean', unit: 'B' },
  record_write_units_mean: { figure: 'costs.record_write_units_mean', unit: 'WRU' },
  employee_summary_bytes: { figure: 'costs.employee_summary_bytes', unit: 'B' },
  digest_bytes_per_nrc: { figure: 'costs.digest_bytes_per_nrc', unit: 'B' },
  upload_record_bytes: { figure: 'costs.upload_record_bytes', unit: 'B' },
  audit_entry_bytes: { figure: 'costs.audit_entry_bytes', unit: 'B' },
} as const satisfies Record<string, { figure: string; unit: string; from?: (value: number) => number }>;

export type PerRowCostKey = keyof typeof FEEDS;

const entrySchema = z.object({ value: z.number().positive(), unit: z.string(), figure: z.string(), measured_at: z.string() });
export const perRowCostsSchema = z.object(Object.fromEntries(Object.keys(FEEDS).map((key) => [key, entrySchema])) as Record<PerRowCostKey, typeof entrySchema>);
export type PerRowCosts = z.infer<typeof perRowCostsSchema>;

export const PER_ROW_COSTS_FILE = new URL('./per-row-costs.json', import.meta.url);

/** The checked-in per-row costs, checked against their schema (a missing entry fails loudly). */
export function readPerRowCosts(): PerRowCosts {
  return perRowCostsSchema.parse(JSON.parse(readFileSync(PER_ROW_COSTS_FILE, 'utf8')));
}

/** Rewrites the entries these figures measure; returns their keys. The other entries stay as they were. */
export function writePerRowCosts(figures: readonly MeasuredFigure[], day = new Date().toISOString().slice(0, 10)): PerRowCostKey[] {
  let current: Partial<PerRowCosts> = {};
  try {
    // Only the entries the model still reads: a cost it no longer starts from leaves the file.
    const stored = JSON.parse(readFileSync(PER_ROW_COSTS_FILE, 'utf8')) as Record<string, PerRowCosts[PerRowCostKey]>;
    current = Object.fromEntries(Object.entries(stored).filter(([key]) => key in FEEDS)) as Partial<PerRowCosts>;
  } catch {
    // No file yet: it starts with what this run measured.
  }
  const byName = new Map(figures.map((figure) => [figure.name, figure.value]));
  const updated: PerRowCostKey[] = [];
  for (const [key, feed] of Object.entries(FEEDS) as [PerRowCostKey, (typeof FEEDS)[PerRowCostKey]][]) {
    const measured = byName.get(feed.figure);
    if (measured === undefined) continue;
    const value = 'from' in feed ? feed.from(measured) : measured;
    current[key] = { value: Math.round(value * 100) / 100, unit: feed.unit, figure: feed.figure, measured_at: day };
    updated.push(key);
  }
  if (updated.length) writeFileSync(PER_ROW_COSTS_FILE, `${JSON.stringify(current, null, 2)}\n`);
  return updated;
}
