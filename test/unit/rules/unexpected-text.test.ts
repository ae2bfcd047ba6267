import { describe, expect, it } from 'vitest';
import { gsmLength, gsmName, SMS_PART_CHARS, unexpectedDeductionText } from '#shared/rules/unexpected-text.js';

const LINK = 'https://payroll-deductions.gov.zm/employee/deductions';

describe('the text of a deduction nobody approved', () => {
  it('says the amount, the month, the lender and the link', () => {
    expect(unexpectedDeductionText(300, '2026-11', 'Lender X', LINK)).toBe(
      `ZMW 300.00 was taken from your November pay for Lender X without an approved deduction. Report it: ${LINK}`,
    );
  });

  it.each([
    ['a short name', 'Lender X', 300],
    ['a long name', 'Zambia National Commercial Bank Microfinance and Salary Advances Limited', 300],
    ['a very long name', 'A'.repeat(400), 1_234_567.89],
    ['a name with accents and signs outside the GSM alphabet', 'Banque Populaire de Lusaka — Crédit «Salarié» ✓ Ltd', 75],
    ['the longest month name', 'Chartered Savings and Credit Cooperative of the Civil Service', 99_999.99],
  ])('fits one GSM 7-bit SMS part with %s', (_, lender, amount) => {
    const text = unexpectedDeductionText(amount, '2026-09', lender, LINK);
    expect(gsmLength(text)).not.toBeNull();
    expect(gsmLength(text)!).toBeLessThanOrEqual(SMS_PART_CHARS);
    expect(text.endsWith(`Report it: ${LINK}`)).toBe(true);
    expect(text).toContain(`ZMW ${amount.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
  });

  it('cuts a name too long for the part and says so with "..."', () => {
    const text = unexpectedDeductionText(300, '2026-09', 'Zambia National Commercial Bank Microfinance and Salary Advances Limited', LINK);
    expect(text).toMatch(/for Zambia Nat[a-z]*\.\.\. without an approved deduction/);
    expect(text.length).toBeLessThanOrEqual(SMS_PART_CHARS);
    expect(text.length).toBeGreaterThan(SMS_PART_CHARS - 2);
  });

  it.each([
    ['Crédit Salarié', 'Credit Salarie'],
    ['Lender  «X»', 'Lender X'],
    ['✓✓', ''],
  ])('writes %j in the GSM alphabet as %j', (name, expected) => {
    expect(gsmName(name)).toBe(expected);
  });

  it.each([
    ['plain', 5],
    ['{x}', 5],
    ['✓', null],
  ])('counts %j as %s septets', (text, length) => {
    expect(gsmLength(text)).toBe(length);
  });
});
