/**
 * Characters that change how a name reads without being seen: the bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069), the direction marks (U+200E, U+200F,
 * U+061C), and control characters (C0, DEL, C1). `invoice\u202Efdp.exe` shows as `invoiceexe.pdf`.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const DISGUISING = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

/**
 * A file name as people see it (screens, lists, emails): what was typed, minus the characters that
 * would disguise it, trimmed; never empty. Unlike a storage slug it keeps spaces, accents and every script.
 */
export function displayFileName(name: string): string {
  return name.replace(DISGUISING, '').trim() || 'file';
}

/**
 * Free text one person wrote for others to read (a dispute's reason, answer and note; a register's names):
 * the same disguising characters removed as from file names, line breaks kept (a CR LF or CR read as one).
 */
export function displayText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(DISGUISING, ''))
    .join('\n')
    .trim();
}

/**
 * An organisation as lists name it: its name, then its payee key once. An organisation named after
 * its key (or with no name) shows the key alone, never "BKA01 BKA01".
 */
export function organisationLabel(name: string | null | undefined, payeeKey: string | null | undefined): string {
  const n = name?.trim() ?? '';
  const k = payeeKey?.trim() ?? '';
  if (!n || n.toUpperCase() === k.toUpperCase()) return k || n || '—';
  return k ? `${n} · ${k}` : n;
}
