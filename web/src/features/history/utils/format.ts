const EMPTY = '—';

/** Spec part 2 §9: ZMW; instalments always with 2 decimals so the column lines up. */
export function formatZmw(value: number): string {
  return `ZMW ${value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A calendar day 'YYYY-MM-DD' as '1 May 2026' (no time zone shift: it is a date, not an instant). */
export function formatDay(value: string | null): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return value ?? EMPTY;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** An instant as local date and time: '2 May 2026, 10:15'. */
export function formatInstant(value: string | null): string {
  if (!value) return EMPTY;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** 'YYYY-MM' as 'May 2026'. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export const KIND_LABELS = { input: 'Input', stoppage: 'Stoppage' } as const;
