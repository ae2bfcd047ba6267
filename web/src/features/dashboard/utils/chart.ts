/** The smallest 1, 2 or 5 × 10^k at or above `value` (at least 1): a y-axis top a person reads at a glance. */
export function niceCeiling(value: number): number {
  if (!(value > 1)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}
