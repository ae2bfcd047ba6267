const EMPTY = '—';

export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toLocaleString('en-GB') : EMPTY;
}

/** Spec part 2 §9: currency shown as ZMW with 2 decimals. */
export function formatZmw(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? `ZMW ${value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    : EMPTY;
}

export function formatText(value: string | null | undefined): string {
  return value && value.trim() ? value : EMPTY;
}

/** A calendar day 'YYYY-MM-DD' as '1 Jun 2026'. */
export function formatDay(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return formatText(value);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** 'YYYY-MM' as 'Jun 2026' (or 'Jun' with short). */
export function formatMonth(month: string, style: 'long' | 'short' = 'long'): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  return date.toLocaleString('en-GB', style === 'short' ? { month: 'short', timeZone: 'UTC' } : { month: 'short', year: 'numeric', timeZone: 'UTC' });
}
