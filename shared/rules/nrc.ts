import { cellText } from './cells.js';

/** 6–8 digits / 2 digits / 1 digit (spec §9): the only shape of a valid NRC. */
export const NRC_PATTERN = /^\d{6,8}\/\d{2}\/\d$/;

/** A raw digit string of 9–11 digits is accepted and split into the slashed form (spec §9). */
const DIGIT_RUN = /^\d{9,11}$/;

function slashDigits(digits: string): string {
  return `${digits.slice(0, -3)}/${digits.slice(-3, -1)}/${digits.slice(-1)}`;
}

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** How many slashes the text holds when it is only digits and slashes, else -1. */
function digitsAndSlashes(text: string): number {
  let slashes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2f) slashes++;
    else if (!isDigit(code)) return -1;
  }
  return slashes;
}

/**
 * The NRC in slashed form when it can be: a value already holding a slash is kept (spaces removed);
 * otherwise 9–11 digits become prefix/2 digits/last digit; anything else comes back spaces removed.
 */
export function normaliseNrc(raw: unknown): string {
  // Most cells are text of digits and slashes only: nothing to trim or remove, so no new string is made.
  if (typeof raw === 'string') {
    const slashes = digitsAndSlashes(raw);
    if (slashes > 0) return raw;
    if (slashes === 0) return raw.length >= 9 && raw.length <= 11 ? slashDigits(raw) : raw;
  }
  const compact = cellText(raw).replace(/\s+/g, '');
  if (compact.includes('/')) return compact;
  return DIGIT_RUN.test(compact) ? slashDigits(compact) : compact;
}

/**
 * An NRC as a lender's email names it: the last two digits of the number and the last digit, the rest
 * hidden (••••08/••/1), enough to match their own file, not enough to use.
 */
export function maskNrc(raw: unknown): string {
  const nrc = normaliseNrc(raw);
  if (!NRC_PATTERN.test(nrc)) return '••••••/••/•';
  const [number = '', , check = ''] = nrc.split('/');
  return `${'•'.repeat(number.length - 2)}${number.slice(-2)}/••/${check}`;
}

/** NRC_PATTERN.test(nrc), by character codes: the row checks ask it of every row. */
export function hasNrcShape(nrc: string): boolean {
  const prefix = nrc.length - 5;
  if (prefix < 6 || prefix > 8 || nrc.charCodeAt(prefix) !== 0x2f || nrc.charCodeAt(prefix + 3) !== 0x2f) return false;
  for (let i = 0; i < prefix; i++) if (!isDigit(nrc.charCodeAt(i))) return false;
  return isDigit(nrc.charCodeAt(prefix + 1)) && isDigit(nrc.charCodeAt(prefix + 2)) && isDigit(nrc.charCodeAt(prefix + 4));
}

/** Digits only: the registry key (nrc_key, normalized_nrc). */
export function nrcDigits(raw: unknown): string {
  return cellText(raw).replace(/\D/g, '');
}

/** True when the value, once normalised, is 6–8 digits / 2 digits / 1 digit. */
export function isValidNrc(raw: unknown): boolean {
  return NRC_PATTERN.test(normaliseNrc(raw));
}

/** What the fraud report NRC input keeps of a keystroke or paste: digits and '/'. */
export function sanitiseNrcInput(value: string): string {
  return value.replace(/[^\d/]/g, '');
}

/**
 * NRCs found in free text, in slashed form, valid only, without duplicates, in order of first appearance.
 * A candidate is a maximal run of digits and slashes (outer slashes ignored), so a 9–11 digit run inside
 * a longer digit run never counts; one linear pass, no backtracking regex.
 */
export function extractNrcs(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/[\d/]+/g)) {
    const token = trimSlashes(match[0]);
    const nrc = NRC_PATTERN.test(token) ? token : DIGIT_RUN.test(token) ? slashDigits(token) : null;
    if (nrc !== null) found.add(nrc);
  }
  return [...found];
}

function trimSlashes(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && token.charCodeAt(start) === 47) start++;
  while (end > start && token.charCodeAt(end - 1) === 47) end--;
  return token.slice(start, end);
}
