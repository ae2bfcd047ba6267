import dayjs from 'dayjs';

export const EMPTY = '—';

/** '3 Mar 2026, 14:05' in the browser's time zone; '—' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('D MMM YYYY, HH:mm') : EMPTY;
}
