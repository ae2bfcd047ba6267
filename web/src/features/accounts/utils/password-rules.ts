import { passwordPairSchema } from '@shared/api/accounts';

export interface PasswordErrors {
  password?: string;
  confirm?: string;
}

/** Spec part 2 §5 (reset, invite and set password; sign-up): at least 8 characters, both the same. */
export function checkPasswordPair(password: string, confirm: string): PasswordErrors {
  const parsed = passwordPairSchema.safeParse({ password, confirm });
  const errors: PasswordErrors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) errors[issue.path[0] as keyof PasswordErrors] ??= issue.message;
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.values(errors).some(Boolean);
