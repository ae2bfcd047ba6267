import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH } from '@shared/api/accounts';

export interface PasswordErrors {
  password?: string;
  confirm?: string;
}

/** Spec part 2 §5 (reset, invite and set password; sign-up): at least 8 characters, both the same. */
export function checkPasswordPair(password: string, confirm: string): PasswordErrors {
  const errors: PasswordErrors = {};
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = ACCOUNT_MESSAGES.passwordTooShort;
  if (password !== confirm) errors.confirm = ACCOUNT_MESSAGES.passwordsDiffer;
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.values(errors).some(Boolean);
