import { z } from 'zod';
import { ACCOUNT_MESSAGES, ONBOARDING_DOCS, type OnboardingDoc } from '@shared/api/accounts';
import { isValidPayeeKey } from '@shared/rules/payee-key';
import type { SignUpValues } from '../api/submit-sign-up';
import { checkPasswordPair } from './password-rules';

export interface SignUpErrors {
  email?: string;
  password?: string;
  confirm?: string;
  payeeKey?: string;
  orgName?: string;
  /** 'Attach TPIN, PACRA and Application Letter.' / 'Attach Introductory Letter and NRC.' */
  documents?: string;
}

const isEmail = (value: string) => z.email().safeParse(value).success;

/** Email checks of spec part 2 §5, as the field is left or the form sent. */
export function emailProblem(email: string): string | undefined {
  if (!email) return ACCOUNT_MESSAGES.emailRequired;
  if (!isEmail(email)) return ACCOUNT_MESSAGES.invalidEmail;
  return undefined;
}

/** Every rule of spec part 2 §5 "Signup" that the browser can check before anything is sent. */
export function validateSignUp(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = { email: emailProblem(values.email) };
  if (!values.password) errors.password = 'Password is required.';
  else Object.assign(errors, checkPasswordPair(values.password, values.confirm ?? ''));
  if (values.password && !values.confirm) errors.confirm = 'Confirm your password.';
  if (values.clientType === 'fi') {
    if (!values.payeeKey.trim()) errors.payeeKey = ACCOUNT_MESSAGES.payeeKeyRequired;
    else if (!isValidPayeeKey(values.payeeKey)) errors.payeeKey = ACCOUNT_MESSAGES.payeeKeyInvalid;
  } else if (!values.orgName.trim()) {
    errors.orgName = ACCOUNT_MESSAGES.orgNameRequired;
  }
  const docs: readonly OnboardingDoc[] = ONBOARDING_DOCS[values.clientType];
  if (docs.some((doc) => !values.files[doc])) {
    errors.documents = values.clientType === 'fi' ? ACCOUNT_MESSAGES.fiDocsMissing : ACCOUNT_MESSAGES.pmecDocsMissing;
  }
  return errors;
}
