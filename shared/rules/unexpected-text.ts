import { formatAmount } from './amount.js';
import type { Month } from './dates.js';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** One SMS part in the GSM 7-bit alphabet: longer, or with a character outside it, the text costs two parts or more. */
export const SMS_PART_CHARS = 160;

const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€';

/** The length of a text in GSM 7-bit septets (an extended character takes two), or null when it needs another alphabet (UCS-2). */
export function gsmLength(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) length += 1;
    else if (GSM_EXTENDED.includes(char)) length += 2;
    else return null;
  }
  return length;
}

/** A name as the GSM basic alphabet writes it: accents dropped (Chishimbá → Chishimba), any other character outside it dropped too. */
export function gsmName(name: string): string {
  const plain = name.normalize('NFKD').replace(/\p{M}/gu, '');
  return [...plain]
    .filter((char) => GSM_BASIC.includes(char) && char !== '\n' && char !== '\r')
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text an employee gets for a deduction the payroll took with no approved line (UNEXPECTED): the amount,
 * the month (its name only: the text goes out when that month's pay is recorded), the lender by its name and the link to report it, in one SMS part. A lender's name too long for
 * the part is cut and ends in "..."; the amount, month and link are never cut.
 */
export function unexpectedDeductionText(amount: number, month: Month, lender: string, link: string): string {
  const text = (name: string) =>
    `ZMW ${formatAmount(amount)} was taken from your ${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} pay for ${name} without an approved deduction. Report it: ${link}`;
  const name = gsmName(lender) || 'a lender';
  const room = SMS_PART_CHARS - (gsmLength(text('')) ?? SMS_PART_CHARS);
  if (name.length <= room) return text(name);
  return text(room > 3 ? `${name.slice(0, room - 3).trimEnd()}...` : name.slice(0, Math.max(room, 0)));
}
