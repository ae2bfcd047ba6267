import { callRoute, isApiError, type RouteRequest } from '@/lib/api-client';
import { UploadError } from '@/lib/presigned-post';
import type { UploadVariables } from '@/lib/use-upload';
import {
  ACCOUNT_MESSAGES,
  type AccessRequestResponse,
  type ClientType,
  ONBOARDING_DOCS,
  ONBOARDING_DOC_LABELS,
  type OnboardingDoc,
  deriveFullName,
} from '@shared/api/accounts';
import { createAccessRequest } from '@shared/routes/accounts';
import { cognitoErrorName, passwordPolicyMessage, signUpErrorMessage } from '../utils/account-errors';
import { isUnverifiedAccount, resendVerificationEmail, signUpAccount } from './cognito';

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

export type SignUpProgress = { stage: 'account' } | { stage: 'request' } | { stage: 'upload'; doc: OnboardingDoc; index: number; total: number };

export interface SignUpOutcome {
  email: string;
  /** Null when an account made earlier was resumed: a new verification email went out, the request is filed after signing in. */
  requestId: string | null;
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

/** Spec part 2 §8: these failures skip the remaining uploads; the request goes on without them. */
const isAuthTypeUploadFailure = (error: unknown): boolean => error instanceof UploadError && [400, 401, 403].includes(error.status);

/** Why a document did not reach storage, in the sign-up form's words. */
function storageWords(error: unknown): string {
  if (!(error instanceof UploadError)) return error instanceof Error ? error.message : String(error);
  if (error.status === 0) return 'The connection to storage was lost.';
  return error.code ? `Storage refused the file (${error.code}).` : `Storage answered HTTP ${error.status}.`;
}

/** Asks for the access request's grant: the request, and one presigned POST per document (useUpload's grant). */
export const sendAccessRequest = (body: RouteRequest<typeof createAccessRequest>, signal: AbortSignal | undefined) =>
  callRoute(createAccessRequest, { body, signal });

/** The access request with its documents, sent through useUpload(sendAccessRequest). */
export type SendAccessRequest = (variables: UploadVariables<RouteRequest<typeof createAccessRequest>, AccessRequestResponse>) => Promise<AccessRequestResponse>;

/**
 * Spec part 2 §4 "Signup flow": the Cognito account, then the pending access request (which
 * answers one presigned POST per document), then each document straight to S3.
 */
export async function submitSignUp(
  values: SignUpValues,
  created: { current: CreatedAccount | null },
  onProgress: (progress: SignUpProgress) => void,
  send: SendAccessRequest,
): Promise<SignUpOutcome> {
  const { clientType, email, password } = values;
  const fullName = deriveFullName({ full_name: values.fullName, org_name: clientType === 'pmec' ? values.orgName : '', email });
  const docs = ONBOARDING_DOCS[clientType];
  if (docs.some((doc) => !values.files[doc])) throw new SignUpError(clientType === 'fi' ? ACCOUNT_MESSAGES.fiDocsMissing : ACCOUNT_MESSAGES.pmecDocsMissing);

  let account = created.current;
  if (!account || account.email !== email || account.password !== password) {
    onProgress({ stage: 'account' });
    let sub: string;
    try {
      sub = await signUpAccount({ email, password, fullName });
    } catch (error) {
      // The same person's account from an earlier sign-up, never verified: resume it with a new email.
      if (cognitoErrorName(error) === 'UsernameExistsException' && (await isUnverifiedAccount(email, password))) {
        await resendVerificationEmail(email);
        return { email, requestId: null, adminActionRequired: false };
      }
      return fail(error);
    }
    account = { email, password, sub };
    created.current = account;
  }

  let requestId: string | null = null;
  let sending: OnboardingDoc | null = null;
  let request: AccessRequestResponse;
  try {
    request = await send({
      request: {
        email,
        client_type: clientType,
        org_name: clientType === 'pmec' ? values.orgName : '',
        payee_key: clientType === 'fi' ? values.payeeKey : '',
        full_name: fullName,
        user_sub: account.sub,
      },
      // In the order of the spec's list, so the progress line counts them as the form shows them.
      files: Object.fromEntries(docs.map((doc) => [doc, values.files[doc]])),
      onGrant: (answer) => {
        requestId = answer.id;
      },
      onProgress: (progress) => {
        if (progress.stage === 'grant') return onProgress({ stage: 'request' });
        if (progress.name === sending) return;
        sending = progress.name as OnboardingDoc;
        onProgress({ stage: 'upload', doc: sending, index: progress.index, total: progress.total });
      },
    });
  } catch (error) {
    if (requestId === null || sending === null) return fail(error);
    if (isAuthTypeUploadFailure(error)) return { email, requestId, adminActionRequired: true };
    throw new SignUpError(`${ONBOARDING_DOC_LABELS[sending]} could not be uploaded: ${storageWords(error)} Please try again.`);
  }
  return { email, requestId: request.id, adminActionRequired: false };
}
