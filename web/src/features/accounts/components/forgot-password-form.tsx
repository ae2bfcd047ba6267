import { Alert, Button, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { forgotPasswordSchema, normaliseEmail } from '@shared/api/accounts';
import { requestPasswordReset } from '../api/cognito';
import { isCognitoServiceError } from '../utils/account-errors';
import { EmailField } from './email-field';

/**
 * Spec part 2 §2 "Forgot": one email field. Whatever Cognito answers (no such account, not
 * verified, too many requests), the same neutral confirmation shows, so nothing is revealed.
 */
export function ForgotPasswordForm() {
  const form = useForm({ initialValues: { email: '' }, validate: schemaResolver(forgotPasswordSchema, { sync: true }) });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const onSubmit = async ({ email }: { email: string }) => {
    const value = normaliseEmail(email);
    setSending(true);
    try {
      await requestPasswordReset(value);
      setSentTo(value);
    } catch (error) {
      if (isCognitoServiceError(error)) setSentTo(value);
      else setFailure(error); // nothing reached the service (offline): saying "sent" would mislead
    } finally {
      setSending(false);
    }
  };

  if (sentTo) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconMailForward size={18} />} title="Check your email" role="status">
          If an account exists for {sentTo}, we have sent it a link to set a new password. The link expires in one hour.
        </Alert>
        <Button variant="default" onClick={() => setSentTo(null)}>
          Use a different email
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmitCapture={() => setFailure(null)} onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Forgot password">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the email address you sign in with and we will send you a link to set a new password.
        </Text>
        {failure !== null && <ErrorAlert error={failure} />}
        <EmailField {...form.getInputProps('email')} data-autofocus />
        <Button type="submit" fullWidth loading={sending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
