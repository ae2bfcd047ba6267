import { Alert, Anchor, Button, Card, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useLogout, useSession } from '@/lib/auth';
import { useMe } from '../api/get-me';
import { InvitationsCard } from './invitations-card';

/** Spec part 2 §2 "Pending" and §4 "Pending screen". */
export function PendingApproval({ email }: { email: string }) {
  const { refresh } = useSession();
  const me = useMe();
  const navigate = useNavigate();
  const { logout, loggingOut } = useLogout();
  const [checking, setChecking] = useState(false);
  const [stillPending, setStillPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const refreshStatus = async () => {
    setChecking(true);
    setStillPending(false);
    setError(null);
    try {
      // New tokens first (the session stays fresh); the roles themselves come from the directory.
      await refresh({ force: true });
      const result = await me.refetch();
      if (result.error) throw result.error;
      if (result.data?.approved) navigate('/app', { replace: true });
      else setStillPending(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setChecking(false);
    }
  };

  const signOut = async () => {
    try {
      await logout();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Center py="xl">
      <Stack gap="lg" maw={520} w="100%">
      {me.data && <InvitationsCard me={me.data} />}
      <Card withBorder shadow="sm" padding="xl" radius="md" w="100%">
        <Stack gap="md">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconHourglassHigh size={26} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Waiting for approval
          </Title>
          <Text>
            Signed in as <strong>{email}</strong>
          </Text>
          <Text c="dimmed" size="sm">
            An administrator reviews every access request. You can use the platform as soon as yours is approved.
          </Text>
          {stillPending && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="status">
              Still pending review
            </Alert>
          )}
          {error !== null && <ErrorAlert error={error} />}
          <Group gap="sm">
            <Button onClick={refreshStatus} loading={checking}>
              Refresh status
            </Button>
            <Button variant="default" onClick={signOut} loading={loggingOut}>
              Sign out
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            Not requested access yet?{' '}
            <Anchor component={Link} to="/signup" fw={600}>
              Request Access
            </Anchor>
          </Text>
        </Stack>
      </Card>
      </Stack>
    </Center>
  );
}
