export { formatMonth, formatZmw } from '@/lib/format';

const EMPTY = '—';

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

export const KIND_LABELS = { input: 'Input', stoppage: 'Stoppage' } as const;
