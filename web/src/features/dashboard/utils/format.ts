const EMPTY = '—';

export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toLocaleString('en-GB') : EMPTY;
}

/** Spec part 2 §9: currency shown as ZMW with up to 2 decimals. */
export function formatZmw(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? `ZMW ${value.toLocaleString('en-GB', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`
    : EMPTY;
}

export function formatText(value: string | null | undefined): string {
  return value && value.trim() ? value : EMPTY;
}
