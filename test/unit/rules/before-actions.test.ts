import { describe, expect, it } from 'vitest';
import { checkBeforeSubmit, checkBeforeValidate } from '#shared/rules/before-actions.js';

describe('checkBeforeValidate', () => {
  it.each([
    ['inputs', false, 'A001', 'Please choose an Excel file first.'],
    ['stoppages', false, '', 'Please choose an Excel file first.'],
    ['inputs', true, '', 'Payee Key / Code is required for this file type.'],
    ['stoppages', true, '   ', 'Payee Key / Code is required for this file type.'],
    ['inputs', true, 'A001', null],
    ['stoppages', true, 'C123', null],
    ['onboarding', true, '', null],
  ] as const)('%s with a file: %s and payee key %j gives %j', (kind, hasFile, payeeKey, expected) => {
    expect(checkBeforeValidate({ kind, hasFile, payeeKey })).toBe(expected);
  });
});

describe('checkBeforeSubmit', () => {
  it.each([
    ['inputs', false, 'A001', '2026-03', 'Please choose a file to submit.'],
    ['stoppages', false, 'A001', '2026-03', 'Please choose a file to submit.'],
    ['onboarding', false, '', '2026-03', 'Please choose a document/image to upload.'],
    ['inputs', true, 'A001', '2026-3', 'Month must be in YYYY-MM format.'],
    ['onboarding', true, '', '', 'Month must be in YYYY-MM format.'],
    ['stoppages', true, 'A001', '2026-13', 'Month must be in YYYY-MM format.'],
    ['inputs', true, 'A001', '2026-03-01', 'Month must be in YYYY-MM format.'],
    ['inputs', true, '', '2026-03', 'Payee Key / Code is required for this file type.'],
    ['inputs', true, 'A001', '2026-03', null],
    ['stoppages', true, 'A001', '2026-12', null],
    ['onboarding', true, '', '2026-03', null],
    ['onboarding', true, 'C123', '2026-03', null],
  ] as const)('%s with a file: %s, payee key %j and month %j gives %j', (kind, hasFile, payeeKey, month, expected) => {
    expect(checkBeforeSubmit({ kind, hasFile, payeeKey, month })).toBe(expected);
  });
});
