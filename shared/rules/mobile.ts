import { cellText, type Cell } from './cells.js';

/**
 * Zambian mobile numbers, as the payroll register holds them and SMS is sent to them: E.164,
 * `+260` then the nine digits of the national number. The mobile ranges of Zambia's numbering plan
 * begin 75–77 and 95–98 (Zamtel, MTN, Airtel, and the newer 098 range).
 */
export const ZAMBIA_COUNTRY_CODE = '260';
const MOBILE_NATIONAL = /^(?:7[5-7]|9[5-8])\d{7}$/;

/** Separators people type inside a number: spaces, dashes, dots, slashes and brackets. */
const SEPARATORS = /[\s\-./()]/g;

/**
 * A mobile number in E.164 (`+26097…`), or null when it is not a Zambian mobile. Accepted shapes:
 * `0971234567`, `+260 97 123 4567`, `260971234567`, `00260971234567`, and the nine digits alone —
 * what a spreadsheet keeps of `0971234567` typed into a number cell, which drops the leading zero.
 */
export function normaliseMobile(value: Cell): string | null {
  const raw = cellText(value).replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(raw)) return null;
  const national = nationalPart(raw);
  return national && MOBILE_NATIONAL.test(national) ? `+${ZAMBIA_COUNTRY_CODE}${national}` : null;
}

function nationalPart(raw: string): string | null {
  if (raw.startsWith(`+${ZAMBIA_COUNTRY_CODE}`)) return raw.slice(4);
  if (raw.startsWith('+')) return null; // another country's number
  if (raw.startsWith(`00${ZAMBIA_COUNTRY_CODE}`)) return raw.slice(5);
  if (raw.startsWith(ZAMBIA_COUNTRY_CODE) && raw.length === 12) return raw.slice(3);
  if (raw.startsWith('0') && raw.length === 10) return raw.slice(1);
  return raw.length === 9 ? raw : null;
}

/** A mobile as previews and staff screens show it: the country and operator, and the last two digits. */
export function maskMobile(e164: string): string {
  const national = e164.startsWith(`+${ZAMBIA_COUNTRY_CODE}`) ? e164.slice(4) : '';
  if (national.length !== 9) return '•••';
  return `+${ZAMBIA_COUNTRY_CODE} ${national.slice(0, 2)} ••• ••${national.slice(7)}`;
}

/** A mobile as a text to the employee names it: 09•••••12 (the first digit and the last two of the national number). */
export function maskMobileShort(e164: string): string {
  const national = e164.startsWith(`+${ZAMBIA_COUNTRY_CODE}`) ? e164.slice(4) : '';
  if (national.length !== 9) return '•••';
  return `0${national.slice(0, 1)}•••••${national.slice(7)}`;
}
