import { ACCOUNT_MESSAGES, type ClientType, ONBOARDING_DOCS, ONBOARDING_DOC_LABELS, type OnboardingDoc, deriveFullName } from '@shared/api/accounts';
import { isApiError } from '@/lib/api-client';
import { cognitoErrorName, passwordPolicyMessage, signUpErrorMessage } from '../utils/account-errors';
import { createAccessRequest, isAuthTypeUploadFailure, uploadWithPresignedPost } from './access-requests';
import { signUpAccount } from './cognito';

export interface SignUpValues {
  clientType: ClientType;
  email: string;
  password: string;
  confirm: string;
  fullName: string;
  payeeKey: string;
  orgName: string;
  files: Partial<Record<OnboardingDoc, File>>;
}

export type SignUpProgress =
  | { stage: 'account' }
  | { stage: 'request' }
  | { stage: 'upload'; doc: OnboardingDoc; index: number; total: number };

export interface SignUpOutcome {
  email: string;
  requestId: string;
  /** Spec part 2 §8: uploads were refused (auth-type), so an administrator must collect the documents. */
  adminActionRequired: boolean;
}

/** The account created by an earlier attempt of this form, so that a retry does not sign up twice. */
export interface CreatedAccount {
  email: string;
  password: string;
  sub: string;
}

/** A failed step, with the field its message belongs to (if any). */
export class SignUpError extends Error {
  constructor(
    message: string,
    readonly field?: 'email' | 'password',
  ) {
    super(message);
    this.name = 'SignUpError';
  }
}

function fieldOf(error: unknown): 'email' | 'password' | undefined {
  if (cognitoErrorName(error) === 'UsernameExistsException' || isApiError(error, 409)) return 'email';
  return passwordPolicyMessage(error) ? 'password' : undefined;
}

const fail = (error: unknown): never => {
  throw new SignUpError(signUpErrorMessage(error), fieldOf(error));
};

/**
 * Spec part 2 §4 "Signup flow": the Cognito account, then the pending access request (which
 * answers one presigned POST per document), then each document straight to S3.
 */
export async function submitSignUp(
  values: SignUpValues,
  created: { current: CreatedAccount | null },
  onProgress: (progress: SignUpProgress) => void,
): Promise<SignUpOutcome> {
  const { clientType, email, password } = values;
  const fullName = deriveFullName({ full_name: values.fullName, org_name: clientType === 'pmec' ? values.orgName : '', email });

  let account = created.current;
  if (!account || account.email !== email || account.password !== password) {
    onProgress({ stage: 'account' });
    const sub = await signUpAccount({ email, password, fullName }).catch(fail);
    account = { email, password, sub };
    created.current = account;
  }

  onProgress({ stage: 'request' });
  const request = await createAccessRequest({
    email,
    client_type: clientType,
    org_name: clientType === 'pmec' ? values.orgName : '',
    payee_key: clientType === 'fi' ? values.payeeKey : '',
    full_name: fullName,
    user_sub: account.sub,
  }).catch(fail);

  const docs = ONBOARDING_DOCS[clientType];
  for (const [index, doc] of docs.entries()) {
    const file = values.files[doc];
    const post = request.uploads[doc];
    if (!file || !post) throw new SignUpError(clientType === 'fi' ? ACCOUNT_MESSAGES.fiDocsMissing : ACCOUNT_MESSAGES.pmecDocsMissing);
    onProgress({ stage: 'upload', doc, index, total: docs.length });
    try {
      await uploadWithPresignedPost(post, file);
    } catch (error) {
      if (isAuthTypeUploadFailure(error)) return { email, requestId: request.id, adminActionRequired: true };
      throw new SignUpError(`${ONBOARDING_DOC_LABELS[doc]} could not be uploaded: ${(error as Error).message} Please try again.`);
    }
  }
  return { email, requestId: request.id, adminActionRequired: false };
}
