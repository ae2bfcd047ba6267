import { Alert, Anchor, Button, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ACCOUNT_MESSAGES,
  type ClientType,
  ONBOARDING_DOC_LABELS,
  type OnboardingDoc,
  deriveFullName,
  normaliseEmail,
} from '@shared/api/accounts';
import { checkEmailAvailability } from '../api/access-requests';
import { type CreatedAccount, SignUpError, type SignUpOutcome, type SignUpProgress, submitSignUp } from '../api/submit-sign-up';
import { hasErrors } from '../utils/password-rules';
import { pdfProblem } from '../utils/pdf-file';
import { type SignUpErrors, emailProblem, validateSignUp } from '../utils/sign-up-validation';
import { DocumentFields } from './document-fields';
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

/** The Request Access form (spec part 2 §2 "Sign up", §5 "Signup", §8). */
export function SignUpForm({ onDone }: { onDone: (outcome: SignUpOutcome) => void }) {
  const [clientType, setClientType] = useState<ClientType>('fi');
  const [email, setEmail] = useState('');
  const [emailTaken, setEmailTaken] = useState<string>();
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [payeeKey, setPayeeKey] = useState('');
  const [orgName, setOrgName] = useState('');
  const [files, setFiles] = useState<Partial<Record<OnboardingDoc, File>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<OnboardingDoc, string>>>({});
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [formError, setFormError] = useState<string>();
  const [progress, setProgress] = useState<SignUpProgress | null>(null);
  const created = useRef<CreatedAccount | null>(null);
  const latestEmail = useRef('');
  const busy = progress !== null;

  const derivedName = deriveFullName({ org_name: clientType === 'pmec' ? orgName : '', email: normaliseEmail(email) || 'you@example.com' });

  const clear = (field: keyof SignUpErrors) => setErrors((current) => ({ ...current, [field]: undefined }));

  const checkAvailability = async () => {
    const value = normaliseEmail(email);
    if (!value) return;
    const problem = emailProblem(value);
    if (problem) return setErrors((current) => ({ ...current, email: problem }));
    try {
      const { available } = await checkEmailAvailability(value);
      if (latestEmail.current === value) setEmailTaken(available ? undefined : ACCOUNT_MESSAGES.emailInUse);
    } catch {
      // Rate-limited or offline: sign-up itself will say if the email is taken.
    }
  };

  const chooseFile = async (doc: OnboardingDoc, file: File | null) => {
    setFiles((current) => ({ ...current, [doc]: file ?? undefined }));
    setFileErrors((current) => ({ ...current, [doc]: undefined }));
    clear('documents');
    if (!file) return;
    const problem = await pdfProblem(file, doc);
    setFileErrors((current) => ({ ...current, [doc]: problem ?? undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const values = { clientType, email: normaliseEmail(email), password, confirm, fullName: fullName.trim(), payeeKey: payeeKey.trim(), orgName: orgName.trim(), files };
    const found = validateSignUp(values);
    setErrors(found);
    if (hasErrors(found) || emailTaken || hasErrors(fileErrors)) return;
    try {
      onDone(await submitSignUp(values, created, setProgress));
    } catch (error) {
      if (error instanceof SignUpError && error.field === 'email') setEmailTaken(error.message);
      else if (error instanceof SignUpError && error.field === 'password') setErrors({ password: error.message });
      else setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  const status = progress ? progressText(progress) : null;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Request Access">
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
          clientType={clientType}
          payeeKey={payeeKey}
          orgName={orgName}
          errors={errors}
          disabled={busy}
          onClientTypeChange={(value) => {
            setClientType(value);
            setErrors((current) => ({ ...current, documents: undefined, payeeKey: undefined, orgName: undefined }));
          }}
          onPayeeKeyChange={(value) => {
            setPayeeKey(value);
            clear('payeeKey');
          }}
          onOrgNameChange={(value) => {
            setOrgName(value);
            clear('orgName');
          }}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="name@institution.co.zm"
          value={email}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setEmail(value);
            latestEmail.current = normaliseEmail(value);
            setEmailTaken(undefined);
            clear('email');
          }}
          onBlur={checkAvailability}
          error={errors.email ?? emailTaken}
          withAsterisk
          disabled={busy}
        />
        <TextInput
          label="Full name"
          description={`Optional. If left empty: “${derivedName}”.`}
          autoComplete="name"
          value={fullName}
          onChange={(event) => setFullName(event.currentTarget.value)}
          disabled={busy}
        />
        <PasswordPair
          passwordLabel="Password"
          password={password}
          confirm={confirm}
          onPasswordChange={(value) => {
            setPassword(value);
            clear('password');
          }}
          onConfirmChange={(value) => {
            setConfirm(value);
            clear('confirm');
          }}
          errors={errors}
          disabled={busy}
        />
        <DocumentFields clientType={clientType} files={files} errors={fileErrors} missingMessage={errors.documents} onChange={chooseFile} disabled={busy} />
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
