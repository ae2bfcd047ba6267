import { Alert, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { SignUpOutcome } from '../api/submit-sign-up';
import { ResendVerification } from './resend-verification';

/** After Request Access: verify the email from the link sent, then sign in and wait for approval. */
export function SignUpDone({ outcome }: { outcome: SignUpOutcome }) {
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" color="teal" aria-hidden>
          <IconMailCheck size={22} />
        </ThemeIcon>
        <Text>
          {outcome.requestId === null
            ? 'This email already has an account that was never verified, so we sent a new verification link to '
            : 'We sent a verification link to '}
          <strong>{outcome.email}</strong>. Open it to verify your email address, then sign in.
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {outcome.requestId === null
          ? 'After signing in you will see whether your access request reached us, and can send it there with your documents if it did not.'
          : 'Your access request is pending. An administrator reviews it with your documents; until then, signing in shows that it is waiting for approval.'}
      </Text>
      {outcome.adminActionRequired && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Admin action required" role="status">
          Your request was received, but your documents could not be uploaded. An administrator will contact you to collect them.
        </Alert>
      )}
      <Button component={Link} to={`/signin?email=${encodeURIComponent(outcome.email)}`}>
        Go to sign in
      </Button>
      <ResendVerification email={outcome.email} />
    </Stack>
  );
}
