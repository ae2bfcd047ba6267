import dayjs from 'dayjs';
import { ROLE_LABELS, type Role } from '../../../../../shared/roles';

const EMPTY = '—';

/** '3 Mar 2026, 14:05' in the browser's time zone; '—' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('D MMM YYYY, HH:mm') : EMPTY;
}

export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toLocaleString('en-GB') : EMPTY;
}

export function roleLabel(role: string): string {
  return ROLE_LABELS[role as Role] ?? role;
}

export const CLIENT_LABELS: Record<string, string> = { fi: 'FI', pmec: 'PMEC' };
