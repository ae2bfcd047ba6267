import { EMPTY } from '@/lib/format';

const PERCENT = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** A collection rate given in percent, as the reconciliation screens write it: '87.5%'; '—' when there is none. */
export const formatRate = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? `${PERCENT.format(value)}%` : EMPTY;
