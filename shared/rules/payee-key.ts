import { cellText } from './cells.js';

export type OrgType = 'FI' | 'PMEC';

/** Trimmed, upper-cased, only letters, digits, dot, underscore and hyphen kept: the form rows and the typed code are compared in. */
export function normalisePayeeKey(raw: unknown): string {
  return cellText(raw).toUpperCase().replace(/[^A-Z0-9._-]/g, '');
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
