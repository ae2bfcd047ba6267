import { ROLE_LABELS, type Role } from '@shared/roles';
import { EMPTY } from '@/lib/format';

export { formatDateTime } from '@/lib/format';

export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toLocaleString('en-GB') : EMPTY;
}

export function roleLabel(role: string): string {
  return ROLE_LABELS[role as Role] ?? role;
}

export const CLIENT_LABELS: Record<string, string> = { fi: 'FI', pmec: 'PMEC' };

/** Spec part 2 §9: currency shown as ZMW with 2 decimals. */
export function formatZmw(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? `ZMW ${value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : EMPTY;
}

/** A calendar day 'YYYY-MM-DD' as '1 Jun 2026'; 'YYYY-MM' as 'Jun 2026'. */
export function formatPeriod(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value) : null;
  if (!m) return value || EMPTY;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3] ?? 1)));
  return date.toLocaleDateString('en-GB', { ...(m[3] ? { day: 'numeric' } : {}), month: 'short', year: 'numeric', timeZone: 'UTC' });
}
