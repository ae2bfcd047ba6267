import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { resendVerificationEmail } from '../api/cognito';
import { isCognitoServiceError, isRateLimited } from '../utils/account-errors';

type State = { status: 'idle' | 'sending' | 'sent' } | { status: 'failed'; message: string };

/** Sends a new verification link (Cognito's ResendConfirmationCode). */
export function ResendVerification({ email, label = 'Resend verification email' }: { email: string; label?: string }) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const send = async () => {
    setState({ status: 'sending' });
    try {
      await resendVerificationEmail(email);
      setState({ status: 'sent' });
    } catch (error) {
      if (isRateLimited(error)) setState({ status: 'failed', message: 'Too many attempts. Please wait a few minutes and try again.' });
      // 'Already confirmed' and the like: say nothing more about the account than success would.
      else if (isCognitoServiceError(error)) setState({ status: 'sent' });
      else setState({ status: 'failed', message: errorMessage(error) });
    }
  };
  return (
    <Stack gap="xs">
      {state.status === 'sent' && (
        <Alert color="teal" variant="light" role="status">
          A new verification link is on its way to {email}. Open it to verify your email, then sign in.
        </Alert>
      )}
      {state.status === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {state.message}
        </Alert>
      )}
      <Button variant="default" onClick={send} loading={state.status === 'sending'}>
        {label}
      </Button>
    </Stack>
  );
}
