/** FNV-1a, 32 bits: a fast, even spread of short keys (NRC digits, borrower keys) over a number of buckets. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
