import { Alert, Anchor, Button, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useUpload } from '@/lib/use-upload';
import { ACCOUNT_MESSAGES, ONBOARDING_DOC_LABELS, type OnboardingDoc, deriveFullName, normaliseEmail } from '@shared/api/accounts';
import { checkEmailAvailability } from '../api/access-requests';
import {
  type CreatedAccount,
  SignUpError,
  type SignUpOutcome,
  type SignUpProgress,
  type SignUpValues,
  sendAccessRequest,
  submitSignUp,
} from '../api/submit-sign-up';
import { hasErrors } from '../utils/password-rules';
import { pdfProblem } from '../utils/pdf-file';
import { type SignUpErrors, emailProblem, validateSignUp } from '../utils/sign-up-validation';
import { DocumentFields } from './document-fields';
import { EmailField } from './email-field';
import { OrganisationFields } from './organisation-fields';
import { PasswordPair } from './password-pair';

function progressText(progress: SignUpProgress): { label: string; value: number } {
  switch (progress.stage) {
    case 'account':
      return { label: 'Creating your account…', value: 10 };
    case 'request':
      return { label: 'Sending your access request…', value: 25 };
    case 'upload':
      return {
        label: `Uploading ${ONBOARDING_DOC_LABELS[progress.doc]} (${progress.index + 1} of ${progress.total})…`,
        value: 25 + (75 * progress.index) / progress.total,
      };
  }
}

const INITIAL: SignUpValues = { clientType: 'fi', email: '', password: '', confirm: '', fullName: '', payeeKey: '', orgName: '', files: {} };

/** What is sent: the email normalised, the text fields trimmed. */
const cleaned = (values: SignUpValues): SignUpValues => ({
  ...values,
  email: normaliseEmail(values.email),
  fullName: values.fullName.trim(),
  payeeKey: values.payeeKey.trim(),
  orgName: values.orgName.trim(),
});

/** The rules of spec part 2 §5 as the form's errors (only the fields that have one). */
const signUpErrors = (values: SignUpValues) => Object.fromEntries(Object.entries(validateSignUp(cleaned(values))).filter(([, message]) => message));

/** The way out the "email already in use" message names besides Sign In (linked at the form's foot). */
function ForgotPasswordLink() {
  return (
    <Anchor component={Link} to="/forgot" size="sm" mt={-8} w="fit-content">
      Forgot password?
    </Anchor>
  );
}

/** The Request Access form (spec part 2 §2 "Sign up", §5 "Signup", §8). */
export function SignUpForm({ onDone }: { onDone: (outcome: SignUpOutcome) => void }) {
  const form = useForm<SignUpValues>({ initialValues: INITIAL, validate: signUpErrors });
  const values = form.getValues();
  const [emailTaken, setEmailTaken] = useState<string>();
  const [fileErrors, setFileErrors] = useState<Partial<Record<OnboardingDoc, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [progress, setProgress] = useState<SignUpProgress | null>(null);
  const created = useRef<CreatedAccount | null>(null);
  const request = useUpload(sendAccessRequest, (answer) => answer.uploads);
  const latestEmail = useRef('');
  const busy = progress !== null;
  const errors = form.errors as SignUpErrors;

  const derivedName = deriveFullName({
    org_name: values.clientType === 'pmec' ? values.orgName : '',
    email: normaliseEmail(values.email) || 'you@example.com',
  });

  const checkAvailability = async () => {
    const value = normaliseEmail(form.getValues().email);
    if (!value) return;
    const problem = emailProblem(value);
    if (problem) return form.setFieldError('email', problem);
    try {
      const { available } = await checkEmailAvailability(value);
      if (latestEmail.current === value) setEmailTaken(available ? undefined : ACCOUNT_MESSAGES.emailInUse);
    } catch {
      // Rate-limited or offline: sign-up itself will say if the email is taken.
    }
  };

  const chooseFile = async (doc: OnboardingDoc, file: File | null) => {
    form.setFieldValue('files', { ...form.getValues().files, [doc]: file ?? undefined });
    setFileErrors((current) => ({ ...current, [doc]: undefined }));
    form.clearFieldError('documents');
    if (!file) return;
    const problem = await pdfProblem(file, doc);
    setFileErrors((current) => ({ ...current, [doc]: problem ?? undefined }));
  };

  const onSubmit = async (raw: SignUpValues) => {
    if (busy || emailTaken || hasErrors(fileErrors)) return;
    try {
      onDone(await submitSignUp(cleaned(raw), created, setProgress, request.mutateAsync));
    } catch (error) {
      if (error instanceof SignUpError && error.field === 'email') setEmailTaken(error.message);
      else if (error instanceof SignUpError && error.field === 'password') form.setErrors({ password: error.message });
      else setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  const status = progress ? progressText(progress) : null;
  return (
    <form onSubmitCapture={() => setFormError(undefined)} onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Request Access">
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          Create your account and send your organisation’s documents. An administrator reviews every request before you can use the platform.
        </Text>
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        <OrganisationFields
          clientType={values.clientType}
          payeeKey={values.payeeKey}
          orgName={values.orgName}
          errors={errors}
          disabled={busy}
          onClientTypeChange={(value) => {
            form.setFieldValue('clientType', value);
            (['documents', 'payeeKey', 'orgName'] as const).forEach((field) => form.clearFieldError(field));
          }}
          onPayeeKeyChange={(value) => form.setFieldValue('payeeKey', value)}
          onOrgNameChange={(value) => form.setFieldValue('orgName', value)}
        />
        <EmailField
          autoComplete="email"
          {...form.getInputProps('email')}
          onChange={(event) => {
            const value = event.currentTarget.value;
            form.setFieldValue('email', value);
            latestEmail.current = normaliseEmail(value);
            setEmailTaken(undefined);
          }}
          onBlur={checkAvailability}
          error={errors.email ?? emailTaken}
          disabled={busy}
        />
        {emailTaken && !errors.email && <ForgotPasswordLink />}
        <TextInput
          label="Full name"
          description={`Optional. If left empty: “${derivedName}”.`}
          autoComplete="name"
          {...form.getInputProps('fullName')}
          disabled={busy}
        />
        <PasswordPair passwordLabel="Password" field={(name) => form.getInputProps(name)} disabled={busy} />
        <DocumentFields
          clientType={values.clientType}
          files={values.files}
          errors={fileErrors}
          missingMessage={errors.documents}
          onChange={chooseFile}
          disabled={busy}
        />
        {status && (
          <Stack gap={4} role="status" aria-live="polite">
            <Text size="sm">{status.label}</Text>
            <Progress value={status.value} animated aria-label="Request Access progress" />
          </Stack>
        )}
        <Button type="submit" size="md" fullWidth loading={busy}>
          Request Access
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to="/signin" fw={600}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
