import dayjs from 'dayjs';
import { EMPTY } from '@/lib/format';

export { formatDateTime } from '@/lib/format';

/** '3 Mar 2026' and '14:05' of an instant, in the browser's time zone. */
export const formatDate = (value: string) => (dayjs(value).isValid() ? dayjs(value).format('D MMM YYYY') : EMPTY);
export const formatTime = (value: string) => (dayjs(value).isValid() ? dayjs(value).format('HH:mm') : '');

/** 'YYYY-MM' as 'Mar 2026'. */
export function formatMonth(value: string | null | undefined): string {
  const parsed = value && /^\d{4}-\d{2}$/.test(value) ? dayjs(`${value}-01`) : null;
  return parsed?.isValid() ? parsed.format('MMM YYYY') : value || EMPTY;
}

export const KIND_LABELS: Record<string, string> = { inputs: 'Inputs', stoppages: 'Stoppages' };
