/** Where a signed-in person lands when there is nowhere (safe) to go back to. */
export const HOME_PATH = '/app';

const BASE = 'https://same.origin.invalid';

/**
 * A clean path of this site. Browsers strip tabs and newlines from URLs and read '\' as '/', so
 * '/<TAB>/host' and '/\host' become '//host', another site; a router asked to go there throws.
 * So: one leading '/', no second '/' or '\' after it, no whitespace or control character at all,
 * and nothing that resolves to another origin.
 */
export function isSameOriginPath(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\s\\\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}
