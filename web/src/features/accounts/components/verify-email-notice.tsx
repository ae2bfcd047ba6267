import { Alert, Loader, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { confirmEmail } from '../api/cognito';
import { cognitoErrorName } from '../utils/account-errors';
import { ResendVerification } from './resend-verification';

type State = { status: 'verifying' } | { status: 'verified' } | { status: 'invalid' } | { status: 'failed'; message: string };

/** Cognito's answer to confirming an account that already is (the link was opened twice). */
const isAlreadyConfirmed = (error: unknown) => cognitoErrorName(error) === 'NotAuthorizedException' && /CONFIRMED/.test(errorMessage(error));
const isBadLink = (error: unknown) => ['CodeMismatchException', 'ExpiredCodeException', 'UserNotFoundException'].includes(cognitoErrorName(error) ?? '');

/**
 * The verification link of the sign-up email (/signin?verify=1&email=&code=): confirms the
 * account, then asks the person to sign in with the form below.
 */
export function VerifyEmailNotice({ email, code }: { email: string; code: string }) {
  const [state, setState] = useState<State>(() => (email && code ? { status: 'verifying' } : { status: 'invalid' }));
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !email || !code) return;
    started.current = true;
    confirmEmail(email, code).then(
      () => setState({ status: 'verified' }),
      (error: unknown) => {
        if (isAlreadyConfirmed(error)) setState({ status: 'verified' });
        else if (isBadLink(error)) setState({ status: 'invalid' });
        else setState({ status: 'failed', message: errorMessage(error) });
      },
    );
  }, [email, code]);

  switch (state.status) {
    case 'verifying':
      return (
        <Group gap="sm" role="status" aria-live="polite" mb="md">
          <Loader size="sm" />
          <Text size="sm">Verifying your email…</Text>
        </Group>
      );
    case 'verified':
      return (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status" mb="md">
          Your email is verified. Please sign in.
        </Alert>
      );
    case 'invalid':
      return (
        <Stack gap="xs" mb="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Verification link invalid or expired" role="alert">
            This link has expired or was replaced by a newer one. Ask for a new link below.
          </Alert>
          {email && <ResendVerification email={email} label="Send a new verification link" />}
        </Stack>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" mb="md">
          {state.message}
        </Alert>
      );
  }
}
