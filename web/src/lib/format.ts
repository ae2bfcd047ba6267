import dayjs from 'dayjs';

export const EMPTY = '—';

/** '3 Mar 2026, 14:05' in the browser's time zone; '—' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('D MMM YYYY, HH:mm') : EMPTY;
}

/** Spec part 2 §9: ZMW; instalments always with 2 decimals so the column lines up. */
export function formatZmw(value: number): string {
  return `ZMW ${value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** 'YYYY-MM' as 'May 2026'. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
