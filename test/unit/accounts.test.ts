import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, accessRequestBodySchema, deriveFullName, docNotPdfMessage, docTooLargeMessage } from '#shared/api/accounts.js';
import { checkPasswordPair } from '../../web/src/features/accounts/utils/password-rules.js';
import { validateSignUp } from '../../web/src/features/accounts/utils/sign-up-validation.js';

const SUB = '3f1c8a2e-4b7d-4c1a-9e2f-5a6b7c8d9e0f';

describe('deriveFullName', () => {
  it.each([
    [{ full_name: '  Jane Banda ', org_name: 'MoF', email: 'j@x.zm' }, 'Jane Banda'],
    [{ full_name: '', org_name: 'Ministry of Finance', email: 'j@x.zm' }, 'Ministry of Finance Admin'],
    [{ full_name: ' ', org_name: '', email: 'mwila.zulu@bank.zm' }, 'mwila.zulu Admin'],
  ])('derives %j as %s', (input, expected) => {
    expect(deriveFullName(input)).toBe(expected);
  });
});

describe('accessRequestBodySchema', () => {
  it('lower-cases the email, upper-cases an FI payee key and drops it for PMEC', () => {
    expect(accessRequestBodySchema.parse({ email: ' A@B.ZM ', client_type: 'fi', payee_key: ' f12a ', user_sub: SUB })).toMatchObject({
      email: 'a@b.zm',
      payee_key: 'F12A',
    });
    expect(accessRequestBodySchema.parse({ email: 'a@b.zm', client_type: 'pmec', org_name: 'MoF', payee_key: 'F1', user_sub: SUB }).payee_key).toBe('');
  });

  it.each([
    [{ client_type: 'fi', payee_key: '' }, ACCOUNT_MESSAGES.payeeKeyRequired],
    [{ client_type: 'fi', payee_key: 'X' }, ACCOUNT_MESSAGES.payeeKeyInvalid],
    [{ client_type: 'pmec', org_name: '' }, ACCOUNT_MESSAGES.orgNameRequired],
    [{ client_type: 'fi', payee_key: 'F100', user_sub: 'not-a-uuid' }, ACCOUNT_MESSAGES.signUpNotProven],
    [{ client_type: 'fi', payee_key: 'F100', email: 'nope' }, ACCOUNT_MESSAGES.invalidEmail],
  ])('refuses %j', (change, message) => {
    const result = accessRequestBodySchema.safeParse({ email: 'a@b.zm', user_sub: SUB, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe('the sign-up rules of the browser (spec part 2 §5)', () => {
  const base = {
    clientType: 'fi' as const,
    email: 'a@b.zm',
    password: 'Long-enough',
    confirm: 'Long-enough',
    fullName: '',
    payeeKey: 'F100',
    orgName: '',
    files: {},
  };
  const file = new File(['%PDF-1.4'], 'x.pdf', { type: 'application/pdf' });

  it('names each missing piece with the spec words', () => {
    expect(validateSignUp({ ...base, email: '', password: '', confirm: '', payeeKey: '' })).toMatchObject({
      email: 'Email is required.',
      password: 'Password is required.',
      payeeKey: ACCOUNT_MESSAGES.payeeKeyRequired,
      documents: 'Attach TPIN, PACRA and Application Letter.',
    });
    expect(validateSignUp({ ...base, clientType: 'pmec' })).toMatchObject({
      orgName: ACCOUNT_MESSAGES.orgNameRequired,
      documents: 'Attach Introductory Letter and NRC.',
    });
  });

  it('accepts a complete FI form', () => {
    const errors = validateSignUp({ ...base, files: { tpin: file, pacra: file, application: file } });
    expect(Object.values(errors).filter(Boolean)).toEqual([]);
  });

  it('checks password length and agreement', () => {
    expect(checkPasswordPair('short', 'short')).toEqual({ password: 'Password must be at least 8 characters.' });
    expect(checkPasswordPair('Long-enough', 'Long-enougH')).toEqual({ confirm: 'Passwords do not match.' });
    expect(checkPasswordPair('12345678', '12345678')).toEqual({});
  });

  it('words file refusals per document', () => {
    expect(docNotPdfMessage('application')).toBe('Application Letter must be a PDF.');
    expect(docTooLargeMessage('intro_letter')).toBe('Introductory Letter is too large (max 10MB).');
  });
});
