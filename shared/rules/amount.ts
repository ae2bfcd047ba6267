const CURRENCY = String.raw`(?:ZMW|ZMK|USD|K|\$|€|£)`;
/** After spaces and commas go: optional accounting parentheses, a sign and a currency on either side of the number. */
const AMOUNT = new RegExp(String.raw`^(\()?([+-])?${CURRENCY}?([+-])?(\d+(?:\.\d*)?|\.\d+)${CURRENCY}?(\))?$`, 'i');

/**
 * An amount cell as a number, or null when it holds none (blank, text, '(blank)').
 * Commas, spaces and a currency label (ZMW, ZMK, USD, K, $, €, £) before or after the number are ignored;
 * accounting parentheses mean a negative amount: '(1,234.50)' is -1234.5.
 */
export function parseAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : null;
  if (typeof value !== 'string') return null;
  const match = AMOUNT.exec(value.replace(/[\s,]/g, ''));
  if (!match) return null;
  const [, open, signBefore, signAfter, digits, close] = match;
  const sign = signBefore ?? signAfter;
  if (Boolean(open) !== Boolean(close) || (signBefore && signAfter) || (open && sign)) return null;
  const negative = Boolean(open) || sign === '-';
  const amount = Number(digits);
  return negative && amount !== 0 ? -amount : amount;
}

/** An amount in ZMW as texts, messages and statements write it: grouped thousands, two decimals ("1,234.50"). */
export const formatAmount = (zmw: number): string => zmw.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
