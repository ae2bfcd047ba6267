import { cellText } from './cells.js';

export type OrgType = 'FI' | 'PMEC';

/** Trimmed, upper-cased, only letters, digits, dot, underscore and hyphen kept: the form rows and the typed code are compared in. */
export function normalisePayeeKey(raw: unknown): string {
  if (typeof raw === 'string' && isNormalKey(raw)) return raw;
  return cellText(raw)
    .toUpperCase()
    .replace(/[^A-Z0-9._-]/g, '');
}

/** Only A–Z, 0–9, '.', '_' and '-': already what normalisePayeeKey makes of it (the usual cell), so no new string. */
function isNormalKey(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const kept = (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x5f || code === 0x2d;
    if (!kept) return false;
  }
  return true;
}

/** The fraud report rule: 2–20 letters, digits, dots, underscores or hyphens (after trimming). */
export function isValidPayeeKey(value: string): boolean {
  return /^[A-Za-z0-9._-]{2,20}$/.test(value.trim());
}

/** Spec §3: C followed by digits is PMEC; all digits, or one letter and three digits, is FI; anything else PMEC. */
export function orgTypeFromPayeeKey(payeeKey: string): OrgType {
  const key = payeeKey.trim().toUpperCase();
  if (/^C\d+$/.test(key)) return 'PMEC';
  if (/^\d+$/.test(key) || /^[A-Z]\d{3}$/.test(key)) return 'FI';
  return 'PMEC';
}
